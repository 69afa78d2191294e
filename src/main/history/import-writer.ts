import type { ExportedEvent } from '../../shared/history-file';
import type { HistoryRepository } from '../store/history-repository';
import type { EventRecorder } from '../timeline/event-recorder';
import { ImportError, toNewEvent } from './import-file';
import { inPacedWrites, type PacedWriteOptions } from './paced-writes';
import { errorWords } from '../../shared/error-words';

/**
 * Writing an import without taking the database from everyone else: in short transactions
 * through the store's writer, paced by `paced-writes.ts` (one transaction for a large file held
 * SQLite's write lock for minutes, so every other process waited, and a listener gave up with
 * a 503).
 *
 * All or nothing still holds for every failure the import sees: what it wrote is removed
 * again before it reports. If the process itself is killed mid-way, the records written so far
 * stay; importing the same file again skips them (by uid) and writes the rest.
 */
export interface ImportWriterDependencies extends PacedWriteOptions {
  history: HistoryRepository;
  /** SQLite's data_version: moves when another connection (process) commits. */
  dataVersion: () => number;
  recorder: EventRecorder;
}

/** Runs `step` over `items` in paced chunks, each one write transaction. */
function inChunks<T>(
  deps: ImportWriterDependencies,
  items: readonly T[],
  step: (item: T) => void,
): Promise<void> {
  if (items.length === 0) return Promise.resolve();
  let next = 0;
  return inPacedWrites({ ...deps, write: (fn) => deps.recorder.inGroup(fn) }, () => {
    const item = items[next];
    next++;
    if (item !== undefined) step(item);
    return next < items.length;
  });
}

/** Writes validated records (skipping uids already stored), restoring links by uid; all or nothing. */
export async function writeImported(
  deps: ImportWriterDependencies,
  records: readonly ExportedEvent[],
): Promise<{ imported: number; skipped: number }> {
  const written: { id: number; related: string | null }[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  try {
    await inChunks(deps, records, (record) => {
      // Checked as it is written: another process may have stored the same uid meanwhile.
      if (seen.has(record.uid) || deps.history.idOfUid(record.uid) !== undefined) {
        skipped++;
        return;
      }
      seen.add(record.uid);
      written.push({ id: deps.recorder.record(toNewEvent(record)).id, related: record.related_uid });
    });
    // Links between records (a replay and its original) are restored by uid, once all are in.
    const linked = written.filter((entry) => entry.related !== null);
    await inChunks(deps, linked, (entry) => {
      const relatedId = deps.history.idOfUid(entry.related ?? '');
      if (relatedId !== undefined) deps.history.link(entry.id, relatedId);
    });
  } catch (error) {
    const ids = written.map((entry) => entry.id);
    const undone = await undo(deps, ids).then(
      () => '',
      () => ` ${ids.length} records already written may remain; importing the file again skips them.`,
    );
    throw new ImportError(`The import stopped: ${errorWords(error)}.${undone}`);
  }
  return { imported: written.length, skipped };
}

/** Removes what a failed import wrote, in the same short transactions. */
async function undo(deps: ImportWriterDependencies, ids: readonly number[]): Promise<void> {
  const batches: number[][] = [];
  for (let at = 0; at < ids.length; at += 500) batches.push(ids.slice(at, at + 500));
  await inChunks(deps, batches, (batch) => deps.history.removeIds(batch));
}
