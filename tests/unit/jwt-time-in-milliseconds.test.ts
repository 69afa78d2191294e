import { describe, expect, it } from 'vitest';
import { decodeJwt } from '../../src/shared/jwt/decode-jwt';
import { formatDecoded } from '../../src/main/cli/commands/jwt';

// An issuer that writes Date.now() where a JWT's times are seconds makes exp a date in the year
// 58880: the token never expires and verified as valid, "it expires in 20765216 days", with
// nothing to say why. The verdict stays the listener's (RFC 7519 allows any number); the
// decoded token now says what the number most likely is.
const part = (text: string) => Buffer.from(text).toString('base64url');
const EXP_MS = Date.UTC(2026, 10, 29, 0, 30, 0);

describe('a time claim written in milliseconds', () => {
  it('is said, with the date it would be in milliseconds, in the window and by jwt decode', () => {
    const decoded = decodeJwt(
      `${part('{"alg":"HS256"}')}.${part(JSON.stringify({ exp: EXP_MS, iat: 1795911000 }))}.c2ln`,
    );
    expect(decoded.times.exp?.seconds).toBe(EXP_MS);
    expect(decoded.timeWarnings).toEqual([
      `The "exp" claim ${EXP_MS} is in the year 58880: it looks like milliseconds, where a JWT's times are seconds since 1970 (as milliseconds it is 2026-11-29T00:30:00.000Z).`,
    ]);
    expect(formatDecoded(decoded, EXP_MS)).toContain(`warning: ${decoded.timeWarnings[0] ?? ''}`);
  });

  it('a time in seconds, even far ahead, says nothing', () => {
    const decoded = decodeJwt(`${part('{"alg":"HS256"}')}.${part('{"exp":32503680000,"nbf":-5}')}.c2ln`);
    expect(decoded.timeWarnings).toEqual([]);
  });
});
