import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DecodedJwt } from '../../shared/jwt/decode-jwt';
import {
  phpJwtAccepts,
  phpJwtRefusesJson,
  refusedWithoutLeeway,
  type PhpJsonRefusal,
  type PhpJwtLeniency,
} from '../../shared/jwt/official-client-words';
import type { HmacKey } from './hmac-key-cache';

/**
 * How the official client would judge a token the console has judged: its Authenticator calls
 * php-jwt 6.9's `JWT::decode($token, new Key($key, 'HS256'))` with no leeway
 * (tests/official-client/vendor/firebase-php-jwt/src/JWT.php:96-183). Only the differences that
 * matter are followed, and only where the answer is certain; anything else says nothing.
 */

/** A segment php-jwt's base64_decode reads as base64url would, padding or not. */
const SEGMENT = /^[A-Za-z0-9_-]*=*$/;

/** A time claim as PHP compares it: a number, or a string of digits read as that number. */
function phpTime(value: unknown): number | null | 'unknown' {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  return 'unknown';
}

/** A surrogate without its pair: JSON.parse reads `"\ud800"`, PHP's json_decode does not. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether any name or string in a parsed JSON value holds a lone surrogate. */
function holdsLoneSurrogate(value: unknown): boolean {
  if (typeof value === 'string') return LONE_SURROGATE.test(value);
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(holdsLoneSurrogate);
  return Object.entries(value).some(([name, item]) => LONE_SURROGATE.test(name) || holdsLoneSurrogate(item));
}

function jsonObject(segment: string): Record<string, unknown> | null {
  try {
    // Buffer keeps a BOM, which JSON.parse refuses as json_decode does.
    const value: unknown = JSON.parse(Buffer.from(segment.replace(/=+$/, ''), 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) && !holdsLoneSurrogate(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * Why php-jwt accepts a token the console calls malformed, or null when it would not (or that is
 * not certain): the signature over the segments as sent, HS256, and the times without leeway.
 */
function phpJwtLeniencies(token: string, key: HmacKey, atMs: number): PhpJwtLeniency[] | null {
  const parts = token.split('.');
  const [head = '', body = '', signature = ''] = parts;
  if (parts.length !== 3 || ![head, body, signature].every((part) => SEGMENT.test(part))) return null;
  const header = jsonObject(head);
  const claims = jsonObject(body);
  if (header === null || claims === null || header['alg'] !== 'HS256') return null;
  const expected = createHmac('sha256', key.raw).update(`${head}.${body}`).digest();
  const given = Buffer.from(signature.replace(/=+$/, ''), 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const now = Math.floor(atMs / 1000);
  const iat = phpTime(claims['iat']);
  const nbf = phpTime(claims['nbf']);
  const exp = phpTime(claims['exp']);
  if (iat === 'unknown' || nbf === 'unknown' || exp === 'unknown') return null;
  if (nbf !== null && Math.floor(nbf) > now) return null;
  if (nbf === null && iat !== null && Math.floor(iat) > now) return null;
  if (exp !== null && now >= exp) return null;
  const leniencies: PhpJwtLeniency[] = [];
  if ('crit' in header) leniencies.push('crit');
  if (parts.some((part) => part.endsWith('='))) leniencies.push('padding');
  if (['iat', 'nbf', 'exp'].some((name) => typeof claims[name] === 'string')) leniencies.push('string_time');
  return leniencies.length === 0 ? null : leniencies;
}

/** A malformed token php-jwt would accept, in words; none otherwise. */
export function acceptedByOfficialClient(token: string, key: HmacKey | null, atMs: number): string[] {
  if (key === null) return [];
  const leniencies = phpJwtLeniencies(token.trim(), key, atMs);
  return leniencies === null ? [] : [phpJwtAccepts(leniencies)];
}

/**
 * A token the console reads whose header or claims php-jwt's json_decode refuses: a BOM before
 * the JSON, or a lone surrogate escape (only an escape can write one: the text is UTF-8). Asked
 * of a valid token; the text is walked only when it holds a \u escape.
 */
export function unreadByOfficialClient(decoded: DecodedJwt): string[] {
  if (decoded.json === null) return [];
  const parts = [
    { part: 'header', text: decoded.json.header, value: decoded.header },
    { part: 'claims part', text: decoded.json.claims, value: decoded.claims },
  ] as const;
  const refusals: PhpJsonRefusal[] = parts.flatMap(({ part, text, value }) => [
    ...(text.startsWith('\ufeff') ? [{ part, why: 'bom' as const }] : []),
    ...(text.includes('\\u') && holdsLoneSurrogate(value) ? [{ part, why: 'lone_surrogate' as const }] : []),
  ]);
  return refusals.map(phpJwtRefusesJson);
}

/**
 * A valid token whose time claims pass only by the console's clock tolerance, in words: php-jwt
 * refuses exp at or before now, nbf after now, and (without nbf) iat after now (JWT.php:155-179).
 */
export function refusedByOfficialClient(
  times: DecodedJwt['times'],
  atMs: number,
  toleranceSeconds: number,
  // `later` ends a sentence ("27 seconds from now"): "until in 27 seconds" would not read.
  words: { past: (ms: number) => string; later: (ms: number) => string },
): string[] {
  const now = Math.floor(atMs / 1000);
  const { exp, nbf, iat } = times;
  if (exp !== null && now >= exp.seconds)
    return [
      refusedWithoutLeeway('exp', `expired ${words.past(atMs - exp.seconds * 1000)}`, toleranceSeconds),
    ];
  if (nbf !== null && Math.floor(nbf.seconds) > now)
    return [
      refusedWithoutLeeway(
        'nbf',
        `is not valid until ${words.later(nbf.seconds * 1000 - atMs)}`,
        toleranceSeconds,
      ),
    ];
  if (nbf === null && iat !== null && Math.floor(iat.seconds) > now)
    return [
      refusedWithoutLeeway(
        'iat',
        // What the token says, not what happened: it cannot have been issued in the future.
        `says it was issued ${words.later(iat.seconds * 1000 - atMs)}`,
        toleranceSeconds,
      ),
    ];
  return [];
}
