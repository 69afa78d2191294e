import { describeRelative } from '../relative-time';
import { readTimeClaim, type DecodedJwt, type TimeClaim } from './decode-jwt';

export type TimeClaimName = 'iat' | 'nbf' | 'exp';

/** Said when a token has none of the three: the spec requires none, so their absence refuses nothing (another fault may). */
export const NO_TIME_CLAIMS =
  'No iat, nbf or exp claim. The spec requires none, so their absence alone is no reason the listener refuses a token.';

/**
 * A time claim as the inspector and `jwt decode` show it: a date and when it is relative to
 * now, or, present with a value no date can be read from, what it holds instead (such a token
 * is `malformed`, so its line must not read as a claim left out).
 */
export type TimeClaimLine =
  | { name: TimeClaimName; time: TimeClaim; relative: string }
  | { name: TimeClaimName; time: null; /** `present but not a number: "never"` */ fault: string };

/** `expired 3 minutes ago`, `not valid until in 10 minutes`, `issued 5 seconds ago`. */
function describeTime(name: TimeClaimName, time: TimeClaim, nowMs: number): string {
  const relative = describeRelative(time.seconds * 1000, nowMs);
  const past = time.seconds * 1000 <= nowMs;
  if (name === 'exp') return past ? `expired ${relative}` : `expires ${relative}`;
  if (name === 'nbf') return past ? `valid since ${relative}` : `not valid until ${relative}`;
  return `issued ${relative}`;
}

/** The time claims a decoded token carries, in iat, nbf, exp order; empty when it has none. */
export function timeClaimLines(decoded: DecodedJwt, nowMs: number): TimeClaimLine[] {
  return (['iat', 'nbf', 'exp'] as const).flatMap((name): TimeClaimLine[] => {
    const time = decoded.times[name];
    if (time !== null) return [{ name, time, relative: describeTime(name, time, nowMs) }];
    const value = decoded.claims?.[name];
    if (value === undefined) return [];
    const read = readTimeClaim(value);
    return [
      { name, time: null, fault: `present but ${'fault' in read ? read.fault : 'not read as a date'}` },
    ];
  });
}
