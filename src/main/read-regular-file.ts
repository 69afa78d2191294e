import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { decodeUtf8Strictly } from '../shared/utf8-text';
import { fileErrorWords } from './file-error-words';

export type RegularFileText =
  | { ok: true; text: string }
  | { ok: false; problem: 'unreadable'; reason: string }
  | { ok: false; problem: 'too_large'; bytes: number }
  /** `reason` is the owner's words (decodeUtf8Strictly): which byte, its line and column, and `hint`. */
  | { ok: false; problem: 'not_utf8'; reason: string; line: number; column: number };

const NOT_REGULAR = 'it is not a regular file (a device, a named pipe or a socket)';

/**
 * A regular file's text, strictly UTF-8: read with replacement, a Latin-1 "Renée" in a scenario's
 * payload file was sent as "Ren\uFFFDe" and the run passed, where `validate` refuses the file.
 * Refused before it is read when it is something else or larger than `maxBytes`. A named pipe and a device such as /dev/zero both stat as 0 bytes, so a size
 * checked before reading let them through, and the synchronous read then waited for a writer for
 * ever or read zeros until memory ran out (taking a served console with it). The file is opened
 * without blocking and judged by what was opened, so one swapped after a check is judged too.
 */
export function readRegularFile(
  path: string,
  maxBytes: number,
  /** Said after where the text stops being UTF-8: why it should be, and what it may be instead. */
  utf8Hint?: string,
): RegularFileText {
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
    const decoded = decodeUtf8Strictly(Buffer.concat(chunks, length), utf8Hint);
    return decoded.ok
      ? decoded
      : {
          ok: false,
          problem: 'not_utf8',
          reason: decoded.problem,
          line: decoded.line,
          column: decoded.column,
        };
  } catch (error) {
    return { ok: false, problem: 'unreadable', reason: fileErrorWords(error) };
  } finally {
    closeSync(fd);
  }
}
