import { countOf } from './count-words';

/**
 * A duration as people say it: "45 seconds", "3 minutes", "2 hours", "4 days". Signed: a negative
 * `ms` is a span in the past, and every step rounds the signed value (half toward the future), so
 * the "ago" and the "in" of one span add up to it: a 15-minute token read "issued 2 minutes ago"
 * beside "expires in 14 minutes", each half rounded away from now (t74).
 */
export function describeDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (Math.abs(seconds) < 90) return countOf(Math.abs(seconds), 'second');
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 90) return countOf(Math.abs(minutes), 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 48) return countOf(Math.abs(hours), 'hour');
  return countOf(Math.abs(Math.round(hours / 24)), 'day');
}

/** How long ago, `msAgo` before now, rounded as describeDuration rounds the past. */
export function describeAgo(msAgo: number): string {
  return `${describeDuration(-msAgo)} ago`;
}

/** "3 minutes ago" / "in 3 minutes", relative to `now`. */
export function describeRelative(atMs: number, nowMs: number): string {
  const delta = atMs - nowMs;
  return delta <= 0 ? describeAgo(-delta) : `in ${describeDuration(delta)}`;
}

/**
 * "10 minutes from now" / "3 minutes ago": for a sentence that ends in a time, where "until in 10
 * minutes" would not read ("not valid until 10 minutes from now").
 */
export function describeUntil(atMs: number, nowMs: number): string {
  const delta = atMs - nowMs;
  return delta <= 0 ? describeAgo(-delta) : `${describeDuration(delta)} from now`;
}

/**
 * A countdown clock: `4:05` under an hour, `23:59:44` from an hour up (never `1439:44`).
 * Self-contained on purpose: the emulator's hosted checkout page runs this very function in
 * the browser (its source is written into the page), so the page and the console agree.
 */
export function formatCountdown(totalSeconds: number): string {
  const left = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(left / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  const seconds = left % 60;
  const two = (value: number): string => (value < 10 ? '0' : '') + String(value);
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
}
