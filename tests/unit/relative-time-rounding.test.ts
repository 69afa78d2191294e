import { describe, expect, it } from 'vitest';
import { decodeJwt } from '../../src/shared/jwt/decode-jwt';
import { timeClaimLines } from '../../src/shared/jwt/time-claim-lines';
import { describeRelative } from '../../src/shared/relative-time';

const minutesIn = (words: string): number => Number(/(\d+) minutes?/.exec(words)?.[1]);

// t74: a 15-minute token read "issued 2 minutes ago" and "expires in 14 minutes": 16 in all.
// Both halves of a span round the same way, so an "ago" and an "in" add up to the span.
describe('describeRelative rounds the past and the future alike', () => {
  const iat = Date.UTC(2026, 0, 1, 12, 0, 0);
  const exp = iat + 15 * 60_000;

  it.each([90, 150, 210, 330, 450, 630, 810])('%i s after iat, issued + expires is 15 minutes', (afterS) => {
    const now = iat + afterS * 1000;
    const issued = describeRelative(iat, now);
    const expires = describeRelative(exp, now);
    expect(issued).toMatch(/ago$/);
    expect(expires).toMatch(/^in /);
    expect(minutesIn(issued) + minutesIn(expires), `${issued} / ${expires}`).toBe(15);
  });

  it('at the midway of a minute, the past rounds toward now and the future away', () => {
    expect(describeRelative(iat, iat + 150_000)).toBe('2 minutes ago');
    expect(describeRelative(exp, iat + 150_000)).toBe('in 13 minutes');
    expect(describeRelative(iat, iat + 90_000)).toBe('1 minute ago');
    expect(describeRelative(exp, iat + 90_000)).toBe('in 14 minutes');
  });

  it("the inspector's lines for a 15-minute token add up to 15", () => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const token = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ iat: iat / 1000, exp: exp / 1000 })}.sig`;
    const lines = timeClaimLines(decodeJwt(token), iat + 90_000);
    const words = lines.map((line) => ('relative' in line ? line.relative : ''));
    expect(words).toEqual(['issued 1 minute ago', 'expires in 14 minutes']);
  });
});
