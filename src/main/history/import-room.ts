import { statfs } from 'node:fs/promises';
import { formatBytesShort } from '../../shared/byte-size';
import { ImportError } from './import-file';

/** Room for the write-ahead log until SQLite's checkpoint reuses it (1,000 pages of 4 KiB). */
const WAL_ROOM_BYTES = 4 * 1024 * 1024;

/**
 * Why the disk has no room for an import, or null. Its records take about as much as the file
 * (1.5 times its size measured, with the indexes), written to the log before the database; and
 * an import that fails half-way removes what it wrote, which writes too. Started without that
 * room, an import on a 3 MB disk stopped with hundreds of records written that its undo, on the
 * same full disk, could not remove: the all or nothing of an import needs the room to undo.
 */
export function importRoomProblem(freeBytes: number, fileBytes: number): string | null {
  const needed = 2 * fileBytes + WAL_ROOM_BYTES;
  if (freeBytes >= needed) return null;
  return `The disk holding the data directory has ${formatBytesShort(freeBytes)} free; importing this file (${formatBytesShort(fileBytes)}) needs about ${formatBytesShort(needed)}, room for its records and for removing them again should writing fail. Free some space and import it again.`;
}

/** Refuses an import the data directory's disk has no room for, before anything is written. */
export async function checkImportRoom(dataDir: string, fileBytes: number): Promise<void> {
  let free: number;
  try {
    const stats = await statfs(dataDir);
    free = stats.bavail * stats.bsize;
  } catch {
    // A file system that does not say (or no statfs): the import is tried, and says what it left.
    return;
  }
  const problem = importRoomProblem(free, fileBytes);
  if (problem !== null) throw new ImportError(problem);
}
