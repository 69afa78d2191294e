import type { TimelineSummary } from '../../shared/events';
import type { EventUpdate, NumberedEvent } from '../store/events-repository';
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
  /** Writes whatever is pending now. */
  flush(): void;
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
 * row at a time so one bad row cannot take the others down.
 */
export function createIngestWriter(
  recorder: EventRecorder,
  onError: (message: string) => void,
): IngestWriter {
  let inserts: PendingInsert[] = [];
  let updates: KnownUpdate[] = [];
  let scheduled = false;

  const writeInserts = (batch: PendingInsert[]) => {
    if (batch.length === 0) return;
    try {
      const summaries = recorder.recordNumbered(batch.map((pending) => pending.build));
      // Acknowledged only once on disk: if another writer's group commit took these rows into
      // its transaction, that commit is waited for.
      recorder.committed().then(
        () =>
          batch.forEach((pending, index) => {
            const summary = summaries[index];
            if (summary === undefined) pending.reject(new Error('The batch lost a row.'));
            else pending.resolve(summary);
          }),
        (error: unknown) => batch.forEach((pending) => pending.reject(error)),
      );
    } catch {
      for (const pending of batch) {
        try {
          const [summary] = recorder.recordNumbered([pending.build]);
          if (summary === undefined) throw new Error('The row was not written.');
          recorder.committed().then(() => pending.resolve(summary), pending.reject);
        } catch (error) {
          pending.reject(error);
        }
      }
    }
  };

  const writeUpdates = (batch: KnownUpdate[]) => {
    if (batch.length === 0) return;
    try {
      recorder.updateMany(batch);
    } catch (error) {
      onError(
        `Could not store ${batch.length} listener response(s): ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };

  const flush = () => {
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
    setImmediate(flush);
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
    flush,
  };
}
