import { describe, expect, it } from 'vitest';
import { decodeJwt } from '../../src/shared/jwt/decode-jwt';
import { judgeToken } from '../../src/main/jwt/check-token';
import { createHmacKeyCache } from '../../src/main/jwt/hmac-key-cache';
import { signWith } from '../fixtures/hostile-webhooks';

/*
 * What a QA engineer pastes into the inspector (or `jwt decode`) when it is not quite a token.
 * Each of these used to get a sentence that named neither the cause nor the fix: standard
 * base64, padding and bytes that are not UTF-8 were all "not valid base64url-encoded UTF-8",
 * text that is not JSON at all was "not a JSON object", and a token copied with its quotes
 * was "The signature is not base64url."
 */
const SECRET = 'whsec_unit_pasted_0123456789';
const part = (text: string | Buffer) => Buffer.from(text).toString('base64url');
const HEADER = part('{"alg":"HS256","typ":"JWT"}');
const CLAIMS = part('{"sub":"order-1"}');

describe('a segment that is not base64url says what it is instead', () => {
  it('names "=" padding, which a JWT leaves out', () => {
    expect(decodeJwt(`${HEADER}=.${CLAIMS}.c2ln`).problem).toBe(
      'The header ends with "=" padding, which a JWT leaves out: remove the "=" signs.',
    );
  });
  it('names "+" and "/", standard base64 where a JWT uses base64url', () => {
    const standard = Buffer.from('{"alg":"HS256","x":"~~~?"}').toString('base64').replace(/=+$/, '');
    expect(standard).toMatch(/[+/]/);
    expect(decodeJwt(`${standard}.${CLAIMS}.c2ln`).problem).toBe(
      'The header has "+" or "/": it is standard base64, where a JWT uses base64url ("-" and "_" instead).',
    );
  });
  it('a base64url part of a length base64 never has is said so, not taken for standard base64', () => {
    // abcde: five characters, one over a multiple of four; it has no "+" or "/".
    expect(decodeJwt(`abcde.${CLAIMS}.c2ln`).problem).toBe(
      'The header is 5 characters long, a length base64url never has (one character missing or extra?).',
    );
    expect(decodeJwt('a.b.c').problem).toBe(
      'The header is 1 character long, a length base64url never has (one character missing or extra?).',
    );
  });
  it('names the first character that base64url does not have, and where it is', () => {
    expect(decodeJwt(`${HEADER}.ey@J9.c2ln`).problem).toBe(
      'The claims part has "@" at character 3, which base64url does not use.',
    );
  });
  it('tells bytes that are not UTF-8 from text that is not JSON, and JSON that is not an object', () => {
    expect(decodeJwt(`${HEADER}.${part(Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d]))}.c2ln`).problem).toBe(
      'The claims part decodes to bytes that are not UTF-8 text.',
    );
    expect(decodeJwt(`${HEADER}.${part('{"sub":"a\u0007"}')}.c2ln`).problem).toMatch(
      /^The claims part is not JSON \(.+\)\.$/,
    );
    expect(decodeJwt(`${HEADER}.${part('{"sub":')}.c2ln`).problem).toMatch(/^The claims part is not JSON \(/);
    expect(decodeJwt(`${HEADER}.${part('[1,2]')}.c2ln`).problem).toBe(
      'The claims part is a JSON array, not the JSON object a JWT carries.',
    );
    expect(decodeJwt(`${HEADER}.${part('42')}.c2ln`).problem).toBe(
      'The claims part is a JSON number, not the JSON object a JWT carries.',
    );
    expect(decodeJwt(`${part('null')}.${CLAIMS}.c2ln`).problem).toBe(
      'The header is JSON null, not the JSON object a JWT carries.',
    );
  });
});

describe('quotes copied with a token', () => {
  it('says the quotes are not part of it, at either end or both', async () => {
    const token = await signWith(SECRET, { sub: 'order-1' });
    const said =
      'It has a quotation mark at its start or end, which is not part of the token: copy it without its quotes.';
    for (const pasted of [`${token}"`, `"${token}"`, `'${token}'`, `${token}',`, `"${token}`])
      expect(decodeJwt(pasted).problem, pasted.slice(-3)).toBe(said);
  });
});

describe('the reason for a token not valid yet, checked now', () => {
  it('reads as a sentence ("until 10 minutes from now", not "until in 10 minutes")', async () => {
    const atMs = Date.UTC(2026, 0, 15, 12, 0, 0);
    const token = await signWith(SECRET, { nbf: atMs / 1000 + 600 });
    const judged = await judgeToken(token, {
      key: await createHmacKeyCache().get(SECRET),
      keyLabel: 'the secret pasted for this check',
      clockToleranceSeconds: 60,
      atMs,
      moment: 'now',
    });
    expect(judged.verdict).toBe('not_yet_valid');
    expect(judged.reason).toMatch(/^Not valid until 10 minutes from now \(nbf 2026-01-15T12:10:00.000Z;/);
  });
});
