import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { openDatabase, type OpenDatabaseOptions, type SqliteDatabase } from './connection';
import { createDraftsRepository, type DraftsRepository } from './drafts-repository';
import { createEmulatorOrdersRepository, type EmulatorOrdersRepository } from './emulator-orders-repository';
import { createEmulatorOutboxRepository, type EmulatorOutboxRepository } from './emulator-outbox-repository';
import {
  createEmulatorTransactionsRepository,
  type EmulatorTransactionsRepository,
} from './emulator-transactions-repository';
import { createEventsQuery, type EventsQuery } from './events-query';
import { createEventsRepository, type EventsRepository } from './events-repository';
import { createHistoryRepository, type HistoryRepository } from './history-repository';
import { migrate } from './migrate';
import { isBusyError, isSqliteError } from './write-lock';
import { errorWords } from '../../shared/error-words';
import { cannotOpenWords, fileErrorWords } from '../file-error-words';
import { DATA_DIR_ENV } from '../data-dir';
import { createCraftedTokensRepository, type CraftedTokensRepository } from './crafted-tokens-repository';
import { migrations } from './migrations';
import { createOrdersRepository, type OrdersRepository } from './orders-repository';
import { createProfilesRepository, type ProfilesRepository } from './profiles-repository';
import { createScenarioRunsRepository, type ScenarioRunsRepository } from './scenario-runs-repository';
import { createSettingsRepository, type SettingsRepository } from './settings-repository';
import { createSearchIndex, type SearchIndex } from './search-index';
import { createStoreWriter } from './store-writer';
import type { StoreWriter } from './store-writer-types';
import { writesThrough } from './writes-through';

/**
 * The console's database, owned here and nowhere else: every repository over it and the one
 * writer every write goes through (the repositories' own writes included, see writesThrough). Nothing outside src/main/store sees the connection (lint
 * enforces it: eslint.config.js, tests/unit/layer-rules.test.ts).
 */
export interface Store {
  readonly settings: SettingsRepository;
  readonly profiles: ProfilesRepository;
  readonly drafts: DraftsRepository;
  readonly events: EventsRepository;
  /** Filtered, searched, paged reads of the events table (timeline, history, exports). */
  readonly eventsQuery: EventsQuery;
  /** Uids, links and retention: the events table as history files see it. */
  readonly history: HistoryRepository;
  /** The Orders list's summaries and each order's records. */
  readonly orders: OrdersRepository;
  readonly emulatorOrders: EmulatorOrdersRepository;
  readonly emulatorOutbox: EmulatorOutboxRepository;
  readonly emulatorTransactions: EmulatorTransactionsRepository;
  readonly scenarioRuns: ScenarioRunsRepository;
  /** Fingerprints of the tokens the console signed: their arrivals are its doing. */
  readonly craftedTokens: CraftedTokensRepository;
  /** The one writer: batches a turn's writes, commits, then resolves and announces. */
  readonly writer: StoreWriter;
  /** The text index, fed after rows are stored; every text search catches it up first. */
  readonly searchIndex: SearchIndex;
  /** SQLite's data_version: moves whenever another connection (another process) commits. */
  dataVersion(): number;
  /**
   * Why the file could not be opened for writing ("the file system is read-only"), when it is
   * read through a copy (openStore's `readOnlyFallback`): nothing written here is kept. Else null.
   */
  readonly readOnly: string | null;
  /** Writes whatever still waits, then closes the connection. */
  close(): void;
}

/**
 * A file that SQLite cannot read as a database (another program's file, a damaged copy) is named
 * in the error, and left as it was: nothing is written over it.
 */
function unreadableDatabase(file: string, error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if (code === 'SQLITE_FULL')
    return new Error(
      `${file} could not be opened: its disk is full (SQLite: ${errorWords(error)}). Nothing was lost; free some space and start again.`,
    );
  // The file itself could not be opened (a folder of that name, no permission).
  if (typeof (error as { syscall?: unknown }).syscall === 'string')
    return new Error(
      `${cannotOpenWords(file, error)}. Nothing was changed; choose another data directory with --data-dir or ${DATA_DIR_ENV}.`,
    );
  if (!isUnreadableDatabaseError(error)) return error;
  return new Error(unreadableDatabaseWords(file, error));
}

/**
 * SQLite found the file is not a database, or a damaged one (SQLITE_CORRUPT and its extended
 * codes, such as SQLITE_CORRUPT_INDEX): the header, or any page read later.
 */
export function isUnreadableDatabaseError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT'));
}

/**
 * The one wording of a database file the console cannot read, wherever it is found: opening it,
 * its first reads, or a page a command reads later (the CLI's error path says the same).
 */
export const unreadableDatabaseWords = (file: string, error: unknown): string =>
  `${file} is not a database this console can read (SQLite: ${errorWords(error)}). Nothing in it was changed: move it aside, or choose another data directory with --data-dir or ${DATA_DIR_ENV}.`;

/** The file cannot be opened for writing (a read-only file system, a file its owner may not write). */
const cannotWrite = (error: unknown): boolean => {
  const { code, syscall } = error as { code?: unknown; syscall?: unknown };
  return syscall === 'open' && (code === 'EROFS' || code === 'EACCES' || code === 'EPERM');
};

/**
 * A copy of a database this process cannot write (a backup on read-only media), in a folder of
 * its own, and its write-ahead log if it has one. SQLite cannot open the file itself even to
 * read it: a WAL database needs its -shm file, which it cannot make there, and the way around
 * that (`immutable`) is a URI parameter this build of SQLite does not read.
 */
function readOnlyCopy(file: string): { copy: string; remove: () => void } {
  const folder = mkdtempSync(join(tmpdir(), 'checkout-console-read-only-'));
  // Removed on close, and at exit should the console fail to open after it (a vault it cannot read).
  const removeAtExit = () => rmSync(folder, { recursive: true, force: true });
  process.once('exit', removeAtExit);
  const remove = () => {
    process.removeListener('exit', removeAtExit);
    removeAtExit();
  };
  try {
    const copy = join(folder, basename(file));
    copyFileSync(file, copy);
    if (existsSync(`${file}-wal`)) copyFileSync(`${file}-wal`, `${copy}-wal`);
    return { copy, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/**
 * Opens (creating or migrating) the database file and everything over it. With
 * `readOnlyFallback` (a command that only reads), a file that cannot be opened for writing is
 * read through a copy (readOnlyCopy), which `readOnly` says and `close` removes: what the command
 * writes (an order list derived again, the search index caught up) lands there and is not kept.
 */
export function openStore(
  file: string,
  options: Pick<OpenDatabaseOptions, 'appRoot' | 'busyTimeoutMs'> & {
    onBackgroundError?: (error: unknown) => void;
    readOnlyFallback?: boolean;
    /** Who else runs on the data directory, for a write that gave up on the lock (store-writer.ts). */
    runningConsoles?: () => readonly string[];
    /** How long a queued write waits for another process's lock (store-writer.ts; default 10 s). */
    lockWaitMs?: number;
  } = {},
): Store {
  let db: SqliteDatabase;
  let copied: { copy: string; remove: () => void; why: string } | null = null;
  try {
    db = openDatabase(file, { ...options, consoleFile: true });
  } catch (error) {
    if (options.readOnlyFallback !== true || !cannotWrite(error)) throw unreadableDatabase(file, error);
    try {
      copied = { ...readOnlyCopy(file), why: fileErrorWords(error) };
    } catch (copyError) {
      throw unreadableDatabase(file, copyError);
    }
    try {
      db = openDatabase(copied.copy, { ...options, consoleFile: true });
    } catch (copyError) {
      copied.remove();
      throw unreadableDatabase(file, copyError);
    }
  }
  const removeCopy = copied?.remove ?? (() => undefined);
  try {
    migrate(db, migrations);
  } catch (error) {
    db.close();
    removeCopy();
    throw unreadableDatabase(file, error);
  }
  const writer = createStoreWriter(db, {
    ...(options.runningConsoles === undefined ? {} : { runningConsoles: options.runningConsoles }),
    ...(options.lockWaitMs === undefined ? {} : { maxWaitMs: options.lockWaitMs }),
    ...(options.busyTimeoutMs === undefined ? {} : { syncBusyTimeoutMs: options.busyTimeoutMs }),
  });
  let searchIndex: SearchIndex;
  let stopIndexing: () => void;
  try {
    // Setting the index up reads pages migrate did not (a damaged one is found here, not there).
    searchIndex = createSearchIndex(db, writer);
    stopIndexing = searchIndex.startBackground(options.onBackgroundError ?? (() => undefined));
  } catch (error) {
    db.close();
    removeCopy();
    throw unreadableDatabase(file, error);
  }
  const dataVersion = db.prepare<[], { data_version: number }>('PRAGMA data_version');
  return {
    settings: writesThrough(writer, createSettingsRepository(db), ['set', 'update', 'remove']),
    profiles: writesThrough(writer, createProfilesRepository(db), [
      'insert',
      'update',
      'remove',
      'updateSealed',
    ]),
    drafts: writesThrough(writer, createDraftsRepository(db), ['insert', 'update', 'rename', 'remove']),
    events: createEventsRepository(db),
    eventsQuery: createEventsQuery(db, searchIndex),
    history: createHistoryRepository(db),
    orders: createOrdersRepository(db),
    emulatorOrders: writesThrough(writer, createEmulatorOrdersRepository(db), [], ['insert', 'save']),
    emulatorOutbox: writesThrough(writer, createEmulatorOutboxRepository(db), [], ['add', 'claim', 'save']),
    emulatorTransactions: writesThrough(writer, createEmulatorTransactionsRepository(db), [], ['add']),
    scenarioRuns: writesThrough(writer, createScenarioRunsRepository(db), [
      'startRun',
      'addResult',
      'finishRun',
      'markAlive',
    ]),
    craftedTokens: writesThrough(writer, createCraftedTokensRepository(db), ['remember']),
    writer,
    searchIndex,
    dataVersion: () => dataVersion.get()?.data_version ?? 0,
    readOnly: copied?.why ?? null,
    close() {
      // Closing twice (a console closed by its CLI command and again by a test) is a no-op.
      if (!db.open) return;
      stopIndexing();
      try {
        writer.flushNow();
      } catch (error) {
        // Another process kept the lock past the wait: what waited was refused (each write told
        // so), and closing goes on, without a second wait for the index below (an `orders`
        // listing under an import's lock failed at exit after it had read what it needed).
        if (!isBusyError(error)) throw error;
        db.close();
        removeCopy();
        return;
      }
      // What this process stored leaves searchable; if another process holds the lock, the
      // next one to search or index does it (and cleans out a secret learnt late: not at exit).
      try {
        searchIndex.catchUp({ scan: false });
      } catch (error) {
        // Another process holds the lock, or the disk is full: the next one to search or index
        // does it. Closing still closes.
        if (!isBusyError(error) && !isSqliteError(error)) throw error;
      } finally {
        db.close();
        removeCopy();
      }
    },
  };
}
