/**
 * Text written in one turn of the event loop, sent out in one write at the end of that turn.
 * `listen` prints a line per webhook: at a few thousand webhooks a second a write per line (a
 * system call each, synchronous on pipes and files) cost the listener about 5 % of its time,
 * while the lines still appear within the same turn, in order.
 */
export interface BatchedOutput {
  write(text: string): void;
  /** Writes what is held now (before the process stops). */
  flush(): void;
}

export function batchedOutput(write: (text: string) => void): BatchedOutput {
  let held: string[] = [];
  let scheduled: NodeJS.Immediate | null = null;
  const flush = () => {
    if (scheduled !== null) clearImmediate(scheduled);
    scheduled = null;
    if (held.length === 0) return;
    const text = held.join('');
    held = [];
    write(text);
  };
  return {
    write(text) {
      held.push(text);
      scheduled ??= setImmediate(flush);
    },
    flush,
  };
}
