import type { TimelineSummary } from '../../shared/events';
import type { EventBus } from '../event-bus';
import type { EventsRepository, EventUpdate, NewEvent } from '../store/events-repository';

export interface EventRecorder {
  /** Stores one record (committed when this returns) and pushes it to every front door. */
  record(event: NewEvent): TimelineSummary;
  /** Stores several in one transaction, then pushes them in order. */
  recordMany(events: readonly NewEvent[]): TimelineSummary[];
  /** Adds what became known later (a response, a verdict) and pushes the updated summary. */
  update(id: number, update: EventUpdate): TimelineSummary;
  /** Several updates in one transaction, then their pushes in order. */
  updateMany(updates: readonly { id: number; update: EventUpdate }[]): TimelineSummary[];
}

/**
 * The one way producers (listener, client, emulator deliveries, forwards, replays) write to
 * the timeline: persist first, then announce, so nothing is ever shown that is not stored.
 */
export function createEventRecorder(
  events: EventsRepository,
  bus: EventBus,
  transaction: <T>(fn: () => T) => T = (fn) => fn(),
): EventRecorder {
  const summaryOf = (id: number): TimelineSummary => {
    const summary = events.getSummary(id);
    if (summary === undefined) throw new Error(`Timeline record ${id} vanished right after being written.`);
    return summary;
  };
  return {
    record(event) {
      const summary = summaryOf(events.insert(event));
      bus.publish('timeline.appended', summary);
      return summary;
    },
    recordMany(batch) {
      const summaries = events.insertMany(batch).map(summaryOf);
      for (const summary of summaries) bus.publish('timeline.appended', summary);
      return summaries;
    },
    update(id, update) {
      events.update(id, update);
      const summary = summaryOf(id);
      bus.publish('timeline.updated', summary);
      return summary;
    },
    updateMany(updates) {
      const summaries = transaction(() =>
        updates.map(({ id, update }) => {
          events.update(id, update);
          return summaryOf(id);
        }),
      );
      for (const summary of summaries) bus.publish('timeline.updated', summary);
      return summaries;
    },
  };
}
