import { join } from 'node:path';
import Database from 'better-sqlite3';

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
