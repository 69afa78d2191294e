import { readlinkSync, realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/**
 * Links followed through paths that do not exist yet before giving up, as Linux's own limit
 * (MAXSYMLINKS): a loop (a → b → a) or a longer chain is one no write can go through either.
 */
const MAX_LINKS = 40;

/**
 * Where `path` really is, its links resolved: the real path of its nearest ancestor that exists,
 * with the rest (not there yet) appended. A guard comparing paths as text is walked around through
 * a link (`--out link/one.yaml`, with link → the folder being run, named a scenario as another
 * path), so every such guard compares these. A link that leads nowhere yet (a leaf, or a folder
 * of the path) is followed to where it leads, relative to its own folder, as opening it to write
 * would follow it: judged as its own path, `--out report.json --force` with report.json →
 * <data dir>/sneaky.json created sneaky.json in the data directory.
 */
export async function realLocation(path: string): Promise<string> {
  return realLocationSync(path);
}

/**
 * realLocation without a promise, for the callers that compare many paths in one synchronous
 * pass (which stored runs are of the same scenario files, same-scenario-file.ts). It is the same
 * walk: a few stat calls of paths already named.
 */
export function realLocationSync(path: string): string {
  return locate(resolve(path), { left: MAX_LINKS });
}

function locate(full: string, links: { left: number }): string {
  try {
    return realpathSync(full);
  } catch {
    const parent = dirname(full);
    // The root always exists; a path that cannot be resolved up to it is taken as written.
    if (parent === full) return full;
    const realParent = locate(parent, links);
    const here = join(realParent, basename(full));
    const target = linkTarget(here);
    if (target === null || links.left === 0) return here;
    links.left -= 1;
    return locate(resolve(realParent, target), links);
  }
}

/** What the link at `path` names, or null when it is no link (or cannot be read). */
function linkTarget(path: string): string | null {
  try {
    return readlinkSync(path);
  } catch {
    return null;
  }
}
