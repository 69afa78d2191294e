import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { looseModeProblem, writeOwnerOnlyFile } from '../owner-only-file';
import { readRegularFile } from '../read-regular-file';

/**
 * How `checkout-console open` finds a running `serve`: each serve process writes one small file
 * into the data directory when it starts and removes it when it stops. One file per process
 * (named by its pid), so two consoles serving the same data directory never overwrite each
 * other's, and a file a crashed process left behind can be told apart by its pid.
 *
 * The file holds the control secret that lets its reader mint a new sign-in link, so it is the
 * owner's only (0600, inside the 0700 data directory) and a reader refuses one that is not.
 */

const PREFIX = 'serve-';
const SUFFIX = '.control.json';

export const controlFileSchema = z.strictObject({
  version: z.literal(1),
  pid: z.number().int().positive(),
  /** The console's origin, `http://127.0.0.1:PORT`: where the control endpoint answers. */
  origin: z.url({ protocol: /^http$/ }),
  /** base64url of 32 random bytes. */
  secret: z.string().regex(/^[\w-]{43}$/, 'must be 32 random bytes in base64url'),
  startedAt: z.iso.datetime(),
});
export type ControlFile = z.infer<typeof controlFileSchema>;

export function controlFilePath(dataDir: string, pid: number): string {
  return join(dataDir, `${PREFIX}${pid}${SUFFIX}`);
}

/** Writes this process's control file, owner-only from its first byte, replacing it whole. */
export function writeControlFile(dataDir: string, control: ControlFile): string {
  const path = controlFilePath(dataDir, control.pid);
  writeOwnerOnlyFile(path, `${JSON.stringify(controlFileSchema.parse(control))}\n`);
  return path;
}

export function removeControlFile(path: string): void {
  rmSync(path, { force: true });
}

/** A control file is a few hundred bytes; anything larger is not one. */
const CONTROL_FILE_MAX_BYTES = 16 * 1024;

export type ControlFileEntry =
  { path: string; ok: true; control: ControlFile } | { path: string; ok: false; problem: string };

function readOne(path: string, platform: NodeJS.Platform): ControlFileEntry {
  try {
    const loose = looseModeProblem(path, platform);
    if (loose !== null) return { path, ok: false, problem: loose };
    // Through readRegularFile: a named pipe under this name made every `open` and `serve` wait
    // for a writer for ever, and a huge file was read whole.
    const read = readRegularFile(path, CONTROL_FILE_MAX_BYTES);
    if (!read.ok)
      return {
        path,
        ok: false,
        problem:
          read.problem === 'too_large'
            ? `it is larger than a control file can be (${read.bytes} bytes)`
            : read.reason,
      };
    const json: unknown = JSON.parse(read.text);
    const parsed = controlFileSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.') ?? '';
      return {
        path,
        ok: false,
        problem: `it is not a control file this version understands (${field === '' ? '' : `${field}: `}${issue?.message ?? 'invalid'})`,
      };
    }
    return { path, ok: true, control: parsed.data };
  } catch (error) {
    const reason = error instanceof SyntaxError ? 'it is not JSON' : (error as Error).message;
    return { path, ok: false, problem: reason };
  }
}

/** Every serve control file in the data directory, each parsed with zod or with its problem. */
export function readControlFiles(
  dataDir: string,
  platform: NodeJS.Platform = process.platform,
): ControlFileEntry[] {
  let names: string[];
  try {
    names = readdirSync(dataDir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.startsWith(PREFIX) && name.endsWith(SUFFIX))
    .sort()
    .map((name) => readOne(join(dataDir, name), platform));
}

/** Whether a process with this pid exists (EPERM: it does, but belongs to someone else). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
