import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { fileErrorWords } from './file-error-words';
import { looseModeProblem, WRITING_SUFFIX } from './owner-only-file';
import { readRegularFile } from './read-regular-file';

/**
 * Reads the small files each process on a data directory keeps there about itself (serve's
 * control files, the consoles' address records), the reading side of owner-only-file.ts. Every
 * reader of such files runs in a command a person waits on (`open`, `send`, `emulator pay`), so
 * nothing found under a matching name may hold it up or stop it: each file that cannot be used
 * is said, with its name and why, and the others are read.
 */

/** Which files, and what each must hold. */
export interface PerProcessFileKind<T> {
  prefix: string;
  suffix: string;
  schema: z.ZodType<T>;
  /** What one is, for a person: `a control file`. */
  noun: string;
  /** Such files are a few hundred bytes; anything larger is not one. */
  maxBytes?: number;
}

export type PerProcessFile<T> =
  | { name: string; path: string; ok: true; value: T }
  | { name: string; path: string; ok: false; problem: string };

export interface PerProcessFiles<T> {
  /** The matching files, by name, each parsed or with why it cannot be used. */
  files: PerProcessFile<T>[];
  /**
   * Files the writer was still writing (name + WRITING_SUFFIX), not read: one a process died
   * writing stays for good, and only the caller can tell whether its writer is gone.
   */
  beingWritten: { name: string; path: string }[];
  /** Why the directory could not be listed (then there are no files), or null. */
  unlisted: string | null;
}

const DEFAULT_MAX_BYTES = 16 * 1024;

/** The per-process files of one kind in `dir`, sorted by name; never throws, never waits. */
export function readPerProcessFiles<T>(
  dir: string,
  kind: PerProcessFileKind<T>,
  platform: NodeJS.Platform = process.platform,
): PerProcessFiles<T> {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    return { files: [], beingWritten: [], unlisted: fileErrorWords(error) };
  }
  const matches = (name: string) => name.startsWith(kind.prefix) && name.endsWith(kind.suffix);
  const sorted = names.sort();
  return {
    files: sorted.filter(matches).map((name) => readOne(dir, name, kind, platform)),
    beingWritten: sorted
      .filter((name) => name.endsWith(WRITING_SUFFIX) && matches(name.slice(0, -WRITING_SUFFIX.length)))
      .map((name) => ({ name, path: join(dir, name) })),
    unlisted: null,
  };
}

function readOne<T>(
  dir: string,
  name: string,
  kind: PerProcessFileKind<T>,
  platform: NodeJS.Platform,
): PerProcessFile<T> {
  const path = join(dir, name);
  const refused = (problem: string): PerProcessFile<T> => ({ name, path, ok: false, problem });
  try {
    // The writer only ever renames a regular file into place: a link under the name was put
    // there by someone else, and would have the mode check and the read judge what it points to.
    if (lstatSync(path).isSymbolicLink())
      return refused(`it is a symbolic link, not ${kind.noun} (those are regular files)`);
    const loose = looseModeProblem(path, platform);
    if (loose !== null) return refused(loose);
    // Through readRegularFile: a named pipe under such a name made every reader wait for a
    // writer for ever, and a huge file (or /dev/zero) was read whole.
    const maxBytes = kind.maxBytes ?? DEFAULT_MAX_BYTES;
    const read = readRegularFile(path, maxBytes);
    if (!read.ok)
      return refused(
        read.problem === 'too_large'
          ? `it is larger than ${kind.noun} can be (${read.bytes} bytes)`
          : read.problem === 'not_utf8'
            ? `it is not UTF-8 text: ${read.reason}`
            : read.reason,
      );
    let json: unknown;
    try {
      json = JSON.parse(read.text);
    } catch {
      return refused('it is not JSON');
    }
    const parsed = kind.schema.safeParse(json);
    if (parsed.success) return { name, path, ok: true, value: parsed.data };
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') ?? '';
    return refused(
      `it is not ${kind.noun} this version understands (${field === '' ? '' : `${field}: `}${issue?.message ?? 'invalid'})`,
    );
  } catch (error) {
    // Removed between the listing and the read (its process closed), or a stat that failed.
    return refused(fileErrorWords(error));
  }
}
