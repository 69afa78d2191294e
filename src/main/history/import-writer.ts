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

/** Writes validated records (skipping uids already stored), restoring links by uid; all or nothing. */
export async function writeImported(
  deps: ImportWriterDependencies,
  records: readonly ExportedEvent[],
): Promise<{ imported: number; skipped: number }> {
  // Only what committed: the uids name the records for the undo, whatever ids they were given.
  const written: { id: number; uid: string; related: string | null }[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  try {
    await inChunks(
      deps,
      records,
      (record) => {
        // Checked as it is written: another process may have stored the same uid meanwhile.
        if (seen.has(record.uid) || deps.history.idOfUid(record.uid) !== undefined) {
          skipped++;
          return undefined;
        }
        seen.add(record.uid);
        const { id } = deps.recorder.record(toNewEvent(record));
        return { id, uid: record.uid, related: record.related_uid };
      },
      (done) => written.push(...done),
    );
    // Links between records (a replay and its original) are restored by uid, once all are in.
    const linked = written.filter((entry) => entry.related !== null);
    await inChunks(deps, linked, (entry) => {
      const relatedId = deps.history.idOfUid(entry.related ?? '');
      if (relatedId !== undefined) deps.history.link(entry.id, relatedId);
    });
  } catch (error) {
    const why = `${IMPORT_STOPPED} ${errorWords(error)}.`;
    const remaining = await undo(
      deps,
      written.map((entry) => entry.uid),
    );
    if (remaining === 0) throw new ImportError(why);
    throw new ImportLeftRecordsError(
      `${why} ${countOf(remaining, 'record')} of this file ${remaining === 1 ? 'remains' : 'remain'}; importing it again skips them.`,
      remaining,
    );
  }
  return { imported: written.length, skipped };
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
