import type { SqliteDatabase } from './connection';
import { createWriteLock, DatabaseBusyError, DEFAULT_LOCK_WAIT_MS } from './write-lock';

export interface GroupCommit {
  /**
   * Runs a write inside the current group's transaction; resolves once that group is
   * committed. When another process holds the write lock the write waits on a timer (the
   * event loop keeps running) and rejects with DatabaseBusyError if the lock stays taken.
   */
  run<T>(write: () => T): Promise<T>;
  /**
   * Runs `then` once everything written so far is committed: at once when no group is open,
   * else after the group's commit (never, if it fails: what was not stored is not announced).
   */
  afterCommit(then: () => void): void;
  /** Resolves once everything written so far is committed; rejects if that commit fails. */
  committed(): Promise<void>;
  /** Writes what waits for the lock now, waiting synchronously if it must (closing only). */
  flushNow(): void;
  /** How often writes had to wait for another process, the longest wait, and how many gave up. */
  stats(): LockWaitStats;
}

export interface LockWaitStats {
  waits: number;
  longestWaitMs: number;
  gaveUp: number;
}

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

export interface GroupCommitOptions {
  /** How long writes wait for another process's lock before they fail. */
  maxWaitMs?: number;
}

/**
 * Group commit: writes made in the same turn of the event loop share one transaction, committed
 * at the end of the turn, and each caller's promise resolves only after that commit, so an
 * answer sent on it is never ahead of the disk. Each write runs in its own savepoint, so one
 * that throws undoes only itself. Anything else written on the connection while a group is
 * open (the listener's rows, say) joins the group, which is why those writers wait for
 * `committed()` / `afterCommit` before acknowledging or announcing.
 *
 * When another process holds the write lock, writes queue up in order and the lock is tried
 * again every millisecond or few, never by sleeping the event loop (write-lock.ts); a write
 * that waited longer than `maxWaitMs` is rejected with DatabaseBusyError, a last resort the
 * listener counts and shows. This is the process's one way in for writes on the event loop's
 * hot paths, on the way to store/ being the only writer of the database.
 */
export function createGroupCommit(db: SqliteDatabase, options: GroupCommitOptions = {}): GroupCommit {
  const maxWaitMs = options.maxWaitMs ?? DEFAULT_LOCK_WAIT_MS;
  const lock = createWriteLock(db);
  const beginWaiting = db.prepare('BEGIN IMMEDIATE');
  const commitStatement = db.prepare('COMMIT');
  const rollback = db.prepare('ROLLBACK');
  let open: OpenGroup | null = null;
  let waiting: Waiting[] = [];
  let waitStarted: number | null = null;
  let failedTries = 0;
  let retry: NodeJS.Timeout | null = null;
  const stats: LockWaitStats = { waits: 0, longestWaitMs: 0, gaveUp: 0 };

  const commit = () => {
    const group = open;
    open = null;
    if (group === null) return;
    try {
      commitStatement.run();
    } catch (error) {
      if (db.inTransaction) rollback.run();
      for (const member of group.members) member.reject(error);
      return;
    }
    for (const member of group.members) member.resolve();
    for (const then of group.after) then();
  };

  const join = (): Promise<void> =>
    open === null
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => open?.members.push({ resolve, reject }));

  /** Opens a group on a lock just taken; it commits at the end of this turn. */
  const openGroup = () => {
    open = { members: [], after: [] };
    setImmediate(commit);
  };

  /** Runs one write in the open group, in its own savepoint. */
  const writeInGroup = <T>(write: () => T): Promise<T> => {
    let result: T;
    try {
      result = db.transaction(write)();
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
      const batch = waiting;
      waiting = [];
      waitStarted = null;
      failedTries = 0;
      stats.gaveUp += batch.length;
      for (const entry of batch) entry.fail(new DatabaseBusyError(waited));
      return;
    }
    retry = setTimeout(tryAgain, lock.retryDelayMs(failedTries));
  };

  const wait = <T>(write: () => T): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      waiting.push({ run: () => void writeInGroup(write).then(resolve, reject), fail: reject });
      waitStarted ??= performance.now();
      retry ??= setTimeout(tryAgain, lock.retryDelayMs(failedTries));
    });

  return {
    run<T>(write: () => T): Promise<T> {
      // A transaction that is not ours is open: write inside it, as a nested one would.
      if (open === null && db.inTransaction) return Promise.resolve(db.transaction(write)());
      if (open !== null) {
        if (waiting.length > 0) drain();
        return writeInGroup(write);
      }
      // Writes already waiting go first; otherwise take the lock now if it is free.
      if (waiting.length > 0 || !lock.tryBegin()) return wait(write);
      openGroup();
      return writeInGroup(write);
    },
    afterCommit(then) {
      if (open === null) then();
      else open.after.push(then);
    },
    committed: join,
    flushNow() {
      if (retry !== null) clearTimeout(retry);
      retry = null;
      if (waiting.length > 0) {
        if (open === null && !db.inTransaction) {
          beginWaiting.run();
          openGroup();
        }
        drain();
      }
      commit();
    },
    stats: () => ({ ...stats }),
  };
}

const groups = new WeakMap<SqliteDatabase, GroupCommit>();

/** The connection's one group commit (every writer on a connection must share it). */
export function groupCommitOf(db: SqliteDatabase): GroupCommit {
  let group = groups.get(db);
  if (group === undefined) {
    group = createGroupCommit(db);
    groups.set(db, group);
  }
  return group;
}
