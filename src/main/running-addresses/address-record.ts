import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { writeOwnerOnlyFile } from '../owner-only-file';
import { readPerProcessFiles } from '../per-process-files';
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
 * A record is a few hundred bytes; anything larger is not one. Read through per-process-files.ts,
 * so a named pipe or a device under a record's name never holds up (or fills the memory of) a reader.
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

/** A record's name while it is written (see owner-only-file.ts), with the pid of the process that writes it. */
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

/** A record as read from its file, not yet judged alive. */
export interface AddressRecordFile {
  path: string;
  record: AddressRecord;
}

/**
 * The records in the data directory, whoever wrote them. A record this version cannot read, or
 * that others may write, is passed over and left alone (a reader has no one to tell: it only
 * asks where a listener runs). A crashed writer's .tmp is removed here: see below.
 */
export function readAddressRecordFiles(
  dataDir: string,
  platform: NodeJS.Platform = process.platform,
): AddressRecordFile[] {
  const { files, beingWritten } = readPerProcessFiles(
    dataDir,
    {
      prefix: PREFIX,
      suffix: SUFFIX,
      schema: addressRecordSchema,
      noun: 'an address record',
      maxBytes: RECORD_MAX_BYTES,
    },
    platform,
  );
  // A record is written beside itself (.tmp) and renamed into place: a process that died in
  // between left the .tmp, which no one else would ever remove (each console's name is new).
  for (const { name, path } of beingWritten) {
    const pid = HALF_WRITTEN.exec(name)?.[1];
    if (pid !== undefined && !isProcessAlive(Number(pid))) removeAddressRecord(path);
  }
  return files.flatMap((file) => (file.ok ? [{ path: file.path, record: file.value }] : []));
}

/**
 * The records whose process still runs. Records of processes that are gone are removed (they
 * can only mislead the next reader).
 */
export function keepLiveRecords(
  files: readonly AddressRecordFile[],
  alive: (pid: number, start: string | null) => boolean,
): AddressRecordFile[] {
  return files.filter(({ path, record }) => {
    if (alive(record.pid, record.processStart)) return true;
    removeAddressRecord(path);
    return false;
  });
}

/** The records of processes still running on this data directory (read afresh: see address-record-cache.ts). */
export function liveAddressRecords(
  dataDir: string,
  alive: (pid: number, start: string | null) => boolean = isSameProcessAlive,
  platform: NodeJS.Platform = process.platform,
): AddressRecord[] {
  return keepLiveRecords(readAddressRecordFiles(dataDir, platform), alive).map((file) => file.record);
}

/** A listener another process (or console) on this data directory runs, and for which profile. */
export interface RunningListener {
  url: string;
  profileId: number;
  profileName: string;
  /** Who runs it, for a person: `checkout-console listen (pid 123)`. */
  runBy: string;
}

/** An emulator a process on this data directory runs, wherever it bound. */
export interface RunningEmulator {
  url: string;
  runBy: string;
}

/** Who runs a record's console, for a person: `checkout-console listen (pid 123)`. */
export const runByOf = (record: AddressRecord) => `${record.process} (pid ${record.pid})`;

export function runningListeners(records: readonly AddressRecord[]): RunningListener[] {
  return records.flatMap((record) =>
    record.listener === null
      ? []
      : [
          {
            url: record.listener.url,
            profileId: record.listener.profileId,
            profileName: record.listener.profileName,
            runBy: runByOf(record),
          },
        ],
  );
}

/** The listener another console on the data directory runs on this machine's `port`, if any. */
export function listenerOnPort(records: readonly AddressRecord[], port: number): RunningListener | null {
  return runningListeners(records).find((running) => running.url === `http://127.0.0.1:${port}`) ?? null;
}

export function runningEmulators(records: readonly AddressRecord[]): RunningEmulator[] {
  return records.flatMap((record) =>
    record.emulator === null ? [] : [{ url: record.emulator.url, runBy: runByOf(record) }],
  );
}
