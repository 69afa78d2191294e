import type { TimelineSummary } from '../../shared/events';
import type { EventUpdate, NumberedEvent } from '../store/events-repository';
import { DatabaseBusyError } from '../store/write-lock';
import type { EventRecorder, KnownUpdate } from '../timeline/event-recorder';

export interface IngestWriter {
  /**
   * Resolves once the row is committed (the caller may then acknowledge the request). The row
   * is built once its id is known, so the answer that names the id is stored with it.
   */
  insert(build: NumberedEvent): Promise<TimelineSummary>;
  /**
   * Adds what became known after answering (how long it took, or that the client left);
   * written with the next batch. `base` is the record's summary, so it is not read back.
   */
  update(id: number, update: EventUpdate, base?: TimelineSummary): void;
  /**
   * Hands whatever is pending to the group commit now (closing); the console commits the
   * group, waiting for the lock synchronously if it must, before it closes the database.
   */
  flush(): void;
  /** Requests that could not be stored (the database stayed locked): each was answered 503. */
  notStored(): number;
}

interface PendingInsert {
  build: NumberedEvent;
  resolve: (summary: TimelineSummary) => void;
  reject: (error: unknown) => void;
}

/**
 * Batches the listener's writes: every request that finished reading in the same turn of the
 * event loop is committed in one transaction, then each is acknowledged. Correctness first:
 * a request is answered only after its own row is committed; a failed batch is retried one
 * row at a time so one bad row cannot take the others down. Writes go through the group
 * commit, so while another process (an import, another listener) holds the write lock they
 * wait on a timer and the listener keeps accepting and reading; only a lock held past the
 * group commit's limit fails them (a 503, counted in `notStored`).
 */
export function createIngestWriter(
  recorder: EventRecorder,
  onError: (message: string) => void,
  onNotStored: (count: number) => void = () => undefined,
): IngestWriter {
  let inserts: PendingInsert[] = [];
  let updates: KnownUpdate[] = [];
  let scheduled = false;
  let notStored = 0;

  const refuse = (pending: PendingInsert, error: unknown) => {
    notStored++;
    onNotStored(notStored);
    pending.reject(error);
  };

  const writeOne = (pending: PendingInsert) =>
    recorder
      .inGroup(() => recorder.recordNumbered([pending.build]))
      .then(([summary]) => {
        if (summary === undefined) throw new Error('The row was not written.');
        pending.resolve(summary);
      });

  const writeInserts = (batch: PendingInsert[]) => {
    if (batch.length === 0) return;
    recorder
      .inGroup(() => recorder.recordNumbered(batch.map((pending) => pending.build)))
      .then(
        (summaries) =>
          batch.forEach((pending, index) => {
            const summary = summaries[index];
            if (summary === undefined) refuse(pending, new Error('The batch lost a row.'));
            else pending.resolve(summary);
          }),
        (error: unknown) => {
          if (error instanceof DatabaseBusyError) {
            for (const pending of batch) refuse(pending, error);
            return;
          }
          for (const pending of batch)
            writeOne(pending).catch((failure: unknown) => refuse(pending, failure));
        },
      );
  };

  const writeUpdates = (batch: KnownUpdate[]) => {
    if (batch.length === 0) return;
    recorder
      .inGroup(() => recorder.updateMany(batch))
      .catch((error: unknown) =>
        onError(
          `Could not store ${batch.length} listener response(s): ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
  };

  const write = () => {
    scheduled = false;
    const insertBatch = inserts;
    const updateBatch = updates;
    inserts = [];
    updates = [];
    writeInserts(insertBatch);
    writeUpdates(updateBatch);
  };

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(write);
  };

  return {
    insert(build) {
      return new Promise((resolve, reject) => {
        inserts.push({ build, resolve, reject });
        schedule();
      });
    },
    update(id, update, base) {
      updates.push(base === undefined ? { id, update } : { id, update, base });
      schedule();
    },
    flush: write,
    notStored: () => notStored,
  };
}
