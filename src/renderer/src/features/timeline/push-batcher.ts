/** Runs `run` at the next opportunity (an animation frame in the window); returns a canceller. */
export type FrameScheduler = (run: () => void) => () => void;

export interface PushBatcher<T> {
  push(item: T): void;
  /** Hands over whatever is waiting now (tests, and before the view goes away). */
  flush(): void;
  /** Drops what is waiting and stops scheduling. */
  dispose(): void;
}

/**
 * Collects pushed records and hands them over in one batch per frame: a burst of 100 webhooks
 * in a second becomes at most one state change (and one render) per frame, not 100.
 */
export function createPushBatcher<T>(
  schedule: FrameScheduler,
  deliver: (batch: T[]) => void,
): PushBatcher<T> {
  let waiting: T[] = [];
  let cancel: (() => void) | null = null;
  let disposed = false;

  const flush = () => {
    cancel?.();
    cancel = null;
    if (waiting.length === 0) return;
    const batch = waiting;
    waiting = [];
    deliver(batch);
  };

  return {
    push(item) {
      if (disposed) return;
      waiting.push(item);
      cancel ??= schedule(flush);
    },
    flush,
    dispose() {
      disposed = true;
      cancel?.();
      cancel = null;
      waiting = [];
    },
  };
}
