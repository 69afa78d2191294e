import { chmodSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { errorWords } from '../shared/error-words';
import { fileErrorWords } from './file-error-words';

export const APP_DIR_NAME = 'checkout-console';
export const DATA_DIR_ENV = 'CHECKOUT_CONSOLE_DATA_DIR';

/**
 * The OS's per-user application data folder, the same place Electron's `userData` points to,
 * so the desktop app, the CLI and browser mode share one history by default.
 */
export function osUserDataDir(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir(),
): string {
  if (platform === 'win32') return join(env['APPDATA'] ?? join(home, 'AppData', 'Roaming'), APP_DIR_NAME);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_DIR_NAME);
  const configHome = env['XDG_CONFIG_HOME'];
  return join(
    configHome !== undefined && configHome !== '' ? configHome : join(home, '.config'),
    APP_DIR_NAME,
  );
}

/**
 * `--data-dir`, then CHECKOUT_CONSOLE_DATA_DIR, then the OS's per-user data folder, always
 * absolute (a relative one against the working directory): the desktop app hands it to
 * Electron's `app.setPath`, which throws for a relative path that serve and the CLI took.
 */
export function resolveDataDir(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (flag !== undefined && flag !== '') return resolve(flag);
  const fromEnv = env[DATA_DIR_ENV];
  if (fromEnv !== undefined && fromEnv !== '') return resolve(fromEnv);
  return osUserDataDir(process.platform, env);
}

/** The console's database in its data directory: the file that marks a directory as a console's. */
export const DATABASE_FILE_NAME = 'console.sqlite';
/** The console's own files in the data directory (Electron keeps its own beside them). */
const OWN_FILES = [DATABASE_FILE_NAME, `${DATABASE_FILE_NAME}-wal`, `${DATABASE_FILE_NAME}-shm`, 'vault.key'];
export const LOGS_DIR_NAME = 'logs';

/**
 * Takes away whatever `mode` does not allow, and nothing more: a folder its owner made read-only
 * (0555) becomes 0500, not 0700. A path we may not change (not ours) is a warning, not a failure.
 * One of another kind than the console's (a folder named vault.key, a file named logs) is left
 * as it is: the console refuses or runs without it, saying why, and it stays as it was found.
 */
function tighten(path: string, mode: number, kind: 'folder' | 'file', warnings: string[]): void {
  let current: number;
  try {
    const stat = statSync(path);
    if (kind === 'folder' ? !stat.isDirectory() : !stat.isFile()) return;
    current = stat.mode & 0o777;
  } catch {
    return;
  }
  const tightened = current & mode;
  if (current === tightened) return;
  try {
    chmodSync(path, tightened);
  } catch (error) {
    warnings.push(
      `Could not make ${path} readable by its owner only (mode ${mode.toString(8)}): ${errorWords(error)}`,
    );
  }
}

function refuseFile(dir: string): void {
  if (existsSync(dir) && !statSync(dir).isDirectory())
    throw new Error(
      `The data directory ${dir} is a file, not a folder. Nothing was changed; choose a folder with --data-dir or ${DATA_DIR_ENV}.`,
    );
}

/**
 * The data directory made if it is missing, and refused (a file, someone else's folder, one it
 * cannot create) with nothing changed: no mode, no folder of its own added to it.
 */
export function ensureDataDir(dir: string, options: { sharedWithElectron?: boolean } = {}): void {
  refuseFile(dir);
  // The desktop app's folder is Electron's too, which fills it before the console starts.
  if (options.sharedWithElectron !== true) refuseSomeoneElsesFolder(dir);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new Error(
      `The data directory ${dir} cannot be created: ${fileErrorWords(error)}. Choose another folder with --data-dir or ${DATA_DIR_ENV}.`,
    );
  }
}

/**
 * The data directory and the console's files in it made the owner's only (0700 and 0600),
 * whatever a backup, a copy or an earlier version left: the database holds every request's
 * bytes and the sealed tokens. Done once the console knows the folder and its database are its
 * own (a refused one is left as it was: a folder holding another program's `console.sqlite`
 * went 0700, its file 0600). Warnings for what could not be changed.
 */
export function tightenDataDir(dir: string): string[] {
  const warnings: string[] = [];
  tighten(dir, 0o700, 'folder', warnings);
  for (const name of OWN_FILES) tighten(join(dir, name), 0o600, 'file', warnings);
  const logs = join(dir, LOGS_DIR_NAME);
  tighten(logs, 0o700, 'folder', warnings);
  let logFiles: string[] = [];
  try {
    logFiles = readdirSync(logs);
  } catch {
    logFiles = [];
  }
  for (const name of logFiles) tighten(join(logs, name), 0o600, 'file', warnings);
  return warnings;
}

/**
 * What a file manager leaves in any folder it shows (Finder, Explorer): a folder holding only
 * these is still empty to its owner. Named one by one, not every dot-file: a home folder holds
 * only dot-files on a fresh account, and it is someone else's.
 */
const FOLDER_VIEW_LITTER = new Set(['.DS_Store', '.localized', 'Thumbs.db', 'desktop.ini']);

/**
 * A folder that already holds files, none of them the console's, is someone else's (a
 * `--data-dir` that named the home folder or a project): the console would add its database
 * there and make the folder owner-only. Refused, with nothing changed; a new or empty folder
 * (a file manager's litter aside), or one the console already uses, is taken.
 */
function refuseSomeoneElsesFolder(dir: string): void {
  const shown = someoneElsesFiles(dir);
  if (shown === null) return;
  throw new Error(
    `The data directory ${dir} already holds other files (${shown}) and none of the console's. Nothing was changed; choose a new or empty folder with --data-dir or ${DATA_DIR_ENV}.`,
  );
}

/** The files (the first three) that make `dir` someone else's folder, or null when it is not. */
function someoneElsesFiles(dir: string): string | null {
  let entries: string[];
  try {
    entries = readdirSync(dir).filter((name) => !FOLDER_VIEW_LITTER.has(name));
  } catch {
    return null;
  }
  if (entries.length === 0 || entries.some((name) => OWN_FILES.includes(name) || name === LOGS_DIR_NAME))
    return null;
  return entries.slice(0, 3).join(', ') + (entries.length > 3 ? `, … (${entries.length} in all)` : '');
}

/**
 * For a command that only reads a data directory (history, export, orders, curl, runs,
 * retention): one that holds no console database is refused, naming it, with nothing made. A
 * mistyped --data-dir was made into a new, empty data directory, and read as one: `export
 * --force` replaced a file with an export of 0 records, `history` said "No matching records.",
 * each exit 0. `command` prints a command for this data directory (the one that sets it up).
 */
export function requireExistingDataDir(dir: string, command: (rest: string) => string): void {
  refuseFile(dir);
  const why = !existsSync(dir)
    ? 'does not exist'
    : existsSync(join(dir, DATABASE_FILE_NAME))
      ? null
      : `holds no console database (${DATABASE_FILE_NAME})`;
  if (why === null) return;
  // A folder of someone else's files is refused by the commands that set one up too: suggesting
  // one of them here sent people from one refusal to the next.
  const others = someoneElsesFiles(dir);
  const next =
    others === null
      ? `a new data directory is made by a command that sets one up, such as ${command('profiles list')}, or serve`
      : `it already holds other files (${others}) and none of the console's, so no command makes it one: for a new data directory, choose an empty or new folder`;
  throw new Error(
    `The data directory ${dir} ${why}, and this command only reads one: nothing was created. Check --data-dir and ${DATA_DIR_ENV} for a typo; ${next}.`,
  );
}
