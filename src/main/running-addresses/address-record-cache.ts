import { statSync } from 'node:fs';
import {
  keepLiveRecords,
  readAddressRecordFiles,
  type AddressRecord,
  type AddressRecordFile,
} from './address-record';
import { createIdentityCheck } from './process-identity';

/**
 * The live address records for a console that asks for them again and again: every send whose
 * own listener does not run for the profile asks where another console runs it. Reading them is
 * a directory listing and a file (open, stat, read, parse) per record; this keeps the last read
 * for as long as the directory shows no change, and still judges every record alive at every
 * lookup (a process that died changes nothing in the directory).
 */

/** What the directory looks like now, in one stat; null when it cannot be looked at. */
export interface DirectoryStamp {
  key: string;
  /**
   * When an entry was last added, renamed or removed (the directory's mtime), in ms since the
   * epoch, as the file system tells it. Its ctime, in the key too, also moves with a chmod or a
   * `touch` of the directory itself, which changes no entry.
   */
  changedAtMs: number;
}

/**
 * The stamp of a data directory. The directory's own times are enough because no record is
 * ever changed in place: the publisher (address-publisher.ts, through writeOwnerOnlyFile) writes
 * `<record>.tmp` and renames it over the record, and a record goes by being unlinked; creating,
 * renaming and unlinking an entry each change the directory's mtime and ctime. (A file rewritten
 * in place changes only its own times, which this stamp would not see: the rename is relied upon,
 * and address-record-cache.test.ts checks it.)
 */
export function directoryStamp(dir: string): DirectoryStamp | null {
  try {
    const stats = statSync(dir, { bigint: true });
    return {
      key: `${stats.dev}:${stats.ino}:${stats.mtimeNs}:${stats.ctimeNs}:${stats.size}`,
      changedAtMs: Number(stats.mtimeMs),
    };
  } catch {
    return null;
  }
}

/**
 * A directory's times are only as fine as its file system keeps them (2 s on FAT, 1 s on HFS+
 * and ext3, a kernel tick elsewhere): a record published in the same tick as the read before it
 * would leave the stamp as it was. So a read is kept only once the directory's last change is
 * older than the coarsest of those, with a second to spare for the clocks; then any later change
 * falls in a later tick and shows. Until then every lookup reads again.
 */
export const SETTLED_AFTER_MS = 3_000;

export function cachedLiveAddressRecords(
  dataDir: string,
  deps: {
    read?: (dataDir: string) => AddressRecordFile[];
    stamp?: (dir: string) => DirectoryStamp | null;
    now?: () => number;
    alive?: (pid: number, start: string | null) => boolean;
  } = {},
): () => AddressRecord[] {
  const read = deps.read ?? ((dir: string) => readAddressRecordFiles(dir));
  const stampOf = deps.stamp ?? directoryStamp;
  const now = deps.now ?? Date.now;
  const alive = deps.alive ?? createIdentityCheck({ now });
  let kept: { key: string; files: AddressRecordFile[] } | null = null;
  return () => {
    // Stamped before the read: a change during the read leaves a stamp that no longer matches.
    const stamp = stampOf(dataDir);
    const files = stamp !== null && kept?.key === stamp.key ? kept.files : read(dataDir);
    kept = stamp !== null && now() - stamp.changedAtMs > SETTLED_AFTER_MS ? { key: stamp.key, files } : null;
    const live = keepLiveRecords(files, alive);
    // The records of processes that are gone were removed, and the directory changed with them.
    if (live.length !== files.length) kept = null;
    return live.map((file) => file.record);
  };
}
