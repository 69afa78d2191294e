/**
 * Today, the window's local date, for every cell that writes the clock alone on today's records
 * and the day before it on another's (instant-format.ts `short` and `dayUnlessToday`). A window
 * left open past midnight kept writing yesterday's records as today's: each cell read the date
 * once as it rendered, and cached rows never rendered again. One owner now: a single timer to the
 * next local midnight, armed again each time it fires, and a look at the date whenever the window
 * comes back (visible, focused), since a sleeping machine's timers fire late or not at all. Those
 * who write such a cell subscribe (`useToday`, use-today.ts) and render again when the day changes.
 *
 * "Local" is the window's own zone, the one instant-format.ts writes in by default, so `Date`'s
 * local fields give the same day it does.
 */
export interface TodayClock {
  /** A moment of today, the same object until the day changes: what to pass as `now`. */
  today(): Date;
  /** Called when the day has changed; the timer runs only while someone listens. */
  subscribe(listener: () => void): () => void;
  /** Looks at the date now, as the window does on coming back: for a timer that slept. */
  recheck(): void;
}

const dayKey = (date: Date) => `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;

/** Milliseconds from `date` to the next local midnight. */
function untilMidnight(date: Date): number {
  const next = new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1);
  return next.getTime() - date.getTime();
}

/**
 * Calls `recheck` whenever the window comes back, until the function it returns is called. The
 * window's watches its page (use-today.ts); a test's, nothing.
 */
export type WatchReturns = (recheck: () => void) => () => void;

/** A today of its own: the window's is made once in use-today.ts. */
export function createTodayClock(watchReturns: WatchReturns = () => () => undefined): TodayClock {
  let today = new Date();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();

  const arm = () => {
    clearTimeout(timer);
    // A timer can fire a little early; recheck then finds the same day and arms again.
    timer = setTimeout(recheck, untilMidnight(new Date()));
  };
  function recheck() {
    const now = new Date();
    if (dayKey(now) !== dayKey(today)) {
      today = now;
      for (const listener of [...listeners]) listener();
    }
    if (listeners.size > 0) arm();
  }
  let unwatch: (() => void) | undefined;

  return {
    today: () => today,
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) {
        unwatch = watchReturns(recheck);
        // The day may have changed while nobody listened.
        recheck();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        clearTimeout(timer);
        timer = undefined;
        unwatch?.();
        unwatch = undefined;
      };
    },
    recheck,
  };
}
