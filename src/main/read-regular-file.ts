import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { fileErrorWords } from './file-error-words';

export type RegularFileText =
  | { ok: true; text: string }
  | { ok: false; problem: 'unreadable'; reason: string }
  | { ok: false; problem: 'too_large'; bytes: number };

const NOT_REGULAR = 'it is not a regular file (a device, a named pipe or a socket)';

/**
 * A regular file's text (UTF-8), refused before it is read when it is something else or larger
 * than `maxBytes`. A named pipe and a device such as /dev/zero both stat as 0 bytes, so a size
 * checked before reading let them through, and the synchronous read then waited for a writer for
 * ever or read zeros until memory ran out (taking a served console with it). The file is opened
 * without blocking and judged by what was opened, so one swapped after a check is judged too.
 */
export function readRegularFile(path: string, maxBytes: number): RegularFileText {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return { ok: false, problem: 'unreadable', reason: fileErrorWords(error) };
  }
  try {
    const stats = fstatSync(fd);
    if (stats.isDirectory()) return { ok: false, problem: 'unreadable', reason: 'it is a directory' };
    if (!stats.isFile()) return { ok: false, problem: 'unreadable', reason: NOT_REGULAR };
    if (stats.size > maxBytes) return { ok: false, problem: 'too_large', bytes: stats.size };
    // Read to the end, not to the size read above: a file that grew since is read whole, or
    // refused once it passes the limit.
    const chunk = Buffer.allocUnsafe(64 * 1024);
    const chunks: Buffer[] = [];
    let length = 0;
    for (let read = readSync(fd, chunk); read > 0; read = readSync(fd, chunk)) {
      length += read;
      if (length > maxBytes) return { ok: false, problem: 'too_large', bytes: Math.max(stats.size, length) };
      chunks.push(Buffer.from(chunk.subarray(0, read)));
    }
    return { ok: true, text: Buffer.concat(chunks, length).toString('utf8') };
  } catch (error) {
    return { ok: false, problem: 'unreadable', reason: fileErrorWords(error) };
  } finally {
    closeSync(fd);
  }
}
