import { describe, expect, it } from 'vitest';
import { formatDecoded } from '../../src/main/cli/commands/jwt';
import { judgeToken } from '../../src/main/jwt/check-token';
import { createHmacKeyCache } from '../../src/main/jwt/hmac-key-cache';
import { decodeJwt } from '../../src/shared/jwt/decode-jwt';
import { NO_TIME_CLAIMS, timeClaimLines } from '../../src/shared/jwt/time-claim-lines';

// A token whose exp was "never" (or 1e999, or an nbf of null) was judged malformed ("The "exp"
// claim must be a number…"), while the inspector's timing line under that verdict said "No iat,
// nbf or exp claim. The spec requires none, so the listener accepts a token without them": the
// line read the claim as absent. It now says what is there, in the window and by jwt decode.
const part = (text: string) => Buffer.from(text).toString('base64url');
const tokenWith = (claims: string) => `${part('{"alg":"HS256","typ":"JWT"}')}.${part(claims)}.c2ln`;
const NOW = Date.UTC(2026, 2, 1, 10, 0, 0);

const CASES = [
  ['{"exp":"never"}', 'exp', 'present but not a number: "never"'],
  ['{"exp":1e999}', 'exp', 'present but not a representable date: 1e999'],
  ['{"nbf":null}', 'nbf', 'present but not a number: null'],
  ['{"iat":"yesterday"}', 'iat', 'present but not a number: "yesterday"'],
  ['{"exp":1e300}', 'exp', 'present but not a representable date: 1e300'],
  // Quoted as the token writes it, never as JavaScript writes the number it read.
  ['{"exp":99999999999999999999}', 'exp', 'present but not a representable date: 99999999999999999999'],
  ['{"exp":1000000000000000000000}', 'exp', 'present but not a representable date: 1000000000000000000000'],
  ['{"nbf":1E+300,"nbf":2e300}', 'nbf', 'present but not a representable date: 2e300'],
] as const;

// The reason quoted the number JavaScript read, not the claim: 99999999999999999999 as
// 100000000000000000000, 1000000000000000000000 as 1e+21, and 1e999 not at all.
describe('a time claim that is no date is quoted as the token writes it', () => {
  it.each([
    ['{"exp":99999999999999999999}', 'The "exp" claim 99999999999999999999 is not a representable date.'],
    ['{"exp":1000000000000000000000}', 'The "exp" claim 1000000000000000000000 is not a representable date.'],
    ['{"iat": 1e999 }', 'The "iat" claim 1e999 is not a representable date.'],
  ])('%s', (claims, reason) => {
    expect(decodeJwt(tokenWith(claims)).claimProblems).toEqual([reason]);
  });
});

describe('a time claim present with a value that is no date', () => {
  it.each(CASES)(
    '%s: malformed, and its line says what it holds, never that it is absent',
    async (claims, name, said) => {
      const token = tokenWith(claims);
      const judged = await judgeToken(token, {
        key: await createHmacKeyCache().get('whsec_wrong_type_0123456789'),
        keyLabel: 'a test secret',
        clockToleranceSeconds: 60,
        atMs: NOW,
        moment: 'now',
      });
      expect(judged.verdict).toBe('malformed');
      const decoded = decodeJwt(token);
      expect(timeClaimLines(decoded, NOW)).toEqual([{ name, time: null, fault: said }]);
      const printed = formatDecoded(decoded, NOW);
      expect(printed).toContain(`${name.padEnd(7)} ${said}\n`);
      expect(printed).not.toContain(NO_TIME_CLAIMS);
    },
  );

  it('a token with none of the three says so, in the window and by jwt decode', () => {
    const decoded = decodeJwt(tokenWith('{"iss":"checkout"}'));
    expect(timeClaimLines(decoded, NOW)).toEqual([]);
    expect(formatDecoded(decoded, NOW)).toContain(`times   ${NO_TIME_CLAIMS}\n`);
  });

  it('a date beside a claim of the wrong type is still shown as a date', () => {
    const decoded = decodeJwt(tokenWith(JSON.stringify({ iat: NOW / 1000 - 60, exp: 'never' })));
    expect(timeClaimLines(decoded, NOW)).toEqual([
      {
        name: 'iat',
        time: { seconds: NOW / 1000 - 60, iso: '2026-03-01T09:59:00.000Z' },
        relative: 'issued 60 seconds ago',
      },
      { name: 'exp', time: null, fault: 'present but not a number: "never"' },
    ]);
  });
});
