import { setTimeout as sleep } from 'node:timers/promises';
import { DatabaseBusyError } from '../store/write-lock';

/**
 * Long writes (an import, a retention that removes most of a history) without taking the
 * database from everyone else. One transaction held SQLite's write lock for as long as the
 * whole of it (a 1,000,000-record retention: about 14 s), so every other process (a listener
 * taking webhooks) waited, and one gave up with a 503. Here the work is done in short
 * transactions (through the store's writer) with a pause between them in which other processes
 * take their turn. A transaction lasts CHUNK_MS while anyone else writes the database (SQLite
 * says so: `data_version` moves when another connection commits). When another process wrote
 * since the last chunk (a listener under load does before every chunk), the chunk is half as
 * long and the pause as long as the chunk took, so the other gets the lock and a core at least
 * half the time. Measured on two cores, a listener under load beside a 300,000-record import:
 * p99 33–37 ms with 8 ms chunks and 2 ms pauses, 15–19 ms now. Beside a trickle of webhooks
 * most chunks see no other write and keep the 8 ms and the short pause, so such work is no
 * slower. After a quiet half second the chunks grow up to QUIET_CHUNK_MS, because every commit
 * rewrites the index pages it touched and many small ones make a lone import about twice as
 * slow.
 */
const CHUNK_MS = 8;
const QUIET_CHUNK_MS = 64;
const QUIET_AFTER_MS = 500;
const PAUSE_MS = 2;
/** Nobody waits on an answer from this work: it waits longer than a webhook may for a busy lock. */
const BUSY_PATIENCE_MS = 10 * 60_000;

export interface PacedWriteOptions {
  chunkMs?: number;
  pauseMs?: number;
}

export interface PacedWriteDependencies extends PacedWriteOptions {
  /** SQLite's data_version: moves when another connection (process) commits. */
  dataVersion: () => number;
  /** Runs a write in the writer's transaction of this turn; resolves once it is committed. */
  write: <T>(fn: () => T) => Promise<T>;
}

/** How long the next chunk may write: half the shortest while another process writes between chunks. */
export function chunkLengthMs(othersWrote: boolean, chunkMs: number, shortestMs = CHUNK_MS): number {
  return othersWrote ? shortestMs / 2 : chunkMs;
}

/**
 * The pause after a chunk that held the lock for `tookMs`: as long again while another process
 * writes between chunks (a listener under load: at most half of the lock and of the CPU is this
 * work's), else short, so work beside a trickle of webhooks is no slower.
 */
export function pauseAfterChunkMs(othersWrote: boolean, tookMs: number): number {
  return othersWrote ? Math.max(PAUSE_MS, tookMs) : PAUSE_MS;
}

/**
 * Calls `step` (one small unit of work, returning whether more remains) in time-bounded
 * chunks, each one write transaction, pausing between them; at least once.
 */
export async function inPacedWrites(deps: PacedWriteDependencies, step: () => boolean): Promise<void> {
  const shortest = deps.chunkMs ?? CHUNK_MS;
  let seenVersion = deps.dataVersion();
  let quietSince = performance.now();
  let chunkMs = shortest;
  let remaining = true;
  while (remaining) {
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
    // From the chunk's first unit to its commit: the time it held the lock, not the time it waited.
    let chunkStarted = 0;
    for (;;) {
      try {
        remaining = await deps.write(() => {
          chunkStarted = performance.now();
          let left: boolean;
          do left = step();
          while (left && performance.now() - chunkStarted < thisChunkMs);
          return left;
        });
        break;
      } catch (error) {
        if (!(error instanceof DatabaseBusyError) || Date.now() > giveUpAt) throw error;
      }
    }
    const pauseMs = pauseAfterChunkMs(othersWrote, performance.now() - chunkStarted);
    if (remaining) await sleep(deps.pauseMs ?? pauseMs);
  }
}
