import type { EventBus } from '../event-bus';
import type { EventsRepository } from '../store/events-repository';

/** Records pushed per look at most: an import of 300,000 elsewhere reaches the views in steps. */
const PUSHED_PER_LOOK = 2_000;

/**
 * Pushes the records other processes on the data directory write (a `listen` or `send` in a
 * terminal, a second console) as this process's own are pushed, so a live timeline shows them:
 * it said "Live" and showed nothing of them until it was opened again. Looks once a second, and
 * only reads when SQLite's data_version says another connection committed; the records this
 * process wrote itself are skipped (the recorder pushes those).
 */
export function watchOtherProcessesRecords(deps: {
  events: Pick<EventsRepository, 'lastId' | 'summariesAfter'>;
  bus: Pick<EventBus, 'publish'>;
  dataVersion: () => number;
  writtenHere: Set<number>;
  onError: (error: unknown) => void;
  intervalMs?: number;
}): () => void {
  let seenVersion = deps.dataVersion();
  let passed = deps.events.lastId();
  const forgetThrough = (id: number) => {
    for (const own of deps.writtenHere) if (own <= id) deps.writtenHere.delete(own);
  };
  const look = () => {
    const version = deps.dataVersion();
    if (version === seenVersion) {
      // Only this process wrote since the last look: everything up to here is its own, unless
      // another process committed between the two reads (then the next look reads its records).
      const last = deps.events.lastId();
      if (deps.dataVersion() !== version) return;
      passed = Math.max(passed, last);
      forgetThrough(passed);
      return;
    }
    const found = deps.events.summariesAfter(passed, PUSHED_PER_LOOK);
    for (const summary of found)
      if (!deps.writtenHere.has(summary.id)) deps.bus.publish('timeline.appended', summary);
    const last = found.at(-1);
    if (last !== undefined) {
      passed = last.id;
      forgetThrough(passed);
    }
    // More left: look again next time, even if nothing else is committed meanwhile.
    seenVersion = found.length === PUSHED_PER_LOOK ? -1 : version;
  };
  const timer = setInterval(() => {
    try {
      look();
    } catch (error) {
      // A read that failed (another process holds a lock) is tried again at the next look.
      seenVersion = -1;
      deps.onError(error);
    }
  }, deps.intervalMs ?? 1000);
  timer.unref();
  return () => clearInterval(timer);
}
