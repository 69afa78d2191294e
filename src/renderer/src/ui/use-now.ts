import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs`, so "3 minutes ago" stays true; null: read once,
 * for a component whose now comes from elsewhere this time (hooks cannot be left out).
 */
export function useNow(intervalMs: number | null = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (intervalMs === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
