import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { writeOwnerOnlyFile } from '../owner-only-file';
import { readPerProcessFiles } from '../per-process-files';

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
const HALF_WRITTEN = /^serve-(\d{1,10})\.control\.json\.tmp$/;

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

export type ControlFileEntry =
  { path: string; ok: true; control: ControlFile } | { path: string; ok: false; problem: string };

/** Every serve control file in the data directory, each parsed with zod or with its problem. */
export function readControlFiles(
  dataDir: string,
  platform: NodeJS.Platform = process.platform,
): ControlFileEntry[] {
  // A directory that cannot be listed holds no control file `open` could use: nothing to say.
  const { files, beingWritten } = readPerProcessFiles(
    dataDir,
    { prefix: PREFIX, suffix: SUFFIX, schema: controlFileSchema, noun: 'a control file' },
    platform,
  );
  // A serve that died between writing its file (.tmp) and renaming it left the control secret
  // there, and no one else would remove it (a new serve writes under its own pid).
  for (const { name, path } of beingWritten) {
    const pid = HALF_WRITTEN.exec(name)?.[1];
    if (pid !== undefined && !isProcessAlive(Number(pid))) removeControlFile(path);
  }
  return files.map((file) =>
    file.ok
      ? { path: file.path, ok: true, control: file.value }
      : { path: file.path, ok: false, problem: file.problem },
  );
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
