import { describe, expect, it } from 'vitest';
import { judgeWebhook } from '../../src/main/listener/judge-webhook';
import { createHmacKeyCache } from '../../src/main/jwt/hmac-key-cache';
import { signWith } from '../fixtures/hostile-webhooks';

/**
 * The record's token reason and findings for every combination of what the two places held: an
 * `Authorization: Token <jwt>` with no query read 'The Authorization header is not a Bearer token
 * (scheme "Token"). Only the Authorization: Bearer header carried a token; the ?serviceToken= query
 * parameter was absent.', and its finding 'The token came only in the Authorization: Bearer
 * header', though no place carried a token the spec's way.
 */
const SECRET = 'whsec_unit_summary_0123456789';
const NOW_MS = Date.UTC(2026, 0, 15, 12, 0, 0);
const now = NOW_MS / 1000;
const keys = createHmacKeyCache();

const VALID = 'Signed with HS256 by the notification token; it expires 15 minutes after it arrived.';
const FORGED =
  'The signature does not match the notification token: the token was forged, tampered with, or signed with another key.';
const NOT_BEARER = 'The Authorization header is not a Bearer token (scheme "Token").';
const TWO_HEADERS =
  'The Authorization header appears 2 times with different values; one place must hold one token.';
const EMPTY_QUERY = 'The ?serviceToken= query parameter is empty.';
const ONLY_QUERY_FINDING =
  'The token came only in the ?serviceToken= query parameter; the service sends it in both the ?serviceToken= query parameter and the Authorization: Bearer header, so the Authorization: Bearer header is missing.';
const ONLY_HEADER_FINDING =
  'The token came only in the Authorization: Bearer header; the service sends it in both the ?serviceToken= query parameter and the Authorization: Bearer header, so the ?serviceToken= query parameter is missing.';
const NO_QUERY_FINDING =
  'The ?serviceToken= query parameter is missing; the service sends the token in both the ?serviceToken= query parameter and the Authorization: Bearer header.';
const NO_HEADER_FINDING =
  'The Authorization: Bearer header is missing; the service sends the token in both the ?serviceToken= query parameter and the Authorization: Bearer header.';

let token = '';
let forged = '';
async function summary(query: string | null, headers: [string, string][]) {
  const judged = await judgeWebhook(
    { query, headers, body: Buffer.from('{}'), truncated: false, atMs: NOW_MS },
    { key: await keys.get(SECRET), label: 'the notification token' },
    60,
  );
  const { verdict, reason, findings } = judged.details.token;
  return { verdict, reason, findings: findings.map((finding) => finding.message) };
}

type Case = [
  name: string,
  query: () => string | null,
  headers: () => [string, string][],
  verdict: string,
  reason: string,
  findings: string[],
];

const QUERY = {
  absent: () => null,
  token: () => `serviceToken=${token}`,
  empty: () => 'serviceToken=',
};
const HEADER = {
  absent: (): [string, string][] => [],
  same: (): [string, string][] => [['Authorization', `Bearer ${token}`]],
  forged: (): [string, string][] => [['Authorization', `Bearer ${forged}`]],
  scheme: (): [string, string][] => [['Authorization', `Token ${token}`]],
  two: (): [string, string][] => [
    ['Authorization', `Bearer ${token}`],
    ['Authorization', `Bearer ${forged}`],
  ],
};

const CASES: Case[] = [
  [
    'neither',
    QUERY.absent,
    HEADER.absent,
    'missing',
    'No token was sent: neither ?serviceToken= nor Authorization: Bearer.',
    [],
  ],
  [
    'a header only',
    QUERY.absent,
    HEADER.same,
    'valid',
    `${VALID} Only the Authorization: Bearer header carried a token; the ?serviceToken= query parameter was absent.`,
    [ONLY_HEADER_FINDING],
  ],
  [
    'a forged header only',
    QUERY.absent,
    HEADER.forged,
    'invalid_signature',
    `${FORGED} Only the Authorization: Bearer header carried a token; the ?serviceToken= query parameter was absent.`,
    [ONLY_HEADER_FINDING],
  ],
  [
    'a header of another scheme only',
    QUERY.absent,
    HEADER.scheme,
    'malformed',
    `${NOT_BEARER} The ?serviceToken= query parameter was absent, so neither place held a token to verify.`,
    [NO_QUERY_FINDING],
  ],
  [
    'two headers only',
    QUERY.absent,
    HEADER.two,
    'malformed',
    `${TWO_HEADERS} The ?serviceToken= query parameter was absent, so neither place held a token to verify.`,
    [NO_QUERY_FINDING],
  ],
  [
    'a query only',
    QUERY.token,
    HEADER.absent,
    'valid',
    `${VALID} Only the ?serviceToken= query parameter carried a token; the Authorization: Bearer header was absent.`,
    [ONLY_QUERY_FINDING],
  ],
  ['the same token in both', QUERY.token, HEADER.same, 'valid', VALID, []],
  [
    'two different tokens',
    QUERY.token,
    HEADER.forged,
    'mismatch',
    'The ?serviceToken= token and the Authorization: Bearer token differ (query: valid, header: invalid_signature).',
    [],
  ],
  [
    'a query and a header of another scheme',
    QUERY.token,
    HEADER.scheme,
    'malformed',
    `${NOT_BEARER} That is the Authorization header; the ?serviceToken= query parameter alone is valid, and the record takes the worse of the two.`,
    [],
  ],
  [
    'a query and two headers',
    QUERY.token,
    HEADER.two,
    'malformed',
    `${TWO_HEADERS} That is the Authorization header; the ?serviceToken= query parameter alone is valid, and the record takes the worse of the two.`,
    [],
  ],
  [
    'an empty query only',
    QUERY.empty,
    HEADER.absent,
    'malformed',
    `${EMPTY_QUERY} The Authorization: Bearer header was absent, so neither place held a token to verify.`,
    [NO_HEADER_FINDING],
  ],
  [
    'an empty query and a header',
    QUERY.empty,
    HEADER.same,
    'malformed',
    `${EMPTY_QUERY} That is the ?serviceToken= query parameter; the Authorization header alone is valid, and the record takes the worse of the two.`,
    [],
  ],
  [
    'an empty query and a forged header',
    QUERY.empty,
    HEADER.forged,
    'invalid_signature',
    `${FORGED} That is the Authorization header; the ?serviceToken= query parameter alone is malformed, and the record takes the worse of the two.`,
    [],
  ],
  [
    'an empty query and a header of another scheme',
    QUERY.empty,
    HEADER.scheme,
    'malformed',
    `${EMPTY_QUERY} ${NOT_BEARER}`,
    [],
  ],
  [
    'an empty query and two headers',
    QUERY.empty,
    HEADER.two,
    'malformed',
    `${EMPTY_QUERY} ${TWO_HEADERS}`,
    [],
  ],
];

describe("the record's token reason, for every combination of the two places", () => {
  it.each(CASES)('%s', async (_name, query, headers, verdict, reason, findings) => {
    token ||= await signWith(SECRET, { iat: now, exp: now + 900 });
    forged ||= await signWith('another-key', { iat: now, exp: now + 900 });
    const result = await summary(query(), headers());
    expect(result).toEqual({ verdict, reason, findings });
  });
});

describe('a name given twice in the token', () => {
  it("is a finding of the record's token, once for the same token in both places", async () => {
    const { createHmac } = await import('node:crypto');
    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    const unsigned = `${b64('{"alg":"HS256","typ":"JWT"}')}.${b64(`{"iat":${now},"exp":${now - 3600},"exp":${now + 900}}`)}`;
    const twice = `${unsigned}.${createHmac('sha256', SECRET).update(unsigned).digest('base64url')}`;
    const warning = 'The claims part gives "exp" 2 times; the last one counts.';
    expect((await summary(`serviceToken=${twice}`, [['Authorization', `Bearer ${twice}`]])).findings).toEqual(
      [warning],
    );
    expect((await summary(null, [['Authorization', `Bearer ${twice}`]])).findings).toEqual([
      ONLY_HEADER_FINDING,
      warning,
    ]);
  });
});
