import { readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import type { ScenarioFileProblem } from '../../shared/scenarios/scenario-file-problems';
import { fileErrorWords } from '../file-error-words';

export const SCENARIO_EXTENSIONS = ['.yaml', '.yml'];

/**
 * Whether a folder's search leaves out an entry of this name: hidden ones (`.git`, `.hidden.yaml`)
 * and node_modules. Save as scenario refuses a file named so, which its folder would never list.
 */
export const skippedInFolders = (name: string) => name.startsWith('.') || name === 'node_modules';

/** Folders of the system's devices and processes: a link into one is never walked. */
const SYSTEM_FOLDERS = ['/dev', '/proc', '/sys'];

const within = (path: string, folder: string) =>
  path === folder || path.startsWith(folder.endsWith(sep) ? folder : `${folder}${sep}`);

/** The real path, or null when it cannot be had (a dangling link, a folder removed meanwhile). */
function realPathOf(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

/**
 * The scenario files named by `paths`: files as given, folders searched for *.yaml / *.yml
 * (sorted). Symbolic links are followed: a linked file is read as the file it leads to (which
 * must be a regular file), a linked folder searched as a folder. Each file is taken once, under
 * its own name when it is also inside a folder searched, else under the first name that leads to
 * it. A link to a folder already searched, or back into a folder being searched (a loop), is not
 * walked again: everything under it is searched already. Nor is a link above a folder being
 * searched (to `/`, or its parent): that is a loop too, and would take in the whole disk. A link
 * into a system folder (/dev, /proc, /sys) is a problem naming it, never a walk through devices
 * and processes; so is a folder that cannot be listed, whose scenarios would be left out unsaid.
 */
export function expandScenarioPaths(
  paths: readonly string[],
  cwd: string,
): { files: string[]; problems: ScenarioFileProblem[] } {
  const found: { path: string; real: string; linked: boolean }[] = [];
  const problems: ScenarioFileProblem[] = [];
  const visited = new Set<string>();
  const addFile = (path: string, linked: boolean) =>
    found.push({ path, real: realPathOf(path) ?? path, linked });
  const walk = (dir: string, real: string, stack: readonly string[], linked: boolean) => {
    visited.add(real);
    const inside = [...stack, real];
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      // A folder that cannot be listed (no permission) would leave its scenarios out unsaid.
      const file = relative(cwd, dir) || dir;
      problems.push({
        file,
        line: null,
        column: null,
        field: null,
        message: `cannot be read: ${fileErrorWords(error)}`,
      });
      return;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (skippedInFolders(entry.name)) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full, join(real, entry.name), inside, linked);
        continue;
      }
      const scenarioName = SCENARIO_EXTENSIONS.includes(extname(entry.name).toLowerCase());
      if (!entry.isSymbolicLink()) {
        if (scenarioName) addFile(full, linked);
        continue;
      }
      const target = realPathOf(full);
      let isFolder = false;
      try {
        isFolder = target !== null && statSync(target).isDirectory();
      } catch {
        // Gone since: read as a file below, whose reading says what it is.
      }
      if (!isFolder) {
        // A file, a device, a pipe or nothing: one named as a scenario is read, and refused
        // there when it is not a regular file.
        if (scenarioName) addFile(full, true);
        continue;
      }
      if (target === null) continue;
      const system = SYSTEM_FOLDERS.find((folder) => within(target, folder));
      if (system !== undefined) {
        problems.push({
          file: relative(cwd, full) || full,
          line: null,
          column: null,
          field: null,
          message: `is a link to ${target}, a system folder: not followed`,
        });
        continue;
      }
      // Back into (or above) a folder being searched, or a folder searched already.
      if (visited.has(target) || inside.some((folder) => within(folder, target))) continue;
      walk(full, target, inside, true);
    }
  };
  for (const given of paths) {
    const full = resolve(cwd, given);
    let stats;
    try {
      stats = statSync(full);
    } catch {
      problems.push({
        file: given,
        line: null,
        column: null,
        field: null,
        message: 'no such file or folder',
        missing: true,
      });
      continue;
    }
    if (stats.isDirectory()) walk(full, realPathOf(full) ?? full, [], false);
    else addFile(full, false);
  }
  // One name per file: its own (not through a link) when it has one, else the first found.
  const chosen = new Map<string, { path: string; linked: boolean }>();
  for (const file of found) {
    const earlier = chosen.get(file.real);
    if (earlier === undefined || (earlier.linked && !file.linked)) chosen.set(file.real, file);
  }
  const keep = new Set([...chosen.values()].map((file) => file.path));
  return { files: [...new Set(found.map((file) => file.path).filter((path) => keep.has(path)))], problems };
}
