import { OutputClosed } from './standard-io';

/**
 * Text written within a short window, sent out in one write at its end. `listen` prints a line
 * per webhook: at a few thousand webhooks a second a write per line (a system call each,
 * synchronous on pipes and files) cost the listener about 5 % of its time, and so did a write
 * per turn of the event loop (a few lines each at 10 connections). 50 ms is below what a reader
 * of a terminal notices; the lines keep their order.
 */
export interface BatchedOutput<T = string> {
  write(item: T): void;
  /** Writes what is held now (before the process stops, or before a line on another stream). */
  flush(): void;
}

export const BATCH_WINDOW_MS = 50;

export function batchedOutput(write: (text: string) => void, windowMs = BATCH_WINDOW_MS): BatchedOutput {
  return batchedItems((held) => held.join(''), write, windowMs);
}

/**
 * The same for items turned into text only when their window ends, all together by `render`:
 * what costs a few microseconds to prepare (`listen` masks its lines with the profile secrets,
 * read once) is prepared once per window, not once per item.
 */
export function batchedItems<T>(
  render: (held: readonly T[]) => string,
  write: (text: string) => void,
  windowMs = BATCH_WINDOW_MS,
): BatchedOutput<T> {
  let held: T[] = [];
  let scheduled: NodeJS.Timeout | null = null;
  const flush = () => {
    if (scheduled !== null) clearTimeout(scheduled);
    scheduled = null;
    if (held.length === 0) return;
    const items = held;
    held = [];
    write(render(items));
  };
  // A write on the timer has no caller to end: once the reader is gone, what was held goes
  // nowhere (`listen` writes through outputWhileServing, which goes on without printing).
  const flushOnTimer = () => {
    try {
      flush();
    } catch (error) {
      if (!(error instanceof OutputClosed)) throw error;
    }
  };
  return {
    write(item) {
      held.push(item);
      // Unref'd: held lines never keep a stopping process alive (stop() flushes them).
      scheduled ??= setTimeout(flushOnTimer, windowMs).unref();
    },
    flush,
  };
}
