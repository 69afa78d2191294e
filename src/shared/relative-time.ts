import { countOf } from './count-words';

/** A duration as people say it: "45 seconds", "3 minutes", "2 hours", "4 days". */
export function describeDuration(ms: number): string {
  const seconds = Math.round(Math.abs(ms) / 1000);
  if (seconds < 90) return countOf(seconds, 'second');
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return countOf(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 48) return countOf(hours, 'hour');
  return countOf(Math.round(hours / 24), 'day');
}

/** "3 minutes ago" / "in 3 minutes", relative to `now`. */
export function describeRelative(atMs: number, nowMs: number): string {
  const delta = atMs - nowMs;
  return delta <= 0 ? `${describeDuration(delta)} ago` : `in ${describeDuration(delta)}`;
}

/**
 * "10 minutes from now" / "3 minutes ago": for a sentence that ends in a time, where "until in 10
 * minutes" would not read ("not valid until 10 minutes from now").
 */
export function describeUntil(atMs: number, nowMs: number): string {
  const delta = atMs - nowMs;
  return delta <= 0 ? `${describeDuration(delta)} ago` : `${describeDuration(delta)} from now`;
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
