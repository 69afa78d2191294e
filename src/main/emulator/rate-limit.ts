import { EmulatorError } from './emulator-errors';

/** The rolling window the Rate limit setting counts calls in. */
export const RATE_WINDOW_MS = 1000;

/**
 * The emulator's rate limit (Emulator → Settings: Rate limit), so a client's handling of 429 can
 * be tried. The spec shows no rate limit and not the real service's 429 (its code, its body, a
 * Retry-After or not): this answer, 429 `rate_limited` in the spec's error body with Retry-After
 * in whole seconds, is the emulator's own. Calls are counted across the service's API, in any
 * rolling second; a refused call is not counted, so a client that waits Retry-After gets in.
 */
export function createRateLimiter(now: () => number) {
  /** When each call in the current window was taken, oldest first. */
  let taken: number[] = [];
  return {
    /** Takes one call, or throws the 429 when `limit` (null: none) calls came within the window. */
    take(limit: number | null): void {
      // No limit (the default): nothing is counted, and create-checkout's hot path (issue 20)
      // pays no clock read or copy of the window per request.
      if (limit === null) {
        if (taken.length > 0) taken = [];
        return;
      }
      const at = now();
      taken = taken.filter((time) => time > at - RATE_WINDOW_MS);
      if (taken.length < limit) {
        taken.push(at);
        return;
      }
      // The oldest call leaves the window first; the next one is taken from then.
      const oldest = taken[taken.length - limit] ?? at;
      const waitSeconds = Math.max(1, Math.ceil((oldest + RATE_WINDOW_MS - at) / 1000));
      const refusal = new EmulatorError(
        429,
        'rate_limited',
        `Too many requests: the emulator is set to at most ${limit} request${limit === 1 ? '' : 's'} a second (Emulator → Settings: Rate limit). Try again after ${waitSeconds} s.`,
      );
      refusal.headers = { 'retry-after': String(waitSeconds) };
      throw refusal;
    },
  };
}
