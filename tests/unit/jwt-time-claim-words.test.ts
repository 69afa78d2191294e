import { describe, expect, it } from 'vitest';
import { formatDecoded } from '../../src/main/cli/commands/jwt';
import { judgeToken } from '../../src/main/jwt/check-token';
import { createHmacKeyCache } from '../../src/main/jwt/hmac-key-cache';
import { decodeJwt } from '../../src/shared/jwt/decode-jwt';
import { timeClaimLines } from '../../src/shared/jwt/time-claim-lines';
import { signWith } from '../fixtures/hostile-webhooks';

const SECRET = 'time-claim-words-secret';
const AT_MS = Date.UTC(2026, 10, 30, 5, 12, 26);

// The same nbf read "not valid until in 19 minutes" in the inspector's table and `jwt decode`,
// "Not valid until 19 minutes from now" in the verdict's reason.
describe('a time claim, worded once', () => {
  it('reads the same in the table, in jwt decode and in the verdict’s reason, at the same date', async () => {
    const nbf = AT_MS / 1000 + 19 * 60;
    const token = await signWith(SECRET, { nbf, exp: nbf + 900 });
    const decoded = decodeJwt(token);
    const line = timeClaimLines(decoded, AT_MS).find((one) => one.name === 'nbf');
    expect(line).toMatchObject({ relative: 'not valid until 19 minutes from now' });
    const iso = line?.time?.iso ?? '';
    expect(iso).toBe('2026-11-30T05:31:26.000Z');

    expect(formatDecoded(decoded, AT_MS)).toContain(`nbf     ${iso} (not valid until 19 minutes from now)`);
    const judged = await judgeToken(token, {
      key: await createHmacKeyCache().get(SECRET),
      keyLabel: 'the secret pasted for this check',
      clockToleranceSeconds: 60,
      atMs: AT_MS,
      moment: 'now',
    });
    expect(judged.reason).toBe(`Not valid until 19 minutes from now (nbf ${iso}; clock tolerance 60 s).`);
    // Past, the same words as before.
    const since = timeClaimLines(decoded, (nbf + 180) * 1000).find((one) => one.name === 'nbf');
    expect(since).toMatchObject({ relative: 'valid since 3 minutes ago' });
  });
});
