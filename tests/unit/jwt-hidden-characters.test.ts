import { describe, expect, it } from 'vitest';
import { decodeJwt } from '../../src/shared/jwt/decode-jwt';
import { visibleJson } from '../../src/shared/jwt/visible-json';
import { formatDecoded } from '../../src/main/cli/commands/jwt';

// A claim can hold characters that show as nothing (U+200B) or turn what follows around
// (U+202E): "order_id":"abc\u200b" looked like "abc" in the inspector and in `jwt decode`, and a
// right-to-left override made the window show a value other than the one sent.
const part = (text: string) => Buffer.from(text).toString('base64url');
const token = `${part('{"alg":"HS256"}')}.${part('{"order_id":"abc\u200b","sub":"a\u202eevil","name":"محمد"}')}.c2ln`;

describe('characters that hide or reorder a claim', () => {
  it('are written as \\u escapes, the same JSON, and other text as it is', () => {
    const shown = visibleJson(JSON.stringify({ order_id: 'abc\u200b', sub: 'a\u202eevil', name: 'محمد' }));
    expect(shown).toBe('{"order_id":"abc\\u200b","sub":"a\\u202eevil","name":"محمد"}');
    expect(JSON.parse(shown)).toEqual({ order_id: 'abc\u200b', sub: 'a\u202eevil', name: 'محمد' });
  });

  it('are said beside the claims, by decode (window) and jwt decode alike', () => {
    const decoded = decodeJwt(token);
    expect(decoded.textWarnings).toEqual([
      'The claims part holds characters that are invisible or reorder text (U+200B, U+202E); they are shown as \\u escapes.',
    ]);
    const printed = formatDecoded(decoded, Date.now());
    expect(printed).toContain('"order_id": "abc\\u200b"');
    expect(printed).toContain('"sub": "a\\u202eevil"');
    expect(printed).toContain(`warning ${decoded.textWarnings[0] ?? ''}`);
  });

  it('the listener, which asks for no warnings, does not pay for the scan', () => {
    expect(decodeJwt(token, { nameWarnings: false }).textWarnings).toEqual([]);
  });
});
