import type { TimelineSummary } from '../../shared/events';
import type { EventBus } from '../event-bus';
import type { OtherProcessesHandler } from '../other-processes-watch';
import type { EventsRepository } from '../store/events-repository';

/** Records pushed per look at most: an import of 300,000 elsewhere reaches the views in steps. */
const PUSHED_PER_LOOK = 2_000;
/** Exchanges still waiting for their answer that are followed; past it, the oldest is let go. */
const FOLLOWED_AT_MOST = 500;

/**
 * An exchange stored before its request left (the client, replays): its answer, or its
 * failure, is written to the same row later.
 */
function isWaiting(summary: TimelineSummary): boolean {
  return (
    summary.status === null &&
    summary.error === null &&
    summary.durationMs === null &&
    (summary.kind === 'request' || summary.kind === 'replay' || summary.kind === 'forward')
  );
}

/**
 * Pushes the records other processes on the data directory write as this process's own are
 * pushed, so a live timeline shows them: it said "Live" and showed nothing of a `send` in a
 * terminal until it was opened again. The records this process wrote itself are skipped (the
 * recorder pushes those). An exchange pushed while it waited for its answer (a `send` in a
 * terminal is stored before its request leaves) is read again at each look until it has one,
 * and pushed as updated then: it read "sent, no answer yet" until the view was opened again.
 * Each is pushed as another process's (`listen` leaves them out of its lines).
 */
export function otherProcessesRecords(deps: {
  events: Pick<EventsRepository, 'lastId' | 'summariesAfter' | 'getSummary'>;
  bus: Pick<EventBus, 'publish'>;
  writtenHere: Set<number>;
}): OtherProcessesHandler {
  let passed = deps.events.lastId();
  const forgetThrough = (id: number) => {
    for (const own of deps.writtenHere) if (own <= id) deps.writtenHere.delete(own);
  };
  /** The ids pushed while waiting, oldest first. */
  const waiting = new Set<number>();
  const follow = (id: number) => {
    waiting.add(id);
    if (waiting.size > FOLLOWED_AT_MOST) {
      const oldest = waiting.values().next();
      if (oldest.done !== true) waiting.delete(oldest.value);
    }
  };
  const pushAnswered = () => {
    for (const id of waiting.keys()) {
      const now = deps.events.getSummary(id);
      // Removed meanwhile (retention elsewhere): nothing to say.
      if (now === undefined) waiting.delete(id);
      else if (!isWaiting(now)) {
        waiting.delete(id);
        deps.bus.publish('timeline.updated', now, 'another process');
      }
    }
  };
  return {
    committed() {
      pushAnswered();
      const found = deps.events.summariesAfter(passed, PUSHED_PER_LOOK);
      for (const summary of found)
        if (!deps.writtenHere.has(summary.id)) {
          deps.bus.publish('timeline.appended', summary, 'another process');
          if (isWaiting(summary)) follow(summary.id);
        }
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
