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

export interface LockWaitStats {
  waits: number;
  longestWaitMs: number;
  gaveUp: number;
}

export interface StoreWriterOptions {
  /** How long writes wait for another process's lock before they fail. */
  maxWaitMs?: number;
  /** The connection's synchronous busy timeout, restored after each try (default SYNC_BUSY_TIMEOUT_MS). */
  syncBusyTimeoutMs?: number;
  /**
   * The consoles other processes run on the data directory (`checkout-console listen (pid 41)`),
   * asked only when a write gives up, so its words can say who may hold the lock.
   */
  runningConsoles?: () => readonly string[];
}
