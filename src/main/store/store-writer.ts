import { errorWords } from '../../shared/error-words';
import type { SqliteDatabase } from './connection';
import { createWriteLock, DatabaseBusyError, DEFAULT_LOCK_WAIT_MS, isBusyError } from './write-lock';

/**
 * The process's one writer of the database. Every write goes through it, so "committed" means
 * the same thing everywhere:
 * - `write(fn)` resolves once the transaction that took `fn` has committed (the hot paths:
 *   the listener's rows, the emulator's orders and deliveries, an import's chunks);
 * - `writeNow(fn)` returns only once `fn` is committed (one-off writes: a profile edit, a
 *   record of a request sent from the builder);
 * - a write made inside another write's `fn` is part of it, committed when that one is;
 * - `afterCommit(then)` runs `then` after the commit that holds what was written so far, so
 *   pushes never announce a row that is not on disk.
 */
export interface StoreWriter {
  /**
   * Runs a write inside the current turn's transaction; resolves once that transaction is
   * committed. When another process holds the write lock the write waits on a timer (the
   * event loop keeps running) and rejects with DatabaseBusyError if the lock stays taken.
   */
  write<T>(fn: () => T): Promise<T>;
  /**
   * Runs a write and commits it (with whatever the turn's transaction already holds) before
   * returning. Waits synchronously for another process's lock (the connection's busy timeout).
   */
  writeNow<T>(fn: () => T): T;
  /**
   * As writeNow, for a function that runs one SQL statement: inside another write it takes no
   * savepoint of its own, since SQLite undoes a failed statement by itself and the enclosing
   * write's savepoint undoes the rest.
   */
  writeStatementNow<T>(fn: () => T): T;
  /**
   * As writeNow, but only if the lock is free now (or this writer's group holds it): null at
   * once when another process holds it. For work a reader can do without (refreshing a derived
   * table before reading it), so a read never waits on, nor fails for, another process's write.
   */
  tryWriteNow<T>(fn: () => T): { result: T } | null;
  /**
   * Runs `then` once everything written so far is committed: at once when nothing is pending,
   * else after the commit (never, if it fails: what was not stored is not announced).
   */
  afterCommit(then: () => void): void;
  /** Resolves once everything written so far is committed; rejects if that commit fails. */
  committed(): Promise<void>;
  /** Writes what waits for the lock now, waiting synchronously if it must (closing only). */
  flushNow(): void;
  /** How often writes had to wait for another process, the longest wait, and how many gave up. */
  stats(): LockWaitStats;
}

/**
 * A write the full disk refused, in the one wording every command says it (docs/data-safety.md),
 * or null for any other failure. The caller adds what was lost and what to do.
 */
export function diskFullWords(error: unknown): string | null {
  if ((error as { code?: unknown } | null)?.code !== 'SQLITE_FULL') return null;
  return `the data directory's disk is full (SQLite: ${errorWords(error)}); the write it was making was not saved`;
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

/**
 * The groups open in this process, each as "commit it unless a write function is running". A
 * writer's `writeNow` waits for the lock synchronously; were the lock held by another writer of
 * this same process (two consoles on one data directory in one process, as tests run them),
 * that writer's group could never reach its end-of-turn commit, and the wait would end in
 * "database is locked" after the busy timeout. So `writeNow` commits them first.
 */
const openGroupsInThisProcess = new Set<() => void>();

/**
 * Commits every group open in this process now (unless a write function is running in it), for
 * a connection of its own in this process that takes the lock synchronously (a test's, opening the
 * file as another process would): its wait could otherwise never see the end-of-turn commit.
 */
export function commitOpenGroupsInThisProcess(): void {
  for (const commitGroup of openGroupsInThisProcess) commitGroup();
}

export interface StoreWriterOptions {
  /** How long writes wait for another process's lock before they fail. */
  maxWaitMs?: number;
  /**
   * The consoles other processes run on the data directory (`checkout-console listen (pid 41)`),
   * asked only when a write gives up, so its words can say who may hold the lock.
   */
  runningConsoles?: () => readonly string[];
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
  const lock = createWriteLock(db);
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

  /** This writer's group committed early for another writer of this process (see above). */
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

  /** Before this writer takes the lock: the other writers of this process commit (see above). */
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

/**
 * The repository with the named methods (its writes) made through the writer: each is
 * committed when it returns, or, called inside another write, is part of that one.
 * `oneStatement` names writes that run a single SQL statement (an order's insert): SQLite undoes
 * a failed statement by itself, so inside another write they take no savepoint of their own,
 * only that write's (issue 20: the emulator's insert ran in two nested savepoints).
 */
export function writesThrough<R extends object>(
  writer: StoreWriter,
  repository: R,
  writes: readonly (keyof R)[],
  oneStatement: readonly (keyof R)[] = [],
): R {
  const wrapped: R = { ...repository };
  const wrap = (name: keyof R, through: (fn: () => unknown) => unknown) => {
    const method = repository[name];
    if (typeof method !== 'function') throw new Error(`${String(name)} is not a method.`);
    Object.assign(wrapped, {
      [name]: (...args: unknown[]): unknown => through(() => Reflect.apply(method, repository, args)),
    });
  };
  for (const name of writes) wrap(name, (fn) => writer.writeNow(fn));
  for (const name of oneStatement) wrap(name, (fn) => writer.writeStatementNow(fn));
  return wrapped;
}
