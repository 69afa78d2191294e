import type { SqliteDatabase } from './connection';

export interface GroupCommit {
  /** Runs a write inside the current group's transaction; resolves once that group is committed. */
  run<T>(write: () => T): Promise<T>;
  /**
   * Runs `then` once everything written so far is committed: at once when no group is open,
   * else after the group's commit (never, if it fails: what was not stored is not announced).
   */
  afterCommit(then: () => void): void;
  /** Resolves once everything written so far is committed; rejects if that commit fails. */
  committed(): Promise<void>;
}

interface OpenGroup {
  members: { resolve: () => void; reject: (error: unknown) => void }[];
  after: (() => void)[];
}

/**
 * Group commit: writes made in the same turn of the event loop share one transaction, committed
 * at the end of the turn, and each caller's promise resolves only after that commit, so an
 * answer sent on it is never ahead of the disk. Each write runs in its own savepoint, so one
 * that throws undoes only itself. Anything else written on the connection while a group is
 * open (the listener's rows, say) joins the group, which is why those writers wait for
 * `committed()` / `afterCommit` before acknowledging or announcing.
 */
function createGroupCommit(db: SqliteDatabase): GroupCommit {
  let open: OpenGroup | null = null;
  // Prepared once: `exec` parses its SQL on every call, and these run once a turn under load.
  const begin = db.prepare('BEGIN IMMEDIATE');
  const commitStatement = db.prepare('COMMIT');
  const rollback = db.prepare('ROLLBACK');

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

  return {
    run<T>(write: () => T): Promise<T> {
      // A transaction that is not ours is open: write inside it, as a nested one would.
      if (open === null && db.inTransaction) return Promise.resolve(db.transaction(write)());
      if (open === null) {
        begin.run();
        open = { members: [], after: [] };
        setImmediate(commit);
      }
      let result: T;
      try {
        result = db.transaction(write)();
      } catch (error) {
        return Promise.reject(error);
      }
      return join().then(() => result);
    },
    afterCommit(then) {
      if (open === null) then();
      else open.after.push(then);
    },
    committed: join,
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
