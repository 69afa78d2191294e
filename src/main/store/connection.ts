import { closeSync, openSync } from 'node:fs';
import Database from 'better-sqlite3';
import { resolveNativeBinding } from './native-binding';
import { isBusyError, SYNC_BUSY_TIMEOUT_MS } from './write-lock';

export type SqliteDatabase = Database.Database;

export interface OpenDatabaseOptions {
  /** Where `native/` lives; only consulted under Electron. */
  appRoot?: string;
  readonly?: boolean;
  /**
   * The file is a data directory's console.sqlite: another program's database there is refused
   * before anything is written (tests and tools open other files with their own tables).
   */
  consoleFile?: boolean;
  /** SQLite's busy timeout for writes not made through the queue (default SYNC_BUSY_TIMEOUT_MS, 5 s). */
  busyTimeoutMs?: number;
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
  db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? SYNC_BUSY_TIMEOUT_MS}`);
  if (options.readonly !== true) {
    if (options.consoleFile === true) refuseForeignDatabase(db, file);
    switchToWal(db);
    db.pragma('synchronous = NORMAL');
  }
  db.pragma('foreign_keys = ON');
  return db;
}

/**
 * `journal_mode = WAL`, tried again while SQLite answers "database is locked". Consoles started at
 * the same moment on a new data directory (five at once in tests/unit/first-start-race.test.ts)
 * once had this pragma refused at once, without the busy timeout's wait: SQLite does that when
 * waiting could deadlock, or while another connection recovers the WAL index. Nothing else runs
 * yet while a console opens, so waiting here holds up nothing.
 */
export function switchToWal(db: Pick<SqliteDatabase, 'pragma'>): void {
  const giveUpAt = Date.now() + SYNC_BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if (!isBusyError(error) || Date.now() > giveUpAt) throw error;
      Atomics.wait(PAUSE, 0, 0, 10);
    }
  }
}

/** What `Atomics.wait` sleeps on: a synchronous 10 ms pause between tries. */
const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/**
 * A database with tables but no record of the console's migrations is another program's (a
 * `--data-dir` pointed at its folder): switching it to WAL and adding the console's tables would
 * change it, and a table of the same name would leave it half migrated. Refused before any
 * write; only reads happen here.
 */
function refuseForeignDatabase(db: SqliteDatabase, file: string): void {
  const tables = db
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .all()
    .map((row) => row.name);
  if (tables.length === 0 || tables.includes('schema_migrations')) return;
  db.close();
  const shown = tables.slice(0, 5).join(', ') + (tables.length > 5 ? `, … (${tables.length} in all)` : '');
  throw new Error(
    `${file} is a SQLite database this console did not create (it holds ${shown}, and no record of the console's migrations). Nothing in it was changed: choose another data directory with --data-dir or CHECKOUT_CONSOLE_DATA_DIR.`,
  );
}
