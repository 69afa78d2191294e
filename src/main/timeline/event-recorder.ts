import type { TimelineSummary } from '../../shared/events';
import type { EventBus } from '../event-bus';
import type { GroupCommit } from '../store/group-commit';
import {
  applyUpdate,
  type EventsRepository,
  type EventUpdate,
  type NewEvent,
  type NumberedEvent,
} from '../store/events-repository';

/** An update to a record whose summary the caller already holds (so it is not read back). */
export interface KnownUpdate {
  id: number;
  update: EventUpdate;
  /** The record's summary before this update; without it the row is read back. */
  base?: TimelineSummary;
}

export interface EventRecorder {
  /** Stores one record (committed when this returns) and pushes it to every front door. */
  record(event: NewEvent): TimelineSummary;
  /** Stores several in one transaction, then pushes them in order. */
  recordMany(events: readonly NewEvent[]): TimelineSummary[];
  /** Stores several records that name their own ids (the listener's answers), in one transaction. */
  recordNumbered(builders: readonly NumberedEvent[]): TimelineSummary[];
  /** Adds what became known later (a response, a verdict) and pushes the updated summary. */
  update(id: number, update: EventUpdate): TimelineSummary;
  /** Several updates in one transaction, then their pushes in order. */
  updateMany(updates: readonly KnownUpdate[]): TimelineSummary[];
  /**
   * Resolves once what was recorded is on disk: at once, unless another writer's group commit
   * (the emulator's) took the writes into its transaction, then after that commit.
   */
  committed(): Promise<void>;
  /**
   * Runs `write` (which records) in the connection's group commit: resolved once committed,
   * and waiting for another process's write lock without blocking the event loop.
   */
  inGroup<T>(write: () => T): Promise<T>;
}

/** Records made while a group commit is open are announced after it commits. */
type RecorderGroup = Pick<GroupCommit, 'afterCommit' | 'committed' | 'run'>;
const NO_GROUP: RecorderGroup = {
  afterCommit: (then) => then(),
  committed: () => Promise.resolve(),
  run: (write) => Promise.resolve().then(write),
};

/**
 * The one way producers (listener, client, emulator deliveries, forwards, replays) write to
 * the timeline: persist first, then announce, so nothing is ever shown that is not stored.
 */
export function createEventRecorder(
  events: EventsRepository,
  bus: EventBus,
  transaction: <T>(fn: () => T) => T = (fn) => fn(),
  group: RecorderGroup = NO_GROUP,
): EventRecorder {
  const publish = (name: 'timeline.appended' | 'timeline.updated', summary: TimelineSummary) =>
    group.afterCommit(() => bus.publish(name, summary));
  const summaryOf = (id: number): TimelineSummary => {
    const summary = events.getSummary(id);
    if (summary === undefined) throw new Error(`Timeline record ${id} vanished right after being written.`);
    return summary;
  };
  const announce = (summaries: TimelineSummary[]) => {
    for (const summary of summaries) publish('timeline.appended', summary);
    return summaries;
  };
  return {
    record(event) {
      const summary = events.insertSummarised(event);
      publish('timeline.appended', summary);
      return summary;
    },
    recordMany(batch) {
      return announce(events.insertMany(batch));
    },
    recordNumbered(builders) {
      return announce(events.insertNumbered(builders));
    },
    update(id, update) {
      events.update(id, update);
      const summary = summaryOf(id);
      publish('timeline.updated', summary);
      return summary;
    },
    updateMany(updates) {
      const summaries = transaction(() =>
        updates.map(({ id, update, base }) => {
          events.update(id, update);
          return base === undefined ? summaryOf(id) : applyUpdate(base, update);
        }),
      );
      for (const summary of summaries) publish('timeline.updated', summary);
      return summaries;
    },
    committed: () => group.committed(),
    inGroup: (write) => group.run(write),
  };
}
