/** A duration as people say it: "45 seconds", "3 minutes", "2 hours", "4 days". */
export function describeDuration(ms: number): string {
  const seconds = Math.round(Math.abs(ms) / 1000);
  const unit = (value: number, word: string) => `${value} ${word}${value === 1 ? '' : 's'}`;
  if (seconds < 90) return unit(seconds, 'second');
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return unit(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 48) return unit(hours, 'hour');
  return unit(Math.round(hours / 24), 'day');
}

/** "3 minutes ago" / "in 3 minutes", relative to `now`. */
export function describeRelative(atMs: number, nowMs: number): string {
  const delta = atMs - nowMs;
  return delta <= 0 ? `${describeDuration(delta)} ago` : `in ${describeDuration(delta)}`;
}
