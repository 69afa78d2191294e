import { join } from 'node:path';
import Database from 'better-sqlite3';
import { commitOpenGroupsInThisProcess } from '../../../src/main/store/open-write-groups';

/**
 * Runs `use` on a connection of its own to a console's database file, as another process
 * (a `send` CLI, a checker) would open it: the console itself keeps its connection inside
 * src/main/store. What `use` writes is committed when it returns.
 */
export function withConsoleFile<T>(dataDir: string, use: (db: Database.Database) => T): T {
  const db = new Database(join(dataDir, 'console.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    return use(db);
  } finally {
    db.close();
  }
}

/**
 * Writes with a connection of its own while a console of this same process runs, as another
 * process would once the console's group committed. Its group is committed first: its
 * end-of-turn commit cannot come while this waits for the lock synchronously (store-writer.ts),
 * so the wait ended in "database is locked". And `use` runs in one transaction begun IMMEDIATE: a
 * statement that reads before it writes (INSERT … SELECT) began as a reader and, when the console
 * had committed since, was refused at once, which no busy timeout waits out (SQLITE_BUSY_SNAPSHOT).
 */
export function writeConsoleFile<T>(dataDir: string, use: (db: Database.Database) => T): T {
  commitOpenGroupsInThisProcess();
  return withConsoleFile(dataDir, (db) => db.transaction(() => use(db)).immediate());
}
