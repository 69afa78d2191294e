import { realpath } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

/**
 * Where `path` really is, its links resolved: the real path of its nearest ancestor that exists,
 * with the rest (not there yet) appended. A guard comparing paths as text is walked around through
 * a link (`--out link/one.yaml`, with link → the folder being run, named a scenario as another
 * path), so every such guard compares these. A leaf that is a link is resolved as far as it
 * leads; a dangling one stays the link's own path.
 */
export async function realLocation(path: string): Promise<string> {
  const full = resolve(path);
  try {
    return await realpath(full);
  } catch {
    const parent = dirname(full);
    // The root always exists; a path that cannot be resolved up to it is taken as written.
    if (parent === full) return full;
    return join(await realLocation(parent), basename(full));
  }
}
