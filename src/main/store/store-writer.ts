import type { SqliteDatabase } from './connection';
import { openGroupsInThisProcess } from './open-write-groups';
import type { LockWaitStats, StoreWriter, StoreWriterOptions } from './store-writer-types';
import { createWriteLock, DatabaseBusyError, DEFAULT_LOCK_WAIT_MS, isBusyError } from './write-lock';

// The writer itself: group commit, savepoints, the wait for another process's lock. What it
// promises is store-writer-types.ts; the groups open in this process, open-write-groups.ts.

interface Member {
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface OpenGroup {
  members: Member[];
  after: (() => void)[];
}

interface Waiting {
  /** Runs the write in the group now open, settling its caller's promise. */
  run: () => void;
  /** Fails it without running it. */
  fail: (error: unknown) => void;
}

/**
 * Group commit: writes made in the same turn of the event loop share one transaction, committed
 * at the end of the turn, and each caller's promise resolves only after that commit, so an
 * answer sent on it is never ahead of the disk. Each write runs in its own savepoint, so one
 * that throws undoes only itself.
 *
 * When another process holds the write lock, writes queue up in order and the lock is tried
 * again every millisecond or few, never by sleeping the event loop (write-lock.ts); a write
 * that waited longer than `maxWaitMs` is rejected with DatabaseBusyError, a last resort the
 * listener counts and shows.
 */
export function createStoreWriter(db: SqliteDatabase, options: StoreWriterOptions = {}): StoreWriter {
  const maxWaitMs = options.maxWaitMs ?? DEFAULT_LOCK_WAIT_MS;
  /** A write that gave up, with who may hold the lock (never failing for want of a list). */
  const busy = (waitedMs: number): DatabaseBusyError => {
    let running: readonly string[] = [];
    try {
      running = options.runningConsoles?.() ?? [];
    } catch {
      // The records could not be read: the words go without the list.
    }
    return new DatabaseBusyError(waitedMs, running);
  };
  const lock = createWriteLock(db, options.syncBusyTimeoutMs);
  const beginWaiting = db.prepare('BEGIN IMMEDIATE');
  const commitStatement = db.prepare('COMMIT');
  const rollback = db.prepare('ROLLBACK');
  // Prepared once: better-sqlite3's db.transaction(fn) builds a new wrapper on every call, which
  // cost the listener more than the savepoint itself (a CPU profile under load).
  const savepoint = db.prepare('SAVEPOINT store_write');
  const releaseSavepoint = db.prepare('RELEASE store_write');
  const undoSavepoint = db.prepare('ROLLBACK TO store_write');
  let open: OpenGroup | null = null;
  let waiting: Waiting[] = [];
  let waitStarted: number | null = null;
  let failedTries = 0;
  let retry: NodeJS.Timeout | null = null;
  /** How many write functions are running now: a write made inside one is part of it. */
  let depth = 0;
  const stats: LockWaitStats = { waits: 0, longestWaitMs: 0, gaveUp: 0 };

  /** Commits the open group; what a failed commit threw (a full disk), else null. */
  const commit = (): unknown => {
    const group = open;
    open = null;
    openGroupsInThisProcess.delete(commitUnlessWriting);
    if (group === null) return null;
    try {
      commitStatement.run();
    } catch (error) {
      if (db.inTransaction) rollback.run();
      for (const member of group.members) member.reject(error);
      return error;
    }
    for (const member of group.members) member.resolve();
    for (const then of group.after) then();
    return null;
  };

  /** This writer's group committed early for another writer of this process (open-write-groups.ts). */
  function commitUnlessWriting(): void {
    if (depth === 0) void commit();
  }

  const join = (): Promise<void> =>
    open === null
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => open?.members.push({ resolve, reject }));

  /** Opens a group on a lock just taken; it commits at the end of this turn. */
  const openGroup = () => {
    open = { members: [], after: [] };
    openGroupsInThisProcess.add(commitUnlessWriting);
    setImmediate(() => void commit());
  };

  /** Runs one write function in its own savepoint of the open transaction. */
  const inSavepoint = <T>(fn: () => T): T => {
    const group = open;
    const announced = group?.after.length ?? 0;
    depth++;
    try {
      savepoint.run();
      let result: T;
      try {
        result = fn();
      } catch (error) {
        // A failed statement may have ended the whole transaction (SQLite does on some errors).
        if (db.inTransaction) {
          undoSavepoint.run();
          releaseSavepoint.run();
        }
        throw error;
      }
      releaseSavepoint.run();
      return result;
    } catch (error) {
      // What it wrote is undone, so what it would have announced is dropped with it.
      if (group !== null) group.after.length = announced;
      throw error;
    } finally {
      depth--;
    }
  };

  /** Runs one write in the open group; its promise settles with the group's commit. */
  const writeInGroup = <T>(fn: () => T): Promise<T> => {
    let result: T;
    try {
      result = inSavepoint(fn);
    } catch (error) {
      return Promise.reject(error);
    }
    return join().then(() => result);
  };

  /** The lock is ours: every waiting write runs in this group, in the order it came. */
  const drain = () => {
    if (waitStarted !== null) {
      const waited = performance.now() - waitStarted;
      stats.waits++;
      stats.longestWaitMs = Math.max(stats.longestWaitMs, waited);
    }
    waitStarted = null;
    failedTries = 0;
    const batch = waiting;
    waiting = [];
    for (const entry of batch) entry.run();
  };

  /** Before this writer takes the lock: the other writers of this process commit (open-write-groups.ts). */
  const commitOthersInThisProcess = () => {
    for (const commitOther of openGroupsInThisProcess) if (commitOther !== commitUnlessWriting) commitOther();
  };

  /** Takes the lock synchronously (busy timeout) and runs what waits for it first. */
  const openNow = () => {
    if (open === null) {
      commitOthersInThisProcess();
      // Fails if the lock stays taken past the busy timeout; the waiting writes keep their timer.
      // Said as DatabaseBusyError, as a queued write's give-up is: SQLite's bare "database is
      // locked" told a person neither how long it waited nor what to do.
      const started = performance.now();
      try {
        beginWaiting.run();
      } catch (error) {
        if (isBusyError(error)) throw busy(performance.now() - started);
        throw error;
      }
      openGroup();
    }
    if (retry !== null) clearTimeout(retry);
    retry = null;
    if (waiting.length > 0) drain();
  };

  /** Runs one write in the group just opened and commits it before returning. */
  const commitNow = <T>(fn: () => T): T => {
    let written: { result: T } | { error: unknown };
    try {
      written = { result: inSavepoint(fn) };
    } catch (error) {
      written = { error };
    }
    // Committed before returning, with what the turn's transaction held before it. A commit
    // that fails (a full disk) rolled the write back: said, never returned as written (a
    // profile edit answered "Updated" and was gone; the index's catch-up at exit looped for
    // ever on a batch that never stayed written).
    const failed = commit();
    if ('error' in written) throw written.error;
    if (failed !== null) throw failed;
    return written.result;
  };

  /** Every waiting write fails with `error`, each told by its own promise; none is tried again. */
  const giveUp = (error: DatabaseBusyError) => {
    const batch = waiting;
    waiting = [];
    waitStarted = null;
    failedTries = 0;
    if (retry !== null) clearTimeout(retry);
    retry = null;
    stats.gaveUp += batch.length;
    for (const entry of batch) entry.fail(error);
  };

  const tryAgain = () => {
    retry = null;
    if (waiting.length === 0) return;
    if (open === null && !db.inTransaction) {
      if (lock.tryBegin()) {
        openGroup();
        drain();
        return;
      }
    } else if (open !== null) {
      // A group opened meanwhile (its lock was free): join it.
      drain();
      return;
    }
    failedTries++;
    const waited = performance.now() - (waitStarted ?? performance.now());
    if (waited > maxWaitMs) {
      giveUp(busy(waited));
      return;
    }
    retry = setTimeout(tryAgain, lock.retryDelayMs(failedTries));
  };

  const wait = <T>(fn: () => T): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      waiting.push({ run: () => void writeInGroup(fn).then(resolve, reject), fail: reject });
      waitStarted ??= performance.now();
      retry ??= setTimeout(tryAgain, lock.retryDelayMs(failedTries));
    });

  const writeNow = <T>(fn: () => T): T => {
    if (depth > 0 || (open === null && db.inTransaction)) return inSavepoint(fn);
    openNow();
    return commitNow(fn);
  };

  return {
    write<T>(fn: () => T): Promise<T> {
      // Inside another write, or a transaction that is not the writer's (a migration): part of it.
      if (depth > 0 || (open === null && db.inTransaction)) return Promise.resolve(inSavepoint(fn));
      if (open !== null) {
        if (waiting.length > 0) drain();
        return writeInGroup(fn);
      }
      // Writes already waiting go first; otherwise take the lock now if it is free.
      if (waiting.length > 0 || !lock.tryBegin()) return wait(fn);
      openGroup();
      return writeInGroup(fn);
    },
    writeNow,
    writeStatementNow<T>(fn: () => T): T {
      if (depth === 0) return writeNow(fn);
      depth++;
      try {
        return fn();
      } finally {
        depth--;
      }
    },
    tryWriteNow<T>(fn: () => T): { result: T } | null {
      if (depth > 0 || (open === null && db.inTransaction)) return { result: inSavepoint(fn) };
      if (open === null) {
        commitOthersInThisProcess();
        if (!lock.tryBegin()) return null;
        openGroup();
      }
      if (waiting.length > 0) drain();
      return { result: commitNow(fn) };
    },
    afterCommit(then) {
      if (open === null) then();
      else open.after.push(then);
    },
    committed: join,
    flushNow() {
      if (waiting.length > 0 && !(open === null && db.inTransaction)) {
        try {
          openNow();
        } catch (error) {
          // Closing while another process keeps the lock: what waited is not written, said to
          // each by its own promise rather than left on a timer after the database is closed.
          if (error instanceof DatabaseBusyError) giveUp(error);
          throw error;
        }
      }
      // A failed commit rejects the writes it held, each told by its own promise.
      void commit();
    },
    stats: () => ({ ...stats }),
  };
}
