import type { TimelineSummary } from '../../shared/events';
import type { EventBus } from '../event-bus';
import {
  applyUpdate,
  type EventsRepository,
  type EventUpdate,
  type NewEvent,
  type NumberedEvent,
} from '../store/events-repository';
import type { StoreWriter } from '../store/store-writer-types';

/** An update to a record whose summary the caller already holds (so it is not read back). */
export interface KnownUpdate {
  id: number;
  update: EventUpdate;
  /** The record's summary before this update; without it the row is read back. */
  base?: TimelineSummary;
}

/** The push a write makes: a new record, or what a known one learned. */
type Announcement = 'timeline.appended' | 'timeline.updated';

/**
 * Every method writes through the store's one writer. Called on its own, a method returns once
 * what it wrote is committed; called inside `inGroup`'s function, it is part of that write and
 * committed when `inGroup` resolves. Either way the push follows the commit.
 */
export interface EventRecorder {
  /**
   * Stores one record and pushes it to every front door; with `announce: false` the push waits
   * for the update that completes it (`update(…, { announceAs: 'timeline.appended' })`).
   */
  record(event: NewEvent, options?: { announce?: boolean }): TimelineSummary;
  /** Stores several in one transaction, then pushes them in order. */
  recordMany(events: readonly NewEvent[]): TimelineSummary[];
  /** Stores several records that name their own ids (the listener's answers), in one transaction. */
  recordNumbered(builders: readonly NumberedEvent[]): TimelineSummary[];
  /** Adds what became known later (a response, a verdict) and pushes the updated summary. */
  update(id: number, update: EventUpdate, options?: { announceAs?: Announcement }): TimelineSummary;
  /** Several updates in one transaction, then their pushes in order. */
  updateMany(updates: readonly KnownUpdate[]): TimelineSummary[];
  /** Resolves once everything recorded so far is committed. */
  committed(): Promise<void>;
  /**
   * Runs `write` (which records) in the writer's transaction of this turn: resolved once
   * committed, and waiting for another process's write lock without blocking the event loop.
   */
  inGroup<T>(write: () => T): Promise<T>;
  /**
   * The records this process wrote and the watch of other processes' records has not passed
   * yet (it skips them: they are pushed here when written or completed). Null unless asked for.
   */
  readonly writtenHere: Set<number> | null;
}

/**
 * The one way producers (listener, client, emulator deliveries, forwards, replays) write to
 * the timeline: persist first, then announce, so nothing is ever shown that is not stored.
 */
export function createEventRecorder(
  events: EventsRepository,
  bus: EventBus,
  writer: StoreWriter,
  options: { trackWrittenHere?: boolean } = {},
): EventRecorder {
  const writtenHere = options.trackWrittenHere === true ? new Set<number>() : null;
  const summaryOf = (id: number): TimelineSummary => {
    const summary = events.getSummary(id);
    if (summary === undefined) throw new Error(`Timeline record ${id} vanished right after being written.`);
    return summary;
  };
  /** Writes, then announces each summary once the transaction holding it has committed. */
  const recorded = (name: Announcement | null, write: () => TimelineSummary[]): TimelineSummary[] =>
    writer.writeNow(() => {
      const summaries = write();
      if (writtenHere !== null && name !== 'timeline.updated')
        for (const summary of summaries) writtenHere.add(summary.id);
      if (name !== null)
        writer.afterCommit(() => {
          for (const summary of summaries) bus.publish(name, summary);
        });
      return summaries;
    });
  const one = (summaries: TimelineSummary[]): TimelineSummary => {
    const [summary] = summaries;
    if (summary === undefined) throw new Error('The record was not written.');
    return summary;
  };
  return {
    record: (event, options) =>
      one(recorded(options?.announce === false ? null : 'timeline.appended', () => [events.insert(event)])),
    recordMany: (batch) => recorded('timeline.appended', () => batch.map((event) => events.insert(event))),
    recordNumbered: (builders) => recorded('timeline.appended', () => events.insertNumbered(builders)),
    update: (id, update, options) =>
      one(
        recorded(options?.announceAs ?? 'timeline.updated', () => {
          events.update(id, update);
          return [summaryOf(id)];
        }),
      ),
    updateMany: (updates) =>
      recorded('timeline.updated', () =>
        updates.map(({ id, update, base }) => {
          events.update(id, update);
          return base === undefined ? summaryOf(id) : applyUpdate(base, update);
        }),
      ),
    committed: () => writer.committed(),
    inGroup: (write) => writer.write(write),
    writtenHere,
  };
}
