import { randomBytes } from 'node:crypto';
import {
  lstat,
  mkdir,
  open,
  readdir,
  realpath,
  rename,
  stat,
  unlink,
  type FileHandle,
} from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { DATABASE_FILE_NAME } from '../data-dir';
import { fileErrorWords } from '../file-error-words';
import { realLocation } from '../real-location';

/** Why an export could not be written, as one sentence (the CLI prints it and exits 1). */
export class ExportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExportFileError';
  }
}

export interface ExportTarget {
  path: string;
  /** Replace a file that exists (never one inside the data directory). */
  force: boolean;
  /** The console's own directory: nothing is ever written into it. */
  dataDir: string;
  /**
   * Make the target's missing folders (Save as scenario's `scenarios/…`), once the guard has
   * judged where they would be; otherwise a missing folder is refused.
   */
  makeDirectories?: boolean;
  /** The new file's mode; 0600 unless said (an export holds the records). */
  mode?: number;
}

const isInside = (parent: string, child: string) => {
  const path = relative(parent, child);
  return path === '' || (!path.startsWith('..') && !isAbsolute(path));
};

async function statOrNull(path: string) {
  try {
    return await lstat(path);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return null;
    throw new ExportFileError(`Cannot write ${path}: ${fileErrorWords(error)}.`);
  }
}

/** The first 16 bytes of every SQLite database file. */
const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/** Whether a file starts as every SQLite database does (unreadable: taken as not). */
async function isSqliteDatabase(path: string): Promise<boolean> {
  let file: FileHandle | null = null;
  try {
    file = await open(path, 'r');
    const head = Buffer.alloc(SQLITE_HEADER.length);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    return bytesRead === head.length && head.equals(SQLITE_HEADER);
  } catch {
    return false;
  } finally {
    await file?.close().catch(() => undefined);
  }
}

/**
 * The nearest console data directory (a folder holding console.sqlite) that is one of
 * `directories` or an ancestor of one, or null. The directories are real locations already, so
 * a link cannot lead around the walk.
 */
async function consoleDataDirHolding(directories: string[]): Promise<string | null> {
  for (const start of new Set(directories)) {
    for (let directory = start; ; directory = dirname(directory)) {
      if ((await statOrNull(join(directory, DATABASE_FILE_NAME)))?.isFile() === true) return directory;
      if (dirname(directory) === directory) break;
    }
  }
  return null;
}

/**
 * Decides how to write `target`, refusing before a byte is written: anything that resolves
 * into the data directory (the live database, the vault key) or any other console's, over an
 * SQLite database, a directory, a missing directory, and an existing file unless `force`.
 * Devices and pipes (/dev/stdout) are written in place; everything else through a temporary
 * file renamed over the target. A link is judged where it leads, also one that leads nowhere yet
 * (realLocation follows it), and is replaced by the file itself, never opened: opening a link to
 * <data dir>/sneaky.json created that file in the data directory.
 */
async function plan(target: ExportTarget): Promise<{ path: string; inPlace: boolean; makeParent: boolean }> {
  const path = resolve(target.path);
  const parent = dirname(path);
  let realParent: string;
  let makeParent = false;
  try {
    realParent = await realpath(parent);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ENOENT' && target.makeDirectories === true) {
      // Judged where the folders would be made: under the real location of the nearest one that
      // exists, so a link cannot lead a new folder into a data directory.
      realParent = await realLocation(parent);
      makeParent = true;
    } else
      throw new ExportFileError(
        code === 'ENOENT'
          ? `Cannot write ${target.path}: the directory ${parent} does not exist.`
          : `Cannot write ${target.path}: ${fileErrorWords(error)}.`,
      );
  }
  const existing = await statOrNull(path);
  const landsAt = existing?.isSymbolicLink() === true ? await realLocation(path) : path;
  const dataDir = await realLocation(target.dataDir);
  if (isInside(dataDir, realParent) || isInside(dataDir, landsAt))
    throw new ExportFileError(
      `Cannot write ${target.path}: it is inside the data directory (${target.dataDir}), which holds the console's own files; choose a path outside it.`,
    );
  // Any console's data directory, not only this command's own: `export --out
  // <another data dir>/console.sqlite --force` replaced a live database, and the listener running
  // on it went on acknowledging webhooks into a file no longer there. Every ancestor counts, not
  // only the target's folder: `--out <another data dir>/logs/console.log --force` emptied that
  // console's log.
  const otherDataDir = await consoleDataDirHolding([realParent, dirname(landsAt)]);
  if (otherDataDir !== null)
    throw new ExportFileError(
      `Cannot write ${target.path}: ${otherDataDir} is a console's data directory (it holds ${DATABASE_FILE_NAME}), which holds that console's own files; choose a path outside it.`,
    );
  // What the link leads to; null when nothing is there yet, so the link itself is replaced.
  const kind = existing?.isSymbolicLink() === true ? await statOrNull(landsAt) : existing;
  if (kind?.isDirectory() === true)
    throw new ExportFileError(`Cannot write ${target.path}: it is a directory.`);
  if (kind?.isFile() === true && (await isSqliteDatabase(landsAt)))
    throw new ExportFileError(
      `Cannot write ${target.path}: it is an SQLite database, which an export or a report never replaces, even with --force.`,
    );
  if (existing !== null && !target.force)
    throw new ExportFileError(`Cannot write ${target.path}: it exists; add --force to replace it.`);
  const special = kind !== null && !kind.isFile();
  return { path: special ? landsAt : join(realParent, basename(path)), inPlace: special, makeParent };
}

/**
 * Whether `target` could be written, refusing as a write would (inside the data directory, a
 * directory, a missing directory, an existing file without `force`), before any work whose
 * result would go there: a suite run or an endpoint check is not run only to fail at its end.
 */
export async function checkExportTarget(target: ExportTarget): Promise<void> {
  await plan(target);
}

/** Chunks are gathered to about this size before each write. */
const WRITE_SIZE = 256 * 1024;

async function writeAll(file: FileHandle, chunks: Iterable<string>): Promise<void> {
  let pending: string[] = [];
  let size = 0;
  for (const chunk of chunks) {
    pending.push(chunk);
    size += chunk.length;
    if (size >= WRITE_SIZE) {
      await file.write(pending.join(''));
      pending = [];
      size = 0;
    }
  }
  if (pending.length > 0) await file.write(pending.join(''));
}

/** A temporary file of the target `name`: its writer's pid (absent in names before it was added). */
const temporaryName = (name: string, pid: number) => `.${name}.${pid}-${randomBytes(6).toString('hex')}.tmp`;
const TEMPORARY = /^\.(.+)\.(?:(\d+)-)?[0-9a-f]{12}\.tmp$/;
/** A temporary file without its writer's pid is left this long after its last write. */
const UNNAMED_STALE_MS = 60 * 60_000;

/** Whether process `pid` runs (one that exists but is not ours to signal runs too). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code === 'EPERM';
  }
}

/**
 * Removes the temporary files of `name` in `directory` whose writer is gone: a writer killed
 * mid-way (`kill -9` during an export) left its 8 MB temporary file for good. One whose pid
 * runs is being written now (another export to the same target) and stays; one named without a
 * pid (an older console's) goes once nobody has written it for an hour. Best effort: a file
 * that cannot be looked at or removed is left.
 */
async function removeStaleTemporaries(directory: string, name: string): Promise<void> {
  let entries: string[];
  try {
    entries = await readdir(directory);
  } catch {
    return;
  }
  for (const entry of entries) {
    const match = TEMPORARY.exec(entry);
    if (match === null || match[1] !== name) continue;
    const path = join(directory, entry);
    try {
      const pid = match[2] === undefined ? null : Number(match[2]);
      const stale =
        pid === null
          ? Date.now() - (await stat(path)).mtimeMs > UNNAMED_STALE_MS
          : pid !== process.pid && !isRunning(pid);
      if (stale) await unlink(path);
    } catch {
      // Gone meanwhile, or not ours to remove.
    }
  }
}

/**
 * Writes an export, or any report a command writes to a path the user gave (`test --out`,
 * `check-endpoint --junit`): to a temporary file beside the target (mode 0600), flushed to disk, then
 * renamed into place, so the target is either the old file or the whole new one. Every failure
 * is an ExportFileError naming the path and the cause; a temporary file is never left behind, and
 * one a killed writer left is removed by the next write to the same target.
 */
export async function writeExportFile(target: ExportTarget, chunks: Iterable<string>): Promise<void> {
  const { path, inPlace, makeParent } = await plan(target);
  if (makeParent)
    await mkdir(dirname(path), { recursive: true }).catch((error: unknown) => {
      throw new ExportFileError(`Cannot write ${target.path}: ${fileErrorWords(error)}.`);
    });
  if (!inPlace) await removeStaleTemporaries(dirname(path), basename(path));
  const temporary = inPlace ? path : join(dirname(path), temporaryName(basename(path), process.pid));
  let file: FileHandle | null = null;
  try {
    file = await open(temporary, inPlace ? 'w' : 'wx', target.mode ?? 0o600);
    await writeAll(file, chunks);
    if (!inPlace) await file.sync();
    await file.close();
    file = null;
    if (!inPlace) await rename(temporary, path);
  } catch (error) {
    await file?.close().catch(() => undefined);
    if (!inPlace) await unlink(temporary).catch(() => undefined);
    // Only the file system's failures are about the file (a failed read of the records is not).
    if (error instanceof ExportFileError || (error as { syscall?: unknown }).syscall === undefined)
      throw error;
    throw new ExportFileError(`Cannot write ${target.path}: ${fileErrorWords(error)}.`);
  }
}
