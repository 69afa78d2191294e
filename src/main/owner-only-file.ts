import { chmodSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';

/** A file readable or writable by anyone but its owner is refused (not checked on Windows). */
export const OWNER_ONLY_MODE = 0o600;

/** What the writer appends to a file's name while it writes it (per-process-files.ts passes these over). */
export const WRITING_SUFFIX = '.tmp';

/**
 * Writes a small file the data directory's processes read, owner-only from its first byte and
 * replaced whole (a reader sees the old text or the new, never half of one).
 */
export function writeOwnerOnlyFile(path: string, text: string): void {
  const temporary = `${path}${WRITING_SUFFIX}`;
  rmSync(temporary, { force: true });
  // `wx`: never write through a file (or link) someone else put there; the mode applies at creation.
  writeFileSync(temporary, text, { mode: OWNER_ONLY_MODE, flag: 'wx' });
  chmodSync(temporary, OWNER_ONLY_MODE);
  renameSync(temporary, path);
}

/** Why a file others may read or change is not to be used, or null when it is its owner's only. */
export function looseModeProblem(path: string, platform: NodeJS.Platform): string | null {
  const mode = statSync(path).mode & 0o777;
  if (platform === 'win32' || (mode & 0o077) === 0) return null;
  return `it can be read or changed by other users (mode ${mode.toString(8)}); it was not used`;
}
