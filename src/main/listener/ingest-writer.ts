import type { TimelineSummary } from '../../shared/events';
import type { EventUpdate, NumberedEvent } from '../store/events-repository';
import type { EventRecorder } from '../timeline/event-recorder';
import { errorWords } from '../../shared/error-words';

export interface IngestWriter {
  /**
   * Resolves once the row is committed (the caller may then acknowledge the request). The row
   * is built once its id is known, so the answer that names the id is stored with it.
   */
  insert(build: NumberedEvent): Promise<TimelineSummary>;
  /**
   * Adds what became known after answering (how long it took, or that the client left),
   * written with the turn's other writes. `base` is the record's summary, so it is not read back.
   */
  update(id: number, update: EventUpdate, base?: TimelineSummary): void;
  /** Requests that could not be stored (a lock held too long, a full disk): each was answered 503. */
  notStored(): number;
  /** Why the last of them could not be stored, in the error's words; null while none failed. */
  notStoredReason(): string | null;
}

/**
 * The listener's side of the store writer. Batching is the writer's: every request that
 * finished reading in the same turn of the event loop shares its transaction, each in its own
 * savepoint (one bad row cannot take the others down), and each insert resolves only after
 * that commit, so a request is answered only once its row is on disk. While another process
 * (an import, another listener) holds the write lock the writes wait on a timer and the
 * listener keeps accepting and reading; only a lock held past the writer's limit, or a write
 * that fails (a full disk), fails them (a 503, counted in `notStored`, its reason kept).
 */
export function createIngestWriter(
  recorder: EventRecorder,
  onError: (message: string) => void,
  onNotStored: (count: number) => void = () => undefined,
): IngestWriter {
  let notStored = 0;
  let notStoredReason: string | null = null;
  return {
    insert(build) {
      return recorder
        .inGroup(() => recorder.recordNumbered([build]))
        .then(
          ([summary]) => {
            if (summary === undefined) throw new Error('The row was not written.');
            return summary;
          },
          (error: unknown) => {
            // Answered 503 (DatabaseBusyError: the lock stayed taken; anything else, such as a full
            // disk: the row failed). The reason is kept as said: guessing it told a full disk
            // apart from a lock by nothing.
            notStored++;
            notStoredReason = errorWords(error);
            onNotStored(notStored);
            throw error;
          },
        );
    },
    update(id, update, base) {
      recorder
        .inGroup(() => recorder.updateMany([base === undefined ? { id, update } : { id, update, base }]))
        .catch((error: unknown) => onError(`Could not store a listener response: ${errorWords(error)}`));
    },
    notStored: () => notStored,
    notStoredReason: () => notStoredReason,
  };
}
