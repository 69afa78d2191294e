import type { EventBus } from '../event-bus';
import type { OtherProcessesHandler } from '../other-processes-watch';
import type { EventsRepository } from '../store/events-repository';

/** Records pushed per look at most: an import of 300,000 elsewhere reaches the views in steps. */
const PUSHED_PER_LOOK = 2_000;

/**
 * Pushes the records other processes on the data directory write as this process's own are
 * pushed, so a live timeline shows them: it said "Live" and showed nothing of a `send` in a
 * terminal until it was opened again. The records this process wrote itself are skipped (the
 * recorder pushes those).
 */
export function otherProcessesRecords(deps: {
  events: Pick<EventsRepository, 'lastId' | 'summariesAfter'>;
  bus: Pick<EventBus, 'publish'>;
  writtenHere: Set<number>;
}): OtherProcessesHandler {
  let passed = deps.events.lastId();
  const forgetThrough = (id: number) => {
    for (const own of deps.writtenHere) if (own <= id) deps.writtenHere.delete(own);
  };
  return {
    committed() {
      const found = deps.events.summariesAfter(passed, PUSHED_PER_LOOK);
      for (const summary of found)
        if (!deps.writtenHere.has(summary.id)) deps.bus.publish('timeline.appended', summary);
      const last = found.at(-1);
      if (last !== undefined) {
        passed = last.id;
        forgetThrough(passed);
      }
      // More left: look again next time, even if nothing else is committed meanwhile.
      return found.length === PUSHED_PER_LOOK;
    },
    quiet(stillQuiet) {
      // Only this process wrote since the last look: everything up to here is its own, unless
      // another process committed between the two reads (then the next look reads its records).
      const last = deps.events.lastId();
      if (!stillQuiet()) return;
      passed = Math.max(passed, last);
      forgetThrough(passed);
    },
  };
}
