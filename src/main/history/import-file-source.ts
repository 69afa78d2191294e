import type { FileHandle } from 'node:fs/promises';
import { constants } from 'node:buffer';
import { formatBytesShort } from '../../shared/byte-size';
import { ImportError, importFileText } from './import-file';
import { FILE_CHANGED } from './import-ndjson-check';

/** Bytes read at a time: far below anything that strains memory, large enough to be quick. */
const READ_BYTES = 1024 * 1024;

/**
 * An import's file opened once, read from its start as often as a pass needs (each pass from
 * the same open file, so one renamed over it meanwhile is not read), and its size and time of
 * change as they were when it was opened, to know it did not change between the passes.
 */
export interface ImportFileSource {
  size: number;
  /**
   * A file that can be read again from its start. A pipe (`import <(gunzip -c …)`) cannot: read
   * at a position it failed ('ESPIPE: invalid seek'), so it is read whole, once, as before.
   */
  seekable: boolean;
  chunks(): AsyncIterable<Uint8Array>;
  /** Refuses (the file changed) when its size or time of change is not what it was at the start. */
  assertUnchanged(): Promise<void>;
  /** The whole file as text (a JSON or HAR document), refused past the longest string Node holds. */
  wholeText(): Promise<string>;
}

export async function importFileSource(handle: FileHandle): Promise<ImportFileSource> {
  const first = await handle.stat();
  return {
    size: first.size,
    seekable: first.isFile(),
    async *chunks() {
      for (let position = 0; ;) {
        const buffer = Buffer.allocUnsafe(READ_BYTES);
        const { bytesRead } = await handle.read(buffer, 0, READ_BYTES, position);
        if (bytesRead === 0) return;
        position += bytesRead;
        yield buffer.subarray(0, bytesRead);
      }
    },
    async assertUnchanged() {
      const now = await handle.stat();
      if (now.size !== first.size || now.mtimeMs !== first.mtimeMs) throw new ImportError(FILE_CHANGED);
    },
    async wholeText() {
      // Its text would be longer than V8's longest string (512 Mi characters, about as many bytes):
      // "Cannot create a string longer than 0x1fffffe8 characters" named the engine, not the way out.
      if (first.size > constants.MAX_STRING_LENGTH)
        throw new ImportError(
          `The file is ${formatBytesShort(first.size)} and not NDJSON: a JSON or HAR file is one document, read whole, and past about 512 MiB it cannot be. Export it as NDJSON instead (checkout-console export --format ndjson), which is read line by line, whatever its size.`,
        );
      return importFileText(await handle.readFile());
    },
  };
}
