import { describeRelative, describeUntil } from '../relative-time';
import { readTimeClaim, writtenClaim, type DecodedJwt, type TimeClaim } from './decode-jwt';

export type TimeClaimName = 'iat' | 'nbf' | 'exp';

/** Said when a token has none of the three: the spec requires none, so their absence refuses nothing (another fault may). */
export const NO_TIME_CLAIMS =
  'No iat, nbf or exp claim. The spec requires none, so their absence alone is no reason the listener refuses a token.';

/**
 * A time claim as the inspector and `jwt decode` show it: a date (its ISO 8601, `time.iso`, as
 * the verdict's reason and the listener's stored reasons write it) and when it is relative to
 * now, or, present with a value no date can be read from, what it holds instead (such a token
 * is `malformed`, so its line must not read as a claim left out).
 */
export type TimeClaimLine =
  | { name: TimeClaimName; time: TimeClaim; relative: string }
  | { name: TimeClaimName; time: null; /** `present but not a number: "never"` */ fault: string };

/**
 * `expired 3 minutes ago`, `not valid until 10 minutes from now`, `issued 5 seconds ago`: the
 * words the verdict's reason uses of the same claim (check-token.ts), never "until in 10 minutes".
 */
function describeTime(name: TimeClaimName, time: TimeClaim, nowMs: number): string {
  const relative = describeRelative(time.seconds * 1000, nowMs);
  const past = time.seconds * 1000 <= nowMs;
  if (name === 'exp') return past ? `expired ${relative}` : `expires ${relative}`;
  if (name === 'nbf')
    return past ? `valid since ${relative}` : `not valid until ${describeUntil(time.seconds * 1000, nowMs)}`;
  return `issued ${relative}`;
}

/** The time claims a decoded token carries, in iat, nbf, exp order; empty when it has none. */
export function timeClaimLines(decoded: DecodedJwt, nowMs: number): TimeClaimLine[] {
  return (['iat', 'nbf', 'exp'] as const).flatMap((name): TimeClaimLine[] => {
    const time = decoded.times[name];
    if (time !== null) return [{ name, time, relative: describeTime(name, time, nowMs) }];
    const value = decoded.claims?.[name];
    if (value === undefined) return [];
    const written = typeof value === 'number' ? writtenClaim(decoded.json?.claims ?? null, name) : null;
    const read = readTimeClaim(value, written);
    return [
      { name, time: null, fault: `present but ${'fault' in read ? read.fault : 'not read as a date'}` },
    ];
  });
}
