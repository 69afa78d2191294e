import { closeSync, openSync } from 'node:fs';
import Database from 'better-sqlite3';
import { resolveNativeBinding } from './native-binding';
import { SYNC_BUSY_TIMEOUT_MS } from './write-lock';

export type SqliteDatabase = Database.Database;

export interface OpenDatabaseOptions {
  /** Where `native/` lives; only consulted under Electron. */
  appRoot?: string;
  readonly?: boolean;
}

/**
 * Opens the console's database with the settings every caller needs: WAL so the UI can read
 * while the listener writes, NORMAL sync (durable at each WAL checkpoint and safe against a
 * process crash, which is the failure we guard against), and a busy timeout so the CLI and a
 * running app can share the file. Writes on the event loop's hot paths do not use that
 * timeout (it sleeps the thread): they go through the store writer's `write`, which waits on a timer.
 */
export function openDatabase(file: string, options: OpenDatabaseOptions = {}): SqliteDatabase {
  const nativeBinding = options.appRoot === undefined ? undefined : resolveNativeBinding(options.appRoot);
  // Created owner-only before SQLite opens it (SQLite would use 0644); its WAL and index
  // files take the database file's mode.
  if (options.readonly !== true) closeSync(openSync(file, 'a', 0o600));
  const db = new Database(file, {
    ...(nativeBinding === undefined ? {} : { nativeBinding }),
    ...(options.readonly === true ? { readonly: true } : {}),
  });
  db.pragma(`busy_timeout = ${SYNC_BUSY_TIMEOUT_MS}`);
  if (options.readonly !== true) {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
  }
  db.pragma('foreign_keys = ON');
  return db;
}
