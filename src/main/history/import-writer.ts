import { setTimeout as sleep } from 'node:timers/promises';
import type { ExportedEvent } from '../../shared/history-file';
import type { HistoryRepository } from '../store/history-repository';
import { DatabaseBusyError } from '../store/write-lock';
import type { EventRecorder } from '../timeline/event-recorder';
import { ImportError, toNewEvent } from './import-file';
import { errorWords } from '../../shared/error-words';

/**
 * Writing an import without taking the database from everyone else. One transaction for a
 * large file held SQLite's write lock for minutes, so every other process (a listener taking
 * webhooks) waited, and one gave up with a 503. Here the records are written in short
 * transactions (through the store's writer) with a pause between them in which other processes
 * take their turn. A transaction lasts CHUNK_MS while anyone else writes the database (SQLite
 * says so: `data_version` moves when another connection commits). When another process wrote
 * since the last chunk (a listener under load does before every chunk), the chunk is half as
 * long and the pause as long as the chunk took, so the other gets the lock and a core at least
 * half the time. Measured on two cores, a listener under load beside a 300,000-record import:
 * p99 33–37 ms with 8 ms chunks and 2 ms pauses, 15–19 ms now. Beside a trickle of webhooks
 * most chunks see no other write and keep the 8 ms and the short pause, so such an import is
 * no slower. After a quiet half second the chunks grow up to QUIET_CHUNK_MS, because every
 * commit rewrites the index pages it touched and many small ones make a lone import about
 * twice as slow.
 *
 * All or nothing still holds for every failure the import sees: what it wrote is removed
 * again before it reports. If the process itself is killed mid-way, the records written so far
 * stay; importing the same file again skips them (by uid) and writes the rest.
 */
const CHUNK_MS = 8;
const QUIET_CHUNK_MS = 64;
const QUIET_AFTER_MS = 500;
const PAUSE_MS = 2;
/** The import is not answering anyone: it waits longer than a webhook may for a busy lock. */
const BUSY_PATIENCE_MS = 10 * 60_000;

export interface ImportWriterDependencies {
  history: HistoryRepository;
  /** SQLite's data_version: moves when another connection (process) commits. */
  dataVersion: () => number;
  recorder: EventRecorder;
  chunkMs?: number;
  pauseMs?: number;
}

/** How long the next chunk may write: half the shortest while another process writes between chunks. */
export function chunkLengthMs(othersWrote: boolean, chunkMs: number, shortestMs = CHUNK_MS): number {
  return othersWrote ? shortestMs / 2 : chunkMs;
}

/**
 * The pause after a chunk that held the lock for `tookMs`: as long again while another process
 * writes between chunks (a listener under load: at most half of the lock and of the CPU is the
 * import's), else short, so an import beside a trickle of webhooks is no slower.
 */
export function pauseAfterChunkMs(othersWrote: boolean, tookMs: number): number {
  return othersWrote ? Math.max(PAUSE_MS, tookMs) : PAUSE_MS;
}

/** Runs `step` over `items` in time-bounded chunks, each one write transaction, pausing between. */
async function inChunks<T>(
  deps: ImportWriterDependencies,
  items: readonly T[],
  step: (item: T) => void,
): Promise<void> {
  const shortest = deps.chunkMs ?? CHUNK_MS;
  let seenVersion = deps.dataVersion();
  let quietSince = performance.now();
  let chunkMs = shortest;
  let next = 0;
  while (next < items.length) {
    const version = deps.dataVersion();
    const othersWrote = version !== seenVersion;
    if (othersWrote) {
      // Another process wrote since the last chunk: keep transactions short while it does.
      seenVersion = version;
      quietSince = performance.now();
      chunkMs = shortest;
    } else if (performance.now() - quietSince > QUIET_AFTER_MS) {
      chunkMs = Math.min(chunkMs * 2, Math.max(shortest, QUIET_CHUNK_MS));
    }
    const thisChunkMs = chunkLengthMs(othersWrote, chunkMs, shortest);
    const giveUpAt = Date.now() + BUSY_PATIENCE_MS;
    // From the chunk's first row to its commit: the time it held the lock, not the time it waited.
    let chunkStarted = 0;
    for (;;) {
      try {
        next = await deps.recorder.inGroup(() => {
          chunkStarted = performance.now();
          let index = next;
          do {
            const item = items[index];
            if (item !== undefined) step(item);
            index++;
          } while (index < items.length && performance.now() - chunkStarted < thisChunkMs);
          return index;
        });
        break;
      } catch (error) {
        if (!(error instanceof DatabaseBusyError) || Date.now() > giveUpAt) throw error;
      }
    }
    const pauseMs = pauseAfterChunkMs(othersWrote, performance.now() - chunkStarted);
    if (next < items.length) await sleep(deps.pauseMs ?? pauseMs);
  }
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
