import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { looseModeProblem, writeOwnerOnlyFile } from '../owner-only-file';
import { readRegularFile } from '../read-regular-file';
import { isProcessAlive } from '../browser-mode/control-file';
import { isSameProcessAlive } from './process-identity';

/**
 * Where the processes on a data directory actually run their listener and emulator: each one
 * that runs either writes one small record into the data directory, changes it when what it
 * runs changes (a free port, another profile, a stop), and removes it when it closes. A
 * process in a terminal that runs neither (`send`, `emulator pay`) reads them to find the
 * address a profile's port setting cannot tell it (port 0, `listen --port`, `emulator --port`).
 *
 * One file per console (pid and a random name: two consoles in one process do not share one),
 * so processes never overwrite each other's. A record carries its process's pid and start time:
 * one whose process is gone (a crash, a kill -9) or whose pid now names another process is
 * never used, and is removed by the reader that finds it.
 */

const PREFIX = 'running-';
/**
 * A record is a few hundred bytes; anything larger is not one. Read through readRegularFile, so
 * a named pipe or a device under a record's name never holds up (or fills the memory of) a reader.
 */
const RECORD_MAX_BYTES = 16 * 1024;
const SUFFIX = '.json';

/** Only a loopback origin is ever published or believed: a record cannot send anything elsewhere. */
const loopbackOrigin = z.string().regex(/^http:\/\/127\.0\.0\.1:\d{1,5}$/, 'must be http://127.0.0.1:PORT');

export const addressRecordSchema = z.strictObject({
  version: z.literal(1),
  pid: z.number().int().positive(),
  /** The OS's start time of that pid's process (null where it cannot be read): see process-identity.ts. */
  processStart: z.string().max(100).nullable(),
  /** Which program it is, as a person calls it (`checkout-console serve`, `the desktop app`). */
  process: z.string().min(1).max(100),
  listener: z
    .strictObject({
      url: loopbackOrigin,
      /** The profile it runs for: it verifies with that profile's notification token. */
      profileId: z.number().int(),
      profileName: z.string().max(200),
    })
    .nullable(),
  emulator: z.strictObject({ url: loopbackOrigin }).nullable(),
  updatedAt: z.iso.datetime(),
});
export type AddressRecord = z.infer<typeof addressRecordSchema>;

/** A record's .tmp (see owner-only-file.ts), with the pid of the process that wrote it. */
const HALF_WRITTEN = /^running-(\d{1,10})-[0-9a-f]{8}\.json\.tmp$/;

/** A new record's path for this console: pid first (for a person reading the folder), then a random name. */
export function newRecordPath(dataDir: string, pid: number): string {
  return join(dataDir, `${PREFIX}${pid}-${randomBytes(4).toString('hex')}${SUFFIX}`);
}

export function writeAddressRecord(path: string, record: AddressRecord): void {
  writeOwnerOnlyFile(path, `${JSON.stringify(addressRecordSchema.parse(record))}\n`);
}

export function removeAddressRecord(path: string): void {
  rmSync(path, { force: true });
}

function readOne(path: string, platform: NodeJS.Platform): AddressRecord | null {
  try {
    if (looseModeProblem(path, platform) !== null) return null;
    const read = readRegularFile(path, RECORD_MAX_BYTES);
    if (!read.ok) return null;
    const parsed = addressRecordSchema.safeParse(JSON.parse(read.text));
    return parsed.success ? parsed.data : null;
  } catch {
    // Removed between the listing and the read (its process closed), or not JSON: nothing to use.
    return null;
  }
}

/**
 * The records of processes still running on this data directory. Records of processes that
 * are gone are removed (they can only mislead the next reader); a record this version cannot
 * read, or that others may write, is passed over and left alone.
 */
export function liveAddressRecords(
  dataDir: string,
  alive: (pid: number, start: string | null) => boolean = isSameProcessAlive,
  platform: NodeJS.Platform = process.platform,
): AddressRecord[] {
  let names: string[];
  try {
    names = readdirSync(dataDir);
  } catch {
    return [];
  }
  // A record is written beside itself (.tmp) and renamed into place: a process that died in
  // between left the .tmp, which no one else would ever remove (each console's name is new).
  for (const name of names) {
    const pid = HALF_WRITTEN.exec(name)?.[1];
    if (pid !== undefined && !isProcessAlive(Number(pid))) removeAddressRecord(join(dataDir, name));
  }
  const live: AddressRecord[] = [];
  for (const name of names.filter((n) => n.startsWith(PREFIX) && n.endsWith(SUFFIX)).sort()) {
    const path = join(dataDir, name);
    const record = readOne(path, platform);
    if (record === null) continue;
    if (alive(record.pid, record.processStart)) live.push(record);
    else removeAddressRecord(path);
  }
  return live;
}

/** A listener another process (or console) on this data directory runs, and for which profile. */
export interface RunningListener {
  url: string;
  profileId: number;
  /** Who runs it, for a person: `checkout-console listen (pid 123)`. */
  runBy: string;
}

/** An emulator a process on this data directory runs, wherever it bound. */
export interface RunningEmulator {
  url: string;
  runBy: string;
}

const runByOf = (record: AddressRecord) => `${record.process} (pid ${record.pid})`;

export function runningListeners(records: readonly AddressRecord[]): RunningListener[] {
  return records.flatMap((record) =>
    record.listener === null
      ? []
      : [{ url: record.listener.url, profileId: record.listener.profileId, runBy: runByOf(record) }],
  );
}

export function runningEmulators(records: readonly AddressRecord[]): RunningEmulator[] {
  return records.flatMap((record) =>
    record.emulator === null ? [] : [{ url: record.emulator.url, runBy: runByOf(record) }],
  );
}
