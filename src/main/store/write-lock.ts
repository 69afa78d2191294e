import type Database from 'better-sqlite3';

type SqliteDatabase = Database.Database;

/**
 * Taking SQLite's write lock without waiting for it. Several processes write one database
 * (the desktop app or `serve`, `listen`, `emulator`, `import`…) and SQLite lets one write at a
 * time. Its busy handler waits by sleeping the thread, which in Node is the event loop: while
 * another process imported, the listener could neither answer nor accept for seconds. So
 * writers on the event loop try the lock with no wait and, when another process holds it, try
 * again on a timer (see store-writer.ts); the connection keeps a synchronous busy timeout only
 * for the rare one-off writes (a profile edit) that have not moved onto the queue yet.
 */

/** The connection's synchronous busy timeout, for writes not (yet) made through the queue. */
export const SYNC_BUSY_TIMEOUT_MS = 5000;

/** How long a queued write waits for another process before it fails (a 503 for the listener). */
export const DEFAULT_LOCK_WAIT_MS = 10_000;

/** An error SQLite itself raised (a full disk, an I/O error), as better-sqlite3 codes them. */
export function isSqliteError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_');
}

export function isBusyError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

/**
 * What a write that gave up on another process's lock says, whichever command or view made it:
 * how long it waited (null: SQLite's own wait, length unknown), which consoles run on the data
 * directory when the caller knows (their running-*.json records; the holder may also be a tool
 * that publishes none, an import or a script), and that trying again is the remedy.
 */
export function databaseBusyWords(waitedMs: number | null, running: readonly string[] = []): string {
  const waited = waitedMs === null ? '' : ` for ${Math.round(waitedMs)} ms`;
  const which = running.length === 0 ? '' : ` (running on this data directory: ${running.join(', ')})`;
  return `The database stayed locked by another process${waited}${which}; nothing was written: try again once it is done.`;
}

/**
 * The write lock was held by another process for longer than a write may wait. Coded as SQLite's
 * own busy error, so whatever let that one pass (closing, the index's catch-up) lets this one.
 */
export class DatabaseBusyError extends Error {
  readonly code = 'SQLITE_BUSY';

  constructor(
    readonly waitedMs: number,
    running: readonly string[] = [],
  ) {
    super(databaseBusyWords(waitedMs, running));
    this.name = 'DatabaseBusyError';
  }
}

export interface WriteLock {
  /** BEGIN IMMEDIATE without waiting: true when this connection now holds the write lock. */
  tryBegin(): boolean;
  /** The wait before the next try, from how many tries failed: 1 ms at first, then up to 4 ms. */
  retryDelayMs(failedTries: number): number;
}

export function createWriteLock(
  db: SqliteDatabase,
  syncBusyTimeoutMs: number = SYNC_BUSY_TIMEOUT_MS,
): WriteLock {
  const begin = db.prepare('BEGIN IMMEDIATE');
  // Not prepared once: SQLite applies `PRAGMA busy_timeout = N` when the statement is prepared,
  // so only a fresh one sets it (a few microseconds).
  const setBusyTimeout = (ms: number) => db.pragma(`busy_timeout = ${ms}`);
  return {
    tryBegin() {
      setBusyTimeout(0);
      try {
        begin.run();
        return true;
      } catch (error) {
        if (isBusyError(error)) return false;
        throw error;
      } finally {
        setBusyTimeout(syncBusyTimeoutMs);
      }
    },
    retryDelayMs(failedTries) {
      return Math.min(4, 1 + Math.floor(failedTries / 25));
    },
  };
}
