import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createHmacKeyCache } from '../../src/main/jwt/hmac-key-cache';
import { createJwtToolkit } from '../../src/main/jwt/jwt-toolkit';
import { judgeWebhook } from '../../src/main/listener/judge-webhook';

// Tokens the console reads as valid but php-jwt 6.9 (the official client's verifier) refuses,
// found with tests/official-client: a UTF-8 BOM before the header or claims JSON (json_decode:
// "Syntax error, malformed JSON") and a lone UTF-16 surrogate escape ("Unknown JSON error: 10").
// And one judgement of a token's warnings: what `jwt verify` warns of, the listener stores.

const SECRET = 'whsec_official_client_0123456789';
const NOW_MS = Date.UTC(2026, 0, 15, 12, 0, 0);
const now = NOW_MS / 1000;
const keys = createHmacKeyCache();
const HEADER = '{"alg":"HS256","typ":"JWT"}';
const CLAIMS = JSON.stringify({ iat: now - 10, exp: now + 900 });

function signedText(header: string, claims: string): string {
  const input = `${Buffer.from(header).toString('base64url')}.${Buffer.from(claims).toString('base64url')}`;
  return `${input}.${createHmac('sha256', SECRET).update(input).digest('base64url')}`;
}

const BOM_HEADER = signedText(`\ufeff${HEADER}`, CLAIMS);
const BOM_CLAIMS = signedText(HEADER, `\ufeff${CLAIMS}`);
const SURROGATE = signedText(HEADER, `{"iss":"a\\ud800b","iat":${now - 10},"exp":${now + 900}}`);
const PAIRED = signedText(HEADER, `{"iss":"a\\ud83d\\ude00b","iat":${now - 10},"exp":${now + 900}}`);
const HIDDEN = signedText(
  HEADER,
  JSON.stringify({ iss: 'tam\u200bara\u202e', iat: now - 10, exp: now + 900 }),
);

async function judge(token: string) {
  const judged = await judgeWebhook(
    {
      query: `serviceToken=${token}`,
      headers: [['Authorization', `Bearer ${token}`]],
      body: Buffer.from('{}'),
      truncated: false,
      atMs: NOW_MS,
    },
    { key: await keys.get(SECRET), label: 'the notification token' },
    60,
  );
  return { verdict: judged.tokenVerdict, messages: judged.details.token.findings.map((f) => f.message) };
}

const toolkit = createJwtToolkit({
  profiles: null,
  keys,
  clockToleranceSeconds: () => 60,
  now: () => NOW_MS,
});
const verify = (token: string) => toolkit.verify({ token, against: { source: 'secret', secret: SECRET } });

describe('a BOM or a lone surrogate: valid, and php-jwt refuses it', () => {
  it.each([
    ['a BOM before the header', BOM_HEADER, /header starts with a UTF-8 byte order mark/],
    ['a BOM before the claims', BOM_CLAIMS, /claims part starts with a UTF-8 byte order mark/],
    ['a lone surrogate in a claim', SURROGATE, /claims part has a lone UTF-16 surrogate/],
  ])('%s: the listener and jwt verify say the client refuses it', async (_name, token, why) => {
    const judged = await judge(token);
    expect(judged.verdict).toBe('valid');
    expect(judged.messages).toEqual([expect.stringMatching(why)]);
    expect(judged.messages[0]).toMatch(/php-jwt 6\.9\b.* refuses it/);
    const verified = await verify(token);
    expect(verified.verdict).toBe('valid');
    expect(verified.warnings).toEqual(judged.messages);
  });

  it('a surrogate pair, written as escapes, is no warning', async () => {
    expect(await judge(PAIRED)).toEqual({ verdict: 'valid', messages: [] });
  });

  it('the decoded text keeps the BOM, as the token carries it', () => {
    expect(toolkit.decode(BOM_HEADER).json?.header).toBe(`\ufeff${HEADER}`);
    expect(toolkit.decode(BOM_CLAIMS).json?.claims).toBe(`\ufeff${CLAIMS}`);
    expect(toolkit.decode(BOM_CLAIMS).claims).toEqual(JSON.parse(CLAIMS));
  });
});

describe('the listener stores what jwt verify warns of', () => {
  it('characters that are invisible or reorder text are a finding of the record', async () => {
    const judged = await judge(HIDDEN);
    expect(judged.verdict).toBe('valid');
    expect(judged.messages).toEqual([
      expect.stringMatching(
        /claims part holds characters that are invisible or reorder text \(U\+200B, U\+202E\)/,
      ),
    ]);
  });

  it('a time in milliseconds is a finding of the record', async () => {
    const token = signedText(HEADER, JSON.stringify({ iat: now - 10, exp: (now + 900) * 1000 }));
    const judged = await judge(token);
    expect(judged.messages).toEqual([expect.stringMatching(/"exp" claim .* looks like milliseconds/)]);
  });
});
