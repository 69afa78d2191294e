import type { TimelineSummary } from '../../shared/events';
import type { EventUpdate, NewEvent } from '../store/events-repository';
import type { EventRecorder } from '../timeline/event-recorder';

export interface IngestWriter {
  /** Resolves once the row is committed (the caller may then acknowledge the request). */
  insert(event: NewEvent): Promise<TimelineSummary>;
  /** Adds what became known after answering (the response sent); written with the next batch. */
  update(id: number, update: EventUpdate): void;
  /** Writes whatever is pending now. */
  flush(): void;
}

interface PendingInsert {
  event: NewEvent;
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
  let updates: { id: number; update: EventUpdate }[] = [];
  let scheduled = false;

  const writeInserts = (batch: PendingInsert[]) => {
    if (batch.length === 0) return;
    try {
      const summaries = recorder.recordMany(batch.map((pending) => pending.event));
      batch.forEach((pending, index) => {
        const summary = summaries[index];
        if (summary === undefined) pending.reject(new Error('The batch lost a row.'));
        else pending.resolve(summary);
      });
    } catch {
      for (const pending of batch) {
        try {
          pending.resolve(recorder.record(pending.event));
        } catch (error) {
          pending.reject(error);
        }
      }
    }
  };

  const writeUpdates = (batch: { id: number; update: EventUpdate }[]) => {
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
    insert(event) {
      return new Promise((resolve, reject) => {
        inserts.push({ event, resolve, reject });
        schedule();
      });
    },
    update(id, update) {
      updates.push({ id, update });
      schedule();
    },
    flush,
  };
}
