import type { HistoryRepository } from '../store/history-repository';
import type { EventRecorder } from '../timeline/event-recorder';
import { ImportError, toNewEvent } from './import-file';
import { inPacedWrites, type PacedWriteOptions } from './paced-writes';
import { errorWords } from '../../shared/error-words';
import { countOf } from '../../shared/count-words';
import { IMPORT_STOPPED, type ExportedEvent } from '../../shared/history-file';

/**
 * Writing an import without taking the database from everyone else: in short transactions
 * through the store's writer, paced by `paced-writes.ts` (one transaction for a large file held
 * SQLite's write lock for minutes, so every other process waited, and a listener gave up with
 * a 503).
 *
 * All or nothing holds for every failure the import sees: what it wrote (only what committed) is
 * removed again, by uid, before it reports. An undo that cannot finish either (it writes too, on
 * the same full disk) is never reported as "nothing imported": the error says how many of the
 * file's records remain. If the process itself is killed mid-way, the records written so far
 * stay; importing the same file again skips them (by uid) and writes the rest.
 */
export interface ImportWriterDependencies extends PacedWriteOptions {
  history: HistoryRepository;
  /** SQLite's data_version: moves when another connection (process) commits. */
  dataVersion: () => number;
  recorder: EventRecorder;
  /**
   * Whether a file's record says what the stored record of its uid says (import-stored-match.ts);
   * those that do not are still skipped, and named in the result.
   */
  matchesStored?: (record: ExportedEvent, storedId: number) => boolean;
}

/**
 * Runs `step` over `items` in paced chunks, each one write transaction. `committed` is called
 * after each transaction commits, with what its steps returned: a chunk whose commit fails (a full
 * disk) is rolled back whole, and what it did is not reported as done.
 */
function inChunks<T, R>(
  deps: ImportWriterDependencies,
  items: readonly T[],
  step: (item: T) => R | undefined,
  committed: (done: R[]) => void = () => undefined,
): Promise<void> {
  if (items.length === 0) return Promise.resolve();
  let next = 0;
  let chunk: R[] = [];
  const write = async <W>(fn: () => W): Promise<W> => {
    chunk = [];
    try {
      const result = await deps.recorder.inGroup(fn);
      committed(chunk);
      return result;
    } finally {
      chunk = [];
    }
  };
  return inPacedWrites({ ...deps, write }, () => {
    const item = items[next];
    next++;
    if (item !== undefined) {
      const done = step(item);
      if (done !== undefined) chunk.push(done);
    }
    return next < items.length;
  });
}

/**
 * Writes validated records (skipping uids already stored) and links them by uid, in both
 * directions, to records of the file and to those already stored; all or nothing. `unlinked`:
 * the file's records whose related record is neither in it nor stored (each keeps the uid, and
 * is linked when that record is imported).
 */
export async function writeImported(
  deps: ImportWriterDependencies,
  /** The records, or batches of them as a file read as a stream gives them (one undo for all). */
  records: readonly ExportedEvent[] | AsyncIterable<readonly ExportedEvent[]>,
): Promise<{ imported: number; skipped: number; unlinked: number; differingIds: number[] }> {
  // Only what committed: the uids name the records for the undo, whatever ids they were given.
  const written: string[] = [];
  const seen = new Set<string>();
  /** The file's records that name a related record, written or already stored. */
  const relating = new Set<string>();
  let skipped = 0;
  /** The stored records (ids) of the skipped whose file's record says something else. */
  const differingIds: number[] = [];
  const batches = Symbol.asyncIterator in records ? records : [records];
  try {
    // A batch's failure (or the stream's: the file changed) removes every batch written before it.
    for await (const batch of batches)
      await inChunks(
        deps,
        batch,
        (record) => {
          if (record.related_uid !== null) relating.add(record.uid);
          // Checked as it is written: another process may have stored the same uid meanwhile.
          const stored = seen.has(record.uid) ? undefined : deps.history.storedByUid(record.uid);
          if (seen.has(record.uid) || stored !== undefined) {
            skipped++;
            // Never written over (the stored record is the evidence), but said.
            if (stored !== undefined && deps.matchesStored?.(record, stored.id) === false)
              differingIds.push(stored.id);
            // Stored by an import that lost its link (a filtered export, or one before links were
            // kept): it keeps this file's, and is linked below if that record is here.
            if (
              stored?.imported === true &&
              stored.relatedId === null &&
              stored.keptRelatedUid === null &&
              record.related_uid !== null
            )
              deps.history.keepRelatedUid(stored.id, record.related_uid);
            return undefined;
          }
          seen.add(record.uid);
          const relatedId =
            record.related_uid === null ? undefined : deps.history.idOfUid(record.related_uid);
          deps.recorder.record({ ...toNewEvent(record), ...(relatedId === undefined ? {} : { relatedId }) });
          return record.uid;
        },
        (done) => written.push(...done),
      );
    // Every imported record still waiting for its related record (this file's, and earlier
    // imports' whose record this file brings) is linked once all are in.
    const waiting = deps.history.waitingLinks();
    const linkedNow = new Set<string>();
    await inChunks(
      deps,
      waiting,
      (entry) => {
        const relatedId = deps.history.idOfUid(entry.relatedUid);
        if (relatedId === undefined) return undefined;
        deps.history.link(entry.id, relatedId);
        return entry.uid;
      },
      (done) => done.forEach((uid) => linkedNow.add(uid)),
    );
    const unlinked = waiting.filter((entry) => relating.has(entry.uid) && !linkedNow.has(entry.uid)).length;
    return { imported: written.length, skipped, unlinked, differingIds };
  } catch (error) {
    // Its own full stop, if it has one (the file changed), is not said twice.
    const why = `${IMPORT_STOPPED} ${errorWords(error).replace(/\.$/, '')}.`;
    const remaining = await undo(deps, written);
    if (remaining === 0) throw new ImportError(why);
    throw new ImportLeftRecordsError(
      `${why} ${countOf(remaining, 'record')} of this file ${remaining === 1 ? 'remains' : 'remain'}; importing it again skips them.`,
      remaining,
    );
  }
}

/**
 * A failed import that could not remove all it wrote (the undo, on the same full disk, failed
 * too): the message says how many of the file's records remain, counted after the undo.
 */
export class ImportLeftRecordsError extends Error {
  constructor(
    message: string,
    readonly remaining: number,
  ) {
    super(message);
    this.name = 'ImportLeftRecordsError';
  }
}

const UNDO_AT_ONCE = 500;

/**
 * Removes what a failed import wrote, by uid, in the same short transactions; returns how many of
 * those records are still stored after it (none, unless the undo itself failed).
 */
async function undo(deps: ImportWriterDependencies, uids: readonly string[]): Promise<number> {
  const batches: string[][] = [];
  for (let at = 0; at < uids.length; at += UNDO_AT_ONCE) batches.push(uids.slice(at, at + UNDO_AT_ONCE));
  let removed = 0;
  try {
    await inChunks(
      deps,
      batches,
      (batch) => deps.history.removeImported(batch),
      (done) => (removed += done.reduce((sum, n) => sum + n, 0)),
    );
    return 0;
  } catch {
    // Read, not written, so a full disk does not stop it: exactly what is there now.
    try {
      return batches.reduce((sum, batch) => sum + deps.history.countImported(batch), 0);
    } catch {
      return uids.length - removed;
    }
  }
}
