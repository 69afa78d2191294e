import { describe, expect, it } from 'vitest';
import { formatDecoded } from '../../src/main/cli/commands/jwt';
import { decodedJwtSchema, decodeJwt, decodedFromParts } from '../../src/shared/jwt/decode-jwt';
import { shownTokenPart } from '../../src/shared/jwt/visible-json';

// The inspector and `jwt decode` showed a token's header and claims written again from the values
// read from them: `"exp": 1e999` read as infinity and was shown as `"exp": null`, and a header
// `{"__proto__":{"alg":"HS256"}}` was shown as `{}` (a copy drops that name). They show the JSON
// text the token carries, laid out, its numbers and names as written.

const part = (text: string) => Buffer.from(text).toString('base64url');
const token = (header: string, claims: string) => `${part(header)}.${part(claims)}.c2ln`;

describe('a token’s header and claims are shown as the token writes them', () => {
  it('a number JSON cannot write back, and a __proto__ name', () => {
    const decoded = decodeJwt(
      token('{"__proto__":{"alg":"none"},"alg":"HS256"}', '{"exp":1e999,"iat":1700000000}'),
    );
    expect(decoded.ok).toBe(true);
    expect(shownTokenPart(decoded, 'claims', 2)).toBe('{\n  "exp": 1e999,\n  "iat": 1700000000\n}');
    expect(shownTokenPart(decoded, 'header', 0)).toBe('{"__proto__":{"alg":"none"},"alg":"HS256"}');
    const printed = formatDecoded(decoded, Date.now());
    expect(printed).toContain('header  {"__proto__":{"alg":"none"},"alg":"HS256"}');
    expect(printed).toContain('"exp": 1e999');
    expect(printed).not.toContain('null');
    // As the window gets it over the bridge.
    const bridged = decodedJwtSchema.parse(JSON.parse(JSON.stringify(decoded)));
    expect(shownTokenPart(bridged, 'claims', 2)).toContain('"exp": 1e999');
  });

  it('hidden characters are escaped, and a plain token reads as before', () => {
    const decoded = decodeJwt(token('{"alg":"HS256","typ":"JWT"}', '{"sub":"a\u202eb","n":[1,2],"o":{}}'));
    expect(shownTokenPart(decoded, 'claims', 2)).toBe(
      '{\n  "sub": "a\\u202eb",\n  "n": [\n    1,\n    2\n  ],\n  "o": {}\n}',
    );
    expect(shownTokenPart(decoded, 'header', 0)).toBe('{"alg":"HS256","typ":"JWT"}');
  });

  it('a stored record’s token, known by its values only, is written from them', () => {
    const decoded = decodedFromParts({ alg: 'HS256' }, { iat: 1 });
    expect(shownTokenPart(decoded, 'claims', 2)).toBe('{\n  "iat": 1\n}');
  });
});
