import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { HeaderList } from '../../src/shared/events';
import { createHmacKeyCache } from '../../src/main/jwt/hmac-key-cache';
import { createJwtToolkit } from '../../src/main/jwt/jwt-toolkit';
import { judgeWebhook } from '../../src/main/listener/judge-webhook';

// What the official client (tests/official-client/vendor: Authenticator.php over php-jwt 6.9)
// does otherwise than the console's verdict says, found against its own notification endpoint
// under `php -S`. The verdicts stay; each difference is a warning finding that names the client.

const SECRET = 'whsec_official_client_0123456789';
const NOW_MS = Date.UTC(2026, 0, 15, 12, 0, 0);
const now = NOW_MS / 1000;
const keys = createHmacKeyCache();
const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const signature = (input: string) => createHmac('sha256', SECRET).update(input).digest('base64url');

function hs256(claims: unknown, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }): string {
  const input = `${part(header)}.${part(claims)}`;
  return `${input}.${signature(input)}`;
}

const TOKEN = hs256({ iat: now - 10, exp: now + 900 });
const WITH_CRIT = hs256(
  { iat: now - 10, exp: now + 900 },
  { alg: 'HS256', typ: 'JWT', crit: ['x-extra'], 'x-extra': 1 },
);
const PADDED = `${TOKEN}=`;
const STRING_EXP = hs256({ iat: now - 10, exp: String(now + 900) });
const EXPIRED_IN_TOLERANCE = hs256({ iat: now - 600, exp: now - 30 });

async function judge(query: string | null, headers: HeaderList) {
  const judged = await judgeWebhook(
    { query, headers, body: Buffer.from('{}'), truncated: false, atMs: NOW_MS },
    { key: await keys.get(SECRET), label: 'the notification token' },
    60,
  );
  return { verdict: judged.tokenVerdict, messages: judged.details.token.findings.map((f) => f.message) };
}

describe('the listener names what the official client does otherwise', () => {
  it('the canonical form, as the service sends it, has no such finding', async () => {
    const judged = await judge(`serviceToken=${TOKEN}`, [['Authorization', `Bearer ${TOKEN}`]]);
    expect(judged).toEqual({ verdict: 'valid', messages: [] });
  });

  it.each([
    ['lowercase', `bearer ${TOKEN}`, '"bearer" in lower case followed by one space'],
    ['two spaces', `Bearer  ${TOKEN}`, '"Bearer" followed by two spaces'],
    ['a tab then a space', `Bearer\t ${TOKEN}`, '"Bearer" followed by one tab then one space'],
  ])('a non-canonical Bearer (%s) stays valid, with the client’s 403 said', async (_name, value, form) => {
    const judged = await judge(`serviceToken=${TOKEN}`, [['Authorization', value]]);
    expect(judged.verdict).toBe('valid');
    expect(judged.messages).toHaveLength(1);
    // Read as HTML shows it, whitespace collapsed: the difference is still said, in words.
    const shown = judged.messages[0]?.replace(/\s+/g, ' ');
    expect(shown).toContain(
      `The Authorization header is written ${form} before the token, where the service writes "Bearer" followed by one space`,
    );
    expect(judged.messages[0]).not.toMatch(/\s{2}|\t/);
    expect(judged.messages[0]).toMatch(/the official client refuses this: 403/);
  });

  it('whitespace trimmed from ?serviceToken= is said', async () => {
    const judged = await judge(`serviceToken=${TOKEN}%20`, [['Authorization', `Bearer ${TOKEN}`]]);
    expect(judged.verdict).toBe('valid');
    expect(judged.messages).toEqual([
      expect.stringMatching(
        /\?serviceToken= had whitespace around the token \(a space at its end\), which the console trimmed/,
      ),
    ]);
  });

  it('a token only in ?tamaraToken= is missing, and the finding names the client’s parameter', async () => {
    const judged = await judge(`tamaraToken=${TOKEN}`, []);
    expect(judged.verdict).toBe('missing');
    expect(judged.messages).toEqual([
      expect.stringMatching(
        /\?tamaraToken= holds a value.*the spec names \?serviceToken=.*official client reads \?tamaraToken=/,
      ),
    ]);
  });

  it('an expiry inside the clock tolerance stays valid, with the client’s refusal said', async () => {
    const judged = await judge(`serviceToken=${EXPIRED_IN_TOLERANCE}`, [
      ['Authorization', `Bearer ${EXPIRED_IN_TOLERANCE}`],
    ]);
    expect(judged.verdict).toBe('valid');
    // The same token in both places is one token: said once.
    expect(judged.messages).toEqual([
      expect.stringMatching(
        /expired 30 seconds before it arrived.*the official client allows no leeway and refuses it/,
      ),
    ]);
  });

  it.each([
    ['a crit header', WITH_CRIT, /does not check "crit"/],
    ['"=" padding', PADDED, /reads "=" padding/],
    ['a string exp', STRING_EXP, /compares a time claim written as a string of digits as the number/],
  ])('%s stays malformed, and the finding says php-jwt accepts it', async (_name, token, why) => {
    const judged = await judge(`serviceToken=${token}`, [['Authorization', `Bearer ${token}`]]);
    expect(judged.verdict).toBe('malformed');
    expect(judged.messages).toEqual([expect.stringMatching(/php-jwt .* accepts it/)]);
    expect(judged.messages[0]).toMatch(why);
  });

  it('php-jwt is not said to accept a malformed token whose signature is wrong', async () => {
    const forged = `${WITH_CRIT.slice(0, WITH_CRIT.lastIndexOf('.'))}.${signature('other')}`;
    const judged = await judge(`serviceToken=${forged}`, [['Authorization', `Bearer ${forged}`]]);
    expect(judged).toEqual({ verdict: 'malformed', messages: [] });
  });
});

describe('jwt verify names what the official client does otherwise', () => {
  const toolkit = createJwtToolkit({
    profiles: null,
    keys,
    clockToleranceSeconds: () => 60,
    now: () => NOW_MS,
  });
  const verify = (token: string) => toolkit.verify({ token, against: { source: 'secret', secret: SECRET } });

  it('a valid token well inside its lifetime has no warning', async () => {
    expect((await verify(TOKEN)).warnings).toEqual([]);
  });

  it('an expiry inside the clock tolerance: valid, and the client refuses it', async () => {
    const verified = await verify(EXPIRED_IN_TOLERANCE);
    expect(verified.verdict).toBe('valid');
    expect(verified.warnings).toEqual([
      expect.stringMatching(
        /the official client allows no leeway and refuses it \(php-jwt's ExpiredException:/,
      ),
    ]);
  });

  // "It is not valid until in 30 seconds", "It was issued in 30 seconds": each time said as
  // the end of its sentence, and the iat as what the token says, not what happened.
  it.each([
    ['an nbf', hs256({ nbf: now + 30, exp: now + 900 }), 'It is not valid until 30 seconds from now, within'],
    ['an iat', hs256({ iat: now + 30, exp: now + 900 }), 'It says it was issued 30 seconds from now, within'],
  ])('%s ahead inside the clock tolerance reads as a sentence', async (_name, token, words) => {
    const verified = await verify(token);
    expect(verified.verdict).toBe('valid');
    expect(verified.warnings).toEqual([expect.stringContaining(words)]);
    expect(verified.warnings[0]).not.toMatch(/until in|issued in/);
  });

  it('a listener’s nbf ahead inside the tolerance is said from its arrival', async () => {
    const ahead = hs256({ nbf: now + 30, exp: now + 900 });
    const judged = await judge(`serviceToken=${ahead}`, [['Authorization', `Bearer ${ahead}`]]);
    expect(judged.messages).toEqual([
      expect.stringContaining('It is not valid until 30 seconds after it arrived, within'),
    ]);
  });

  it.each([WITH_CRIT, PADDED, STRING_EXP])('malformed, and php-jwt accepts it', async (token) => {
    const verified = await verify(token);
    expect(verified.verdict).toBe('malformed');
    expect(verified.warnings).toEqual([expect.stringMatching(/php-jwt .* accepts it/)]);
  });
});
