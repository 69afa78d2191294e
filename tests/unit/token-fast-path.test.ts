import { SignJWT, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { judgeToken, type TokenCheckOptions } from '../../src/main/jwt/check-token';
import { createHmacKeyCache } from '../../src/main/jwt/hmac-key-cache';
import { signWith } from '../fixtures/hostile-webhooks';

// Issue 20: the listener accepts the common valid token with node:crypto instead of jose's
// WebCrypto round trip. Whatever path a token takes, the verdict must be the one jose alone
// gives: these tokens sit on every edge (exp and nbf at the tolerance, a flipped signature
// byte, an unusual header) and each is judged both ways.

const SECRET = 'whsec_fast_path_0123456789';
const NOW_MS = Date.UTC(2026, 0, 15, 12, 0, 0) + 400; // not on a whole second: jose floors it
const now = Math.floor(NOW_MS / 1000);
const TOLERANCE = 60;
const keys = createHmacKeyCache();

async function options(): Promise<TokenCheckOptions> {
  return {
    key: await keys.get(SECRET),
    keyLabel: 'the notification token of profile "Local"',
    clockToleranceSeconds: TOLERANCE,
    atMs: NOW_MS,
    moment: 'arrival',
  };
}

/** What jose alone says: accepted, or the name of its error. */
async function joseSays(token: string): Promise<string> {
  try {
    await jwtVerify(token, new TextEncoder().encode(SECRET), {
      algorithms: ['HS256'],
      clockTolerance: TOLERANCE,
      currentDate: new Date(NOW_MS),
    });
    return 'accepted';
  } catch (error) {
    return error instanceof Error ? error.constructor.name : 'error';
  }
}

const flipLastSignatureByte = (token: string) => {
  const end = token.lastIndexOf('.');
  const signature = Buffer.from(token.slice(end + 1), 'base64url');
  signature[signature.length - 1] = (signature[signature.length - 1] ?? 0) ^ 1;
  return `${token.slice(0, end + 1)}${signature.toString('base64url')}`;
};

describe('the fast path of a valid HS256 token agrees with jose', () => {
  const cases: [string, () => Promise<string>][] = [
    ['plain valid', () => signWith(SECRET, { iat: now, exp: now + 900 })],
    ['no exp', () => signWith(SECRET, { iss: 'svc' })],
    ['exp one second inside the tolerance', () => signWith(SECRET, { exp: now - TOLERANCE + 1 })],
    ['exp exactly at the tolerance', () => signWith(SECRET, { exp: now - TOLERANCE })],
    ['exp long past', () => signWith(SECRET, { exp: now - 3600 })],
    ['nbf exactly at the tolerance', () => signWith(SECRET, { nbf: now + TOLERANCE })],
    ['nbf one second past the tolerance', () => signWith(SECRET, { nbf: now + TOLERANCE + 1 })],
    ['fractional exp', () => signWith(SECRET, { exp: now - TOLERANCE + 0.5 })],
    [
      'a flipped signature byte',
      async () => flipLastSignatureByte(await signWith(SECRET, { exp: now + 900 })),
    ],
    ['another secret', () => signWith('whsec_someone_else', { exp: now + 900 })],
    [
      'a kid in the header',
      () =>
        new SignJWT({ exp: now + 900 })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: 'k1' })
          .sign(new TextEncoder().encode(SECRET)),
    ],
    [
      'a crit header (left to jose)',
      () =>
        new SignJWT({ exp: now + 900 })
          .setProtectedHeader({ alg: 'HS256', crit: ['b64'], b64: true })
          .sign(new TextEncoder().encode(SECRET)),
    ],
  ];
  it.each(cases)('%s', async (_name, make) => {
    const token = await make();
    const judged = await judgeToken(token, await options());
    const jose = await joseSays(token);
    expect({ accepted: judged.verdict === 'valid' }).toEqual({ accepted: jose === 'accepted' });
  });
});
