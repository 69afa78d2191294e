import { describe, expect, it } from 'vitest';
import { judgeToken } from '../../src/main/jwt/check-token';
import { decodeJwt } from '../../src/shared/jwt/decode-jwt';
import { visibleJson } from '../../src/shared/jwt/visible-json';
import { findNotificationTokens } from '../../src/shared/webhook/find-notification-tokens';
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
    expect(printed).toContain(`warning: ${decoded.textWarnings[0] ?? ''}`);
  });

  it('the listener, which asks for no warnings, does not pay for the scan', () => {
    expect(decodeJwt(token, { nameWarnings: false }).textWarnings).toEqual([]);
  });
});

// A reason quoted what the sender wrote raw: 'The header has "<U+200B>" at character 11' showed an
// empty pair of quotes in the window (the CLI escaped it on its own). Every reason and warning
// about a token quotes a sender's text one way, hidden characters as \u escapes.
describe('reasons that quote what a sender wrote', () => {
  const segment = part('{"alg":"HS256"}');
  const judge = (text: string) =>
    judgeToken(text, {
      key: null,
      keyLabel: 'the secret pasted for this check',
      clockToleranceSeconds: 60,
      atMs: Date.now(),
      moment: 'now',
    });

  it('write a hidden character as its \\u escape', async () => {
    expect(decodeJwt(`${segment.slice(0, 10)}\u200b${segment.slice(10)}.e30.c2ln`).problem).toBe(
      'The header has "\\u200b" at character 11, which base64url does not use.',
    );
    expect((await judge(`${part('{"alg":"RS256\u202e"}')}.e30.c2ln`)).reason).toBe(
      'The token uses alg "RS256\\u202e"; only HS256 is allowed.',
    );
    expect(
      decodeJwt(`${segment}.${part('{"exp":"soon\u2060","iss":["a\u200b"]}')}.c2ln`).claimProblems,
    ).toEqual([
      'The "exp" claim must be a number of seconds since 1970, not "soon\\u2060".',
      'The "iss" claim must be a string, not ["a\\u200b"].',
    ]);
    expect(decodeJwt(`${segment}.${part('{"a\u200b":1,"a\u200b":2}')}.c2ln`).nameWarnings).toEqual([
      'The claims part gives "a\\u200b" 2 times; the last one counts.',
    ]);
    expect(findNotificationTokens(null, [['Authorization', 'Basic\u200b abc']]).header.problem).toBe(
      'The Authorization header is not a Bearer token (scheme "Basic\\u200b").',
    );
  });
});
