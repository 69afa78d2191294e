import { createHmac } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { TOKEN_VERDICTS, type TokenVerdict } from '../../src/shared/events';
import { decodeJwt } from '../../src/shared/jwt/decode-jwt';
import { summariseTokenChecks } from '../../src/shared/jwt/summarise-token-checks';
import { findNotificationTokens } from '../../src/shared/webhook/find-notification-tokens';
import { checkTokenAt, judgeToken, type TokenCheckOptions } from '../../src/main/jwt/check-token';
import { createHmacKeyCache } from '../../src/main/jwt/hmac-key-cache';
import { judgeWebhook } from '../../src/main/listener/judge-webhook';
import { signWith } from '../fixtures/hostile-webhooks';
import { prng } from './helpers/prng';

const SECRET = 'whsec_unit_verdicts_0123456789';
const NOW_MS = Date.UTC(2026, 0, 15, 12, 0, 0);
const now = NOW_MS / 1000;
const keys = createHmacKeyCache();
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function options(overrides: Partial<TokenCheckOptions> = {}): Promise<TokenCheckOptions> {
  return {
    key: await keys.get(SECRET),
    keyLabel: 'the notification token of profile "Local"',
    clockToleranceSeconds: 60,
    atMs: NOW_MS,
    moment: 'arrival',
    ...overrides,
  };
}

describe('one token, every verdict', () => {
  const cases: [TokenVerdict, () => Promise<string>, RegExp][] = [
    [
      'valid',
      () => signWith(SECRET, { iat: now, exp: now + 900 }),
      /Signed with HS256 .* expires 15 minutes after it arrived/,
    ],
    ['valid', () => signWith(SECRET, { iss: 'svc' }), /has no exp claim/],
    ['malformed', async () => 'not-a-jwt', /three dot-separated parts/],
    [
      'malformed',
      async () => `${b64({ alg: 'HS256' })}.${b64({ exp: '1' })}.sig`,
      /"exp" claim must be a number/,
    ],
    [
      'malformed',
      async () => `${b64({ alg: 'HS256' })}.${b64({ iss: 5 })}.sig`,
      /"iss" claim must be a string/,
    ],
    [
      'invalid_signature',
      () => signWith('another-key', { iat: now }),
      /does not match the notification token of profile "Local"/,
    ],
    [
      'expired',
      () => signWith(SECRET, { iat: now - 900, exp: now - 180 }),
      /^Expired 3 minutes before it arrived \(exp 2026-01-15T11:57:00.000Z/,
    ],
    [
      'not_yet_valid',
      () => signWith(SECRET, { nbf: now + 300 }),
      /Not valid until 5 minutes after it arrived/,
    ],
    [
      'not_yet_valid',
      () => signWith(SECRET, { iat: now + 7200 }),
      /Issued in the future: iat is 2 hours after it arrived/,
    ],
    [
      'alg_not_allowed',
      async () => `${b64({ alg: 'none' })}.${b64({ iat: now })}.`,
      /unsigned \(alg "none"\)/,
    ],
    ['alg_not_allowed', () => signWith(SECRET, { iat: now }, 'HS384'), /alg "HS384"; only HS256/],
  ];
  it.each(cases)('%s', async (verdict, make, reason) => {
    const judgement = await judgeToken(await make(), await options());
    expect(judgement.verdict).toBe(verdict);
    expect(judgement.reason).toMatch(reason);
  });

  it('no_secret when no notification token is configured (and still decodes the token)', async () => {
    const token = await signWith(SECRET, { iat: now });
    const judgement = await judgeToken(
      token,
      await options({ key: null, keyLabel: 'profile "Sandbox" has none' }),
    );
    expect(judgement.verdict).toBe('no_secret');
    expect(judgement.reason).toMatch(/No notification token is configured/);
    expect(judgement.decoded?.claims).toEqual({ iat: now });
  });

  it('honours the clock tolerance: 30 s late is valid at 60 s, expired at 10 s', async () => {
    const token = await signWith(SECRET, { exp: now - 30 });
    expect((await judgeToken(token, await options())).verdict).toBe('valid');
    expect((await judgeToken(token, await options({ clockToleranceSeconds: 10 }))).verdict).toBe('expired');
  });

  it('speaks of "ago" for the inspector', async () => {
    const token = await signWith(SECRET, { exp: now - 180 });
    expect((await judgeToken(token, await options({ moment: 'now' }))).reason).toMatch(
      /^Expired 3 minutes ago/,
    );
  });

  it('a forgery outranks a clock problem (signature is checked before exp)', async () => {
    const token = await signWith('another-key', { exp: now - 3600 });
    expect((await judgeToken(token, await options())).verdict).toBe('invalid_signature');
  });
});

describe('both places, one verdict', () => {
  async function summary(
    query: string | null,
    header: string | null,
    problem: { query?: string; header?: string } = {},
  ) {
    const opts = await options();
    const checks = await Promise.all([
      checkTokenAt('query', query, opts, problem.query ?? null),
      checkTokenAt('header', header, opts, problem.header ?? null),
    ]);
    return summariseTokenChecks(checks, { query, header });
  }

  it('missing when neither place has a token', async () => {
    expect(await summary(null, null)).toMatchObject({ verdict: 'missing' });
  });

  it('mismatch when they differ, even if both are valid', async () => {
    const a = await signWith(SECRET, { iat: now });
    const b = await signWith(SECRET, { iat: now - 1 });
    const result = await summary(a, b);
    expect(result.verdict).toBe('mismatch');
    expect(result.reason).toMatch(/query: valid, header: valid/);
  });

  it('the present one decides when only one is sent, and the reason names the absent place', async () => {
    const expired = await signWith(SECRET, { exp: now - 600 });
    const result = await summary(null, expired);
    expect(result.verdict).toBe('expired');
    expect(result.reason).toMatch(/Only the Authorization: Bearer header carried a token/);
  });

  it('the worse of the two when the query is fine and the header is not Bearer', async () => {
    const token = await signWith(SECRET, { iat: now });
    const result = await summary(token, null, {
      header: 'The Authorization header is not a Bearer token (scheme "Basic").',
    });
    expect(result.verdict).toBe('malformed');
    expect(result.reason).toMatch(/Bearer/);
  });

  it('a compressed body is judged as sent, and its first finding names the Content-Encoding', async () => {
    const judge = async (headers: [string, string][], body: Buffer) =>
      judgeWebhook(
        { query: null, headers, body, truncated: false, atMs: NOW_MS },
        { key: await keys.get(SECRET), label: 'the notification token' },
        60,
      );
    const json = '{"order_id":"6f1c0a8e-2f7b-4c1e-9d3a-5b8e7c6d4a21","event_type":"order_approved"}';
    const gzipped = await judge([['Content-Encoding', 'gzip']], gzipSync(json));
    expect(gzipped.body.verdict).toBe('invalid_json');
    expect(gzipped.body.findings[0]?.message).toMatch(/Content-Encoding: gzip, so the body is compressed/);
    expect(gzipped.details.body?.findings[0]?.message).toMatch(/Content-Encoding: gzip/);
    // identity (or no header) is no encoding at all: nothing is added.
    const plain = await judge([['content-encoding', 'identity']], Buffer.from(json));
    expect(plain.body.findings.some((finding) => /Content-Encoding/.test(finding.message))).toBe(false);
  });

  // The listener stored the claims as parsed (the first, expired exp dropped) and said nothing,
  // where the inspector and `jwt decode` warn: the stored judgement carries the decode's words.
  it("a signed token that gives a claim twice is stored with the decode's warning", async () => {
    const claims = `{"iat":${now},"exp":${now - 3600},"exp":${now + 900}}`;
    const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${Buffer.from(claims).toString('base64url')}`;
    const token = `${unsigned}.${createHmac('sha256', SECRET).update(unsigned).digest('base64url')}`;
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
    expect(judged.tokenVerdict).toBe('valid');
    const warning = decodeJwt(token).nameWarnings;
    expect(warning).toEqual(['The claims part gives "exp" 2 times; the last one counts.']);
    expect(judged.details.token.checks.map((check) => check.nameWarnings)).toEqual([warning, warning]);
  });

  it('a webhook carrying one token in both places gets the same verdict for each place', async () => {
    const label = 'the notification token of profile "Local"';
    const judge = async (query: string, header: string) =>
      judgeWebhook(
        {
          query: `serviceToken=${query}`,
          headers: [['Authorization', `Bearer ${header}`]],
          body: Buffer.from('{}'),
          truncated: false,
          atMs: NOW_MS,
        },
        { key: await keys.get(SECRET), label },
        60,
      );
    const token = await signWith(SECRET, { iat: now, exp: now + 900 });
    const same = await judge(token, token);
    expect(same.tokenVerdict).toBe('valid');
    expect(same.details.token?.checks.map((check) => [check.source, check.verdict])).toEqual([
      ['query', 'valid'],
      ['header', 'valid'],
    ]);
    const forged = await signWith('another-key', { iat: now });
    const differing = await judge(token, forged);
    expect(differing.details.token?.checks.map((check) => [check.source, check.verdict])).toEqual([
      ['query', 'valid'],
      ['header', 'invalid_signature'],
    ]);
  });

  it('the same token twice in one place is malformed, and the reason says so (issue: judged valid)', async () => {
    const token = await signWith(SECRET, { iat: now, exp: now + 900 });
    const judge = async (query: string, headers: [string, string][]) =>
      judgeWebhook(
        { query, headers, body: Buffer.from('{}'), truncated: false, atMs: NOW_MS },
        { key: await keys.get(SECRET), label: 'the notification token' },
        60,
      );
    const twoHeaders = await judge(`serviceToken=${token}`, [
      ['Authorization', `Bearer ${token}`],
      ['authorization', `Bearer ${token}`],
    ]);
    expect(twoHeaders.tokenVerdict).toBe('malformed');
    expect(twoHeaders.details.token?.reason).toMatch(
      /^The Authorization header appears 2 times with the same value each time; one place must hold one token\./,
    );
    const twoQueries = await judge(`serviceToken=${token}&serviceToken=${token}`, [
      ['Authorization', `Bearer ${token}`],
    ]);
    expect(twoQueries.tokenVerdict).toBe('malformed');
    expect(twoQueries.details.token?.checks.find((check) => check.source === 'query')).toMatchObject({
      verdict: 'malformed',
      reason: expect.stringMatching(/^\?serviceToken= appears 2 times with the same value each time/),
    });
    // The plain case stays valid: one token in each place.
    expect((await judge(`serviceToken=${token}`, [['Authorization', `Bearer ${token}`]])).tokenVerdict).toBe(
      'valid',
    );
  });

  it('every verdict word is reachable', () => {
    expect(new Set(TOKEN_VERDICTS).size).toBe(9);
  });
});

describe('finding tokens in a request', () => {
  it('reads ?serviceToken= as URLSearchParams does, whatever the query', () => {
    const pieces = [
      'serviceToken=',
      'a',
      'b.c_d-e',
      '%2E',
      '+',
      ' ',
      '&',
      '=',
      'x=1',
      'servicetoken=',
      '%',
      '#',
    ];
    const random = prng(258);
    for (let at = 0; at < 5_000; at++) {
      const query = Array.from({ length: 1 + random.int(6) }, () => random.pick(pieces)).join('');
      const values = new URLSearchParams(query).getAll('serviceToken');
      const found = findNotificationTokens(query, []).query;
      if (values.length !== 1) expect(found.token, query).toBeNull();
      else expect(found.token, query).toBe(values[0]?.trim() === '' ? null : values[0]?.trim());
    }
  });
  it('reads ?serviceToken= and Authorization: Bearer (any case)', () => {
    const found = findNotificationTokens('a=1&serviceToken=abc.def.ghi', [
      ['authorization', 'bearer abc.def.ghi'],
    ]);
    expect(found.query).toEqual({ token: 'abc.def.ghi', problem: null });
    expect(found.header).toEqual({ token: 'abc.def.ghi', problem: null });
  });
  it('names the problem with two Authorization headers (equal or not) or a Basic one', () => {
    expect(
      findNotificationTokens(null, [
        ['Authorization', 'Bearer a'],
        ['Authorization', 'Bearer b'],
      ]).header.problem,
    ).toMatch(/2 times with different values/);
    expect(
      findNotificationTokens(null, [
        ['Authorization', 'Bearer a'],
        ['Authorization', ' Bearer a'],
      ]).header,
    ).toEqual({
      token: null,
      problem:
        'The Authorization header appears 2 times with the same value each time; one place must hold one token.',
    });
    expect(findNotificationTokens('serviceToken=a&x=1&serviceToken=a', []).query.problem).toMatch(
      /^\?serviceToken= appears 2 times with the same value each time/,
    );
    expect(findNotificationTokens(null, [['Authorization', 'Basic eA==']]).header.problem).toMatch(
      /not a Bearer token/,
    );
  });
});

describe('decodeJwt never throws', () => {
  it('on any input, and says why it failed', () => {
    const inputs = [
      '',
      '.',
      '..',
      'a.b.c',
      '\u0000.\u0000.\u0000',
      '%%%.%%%.%%%',
      b64('x'),
      'eyJhbGciOiJIUzI1NiJ9.e30',
      '🙂.🙂.🙂',
    ];
    for (let i = 0; i < 200; i += 1)
      inputs.push(
        Buffer.from(Array.from({ length: i }, (_, j) => (i * 7 + j * 13) % 256)).toString('latin1'),
      );
    for (const input of inputs) {
      const decoded = decodeJwt(input);
      if (!decoded.ok) expect(decoded.problem).toEqual(expect.any(String));
    }
  });
  it('reads every byte of a segment as UTF-8, as Node does, and refuses bytes that are not', () => {
    // Claims outside ASCII (Arabic, an emoji, the whole byte range of two-byte characters).
    const claims = { name: 'محمد العتيبي', note: '🙂 ok', range: 'ÿĀſ', n: 1 };
    const decoded = decodeJwt(`${b64({ alg: 'HS256' })}.${b64(claims)}.c2ln`);
    expect(decoded.claims).toEqual(claims);
    for (const bytes of [[0xff], [0xc3, 0x28], [0x7b, 0xed, 0xa0, 0x80, 0x7d]]) {
      const segment = Buffer.from(bytes).toString('base64url');
      expect(decodeJwt(`${b64({ alg: 'HS256' })}.${segment}.`).problem).toBe(
        'The claims part decodes to bytes that are not UTF-8 text.',
      );
    }
  });
  // What a QA engineer copies is often the Authorization header's value, a webhook's URL, or a
  // token wrapped by a terminal: each used to be "The header is not valid base64url-encoded
  // UTF-8." or "three dot-separated parts", which named neither the cause nor what to paste.
  it('says what is around a pasted token that is not part of it', async () => {
    const token = await signWith(SECRET, { iat: now });
    expect(decodeJwt(`Bearer ${token}`).problem).toBe(
      'It starts with "Bearer ", the Authorization header\'s scheme, which is not part of the token: paste only what follows it.',
    );
    expect(decodeJwt(`bearer  ${token}`).problem).toMatch(/^It starts with "bearer ",/);
    expect(decodeJwt(`http://127.0.0.1:4455/webhooks?serviceToken=${token}`).problem).toBe(
      'It is a URL or query with serviceToken= in it, not a token: paste only the value after serviceToken=.',
    );
    const wrapped = `${token.slice(0, 40)}\n${token.slice(40)}`;
    expect(decodeJwt(wrapped).problem).toBe(
      'A JWT has no spaces or line breaks; this one has one after character 40 (a wrapped copy?).',
    );
    // The verdict is still malformed, exactly as the listener would judge the same text.
    const judged = await judgeToken(`Bearer ${token}`, await options());
    expect(judged.verdict).toBe('malformed');
    expect(judged.reason).toMatch(/^It starts with "Bearer "/);
    // A token that decodes is not touched by any of this.
    expect(decodeJwt(token).ok).toBe(true);
    expect(decodeJwt(`  ${token}\n`).ok).toBe(true);
  });
  it('shows iat, exp and nbf as ISO dates', () => {
    const decoded = decodeJwt(`${b64({ alg: 'HS256' })}.${b64({ iat: now, exp: now + 60, nbf: now })}.`);
    expect(decoded.times.exp).toEqual({ seconds: now + 60, iso: '2026-01-15T12:01:00.000Z' });
    expect(decoded.times.iat?.iso).toBe('2026-01-15T12:00:00.000Z');
  });
});
