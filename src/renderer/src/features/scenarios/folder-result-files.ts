import type { RunSource, RunSummary, StoredRun } from '@shared/scenarios/stored-runs';
import type { ScenarioResult } from '@shared/scenarios/scenario-results';

/*
 * Which stored results are of the files of an opened folder, whatever started their run: the
 * view (its folder, or one above it) or `checkout-console test` (its paths, named from its
 * working directory). A result is matched by its file's resolved path, never by its name alone:
 * another folder's `refund.yaml` is another file.
 *
 * The paths are main's (`path.resolve` and `path.relative` on the machine running the console),
 * worked out here from their text: the renderer has no `node:path`, and in browser mode the
 * browser may run on another system than the console. Links it cannot resolve: main says where
 * each name really leads (realScenarioPaths, same-scenario-file.ts), and a result whose file
 * leads to a card's file is that card's, whatever name it ran under (`goodlink/a.yaml`,
 * goodlink → good, is good/'s `a.yaml`).
 */

/** A stored run with the real path of each of its results' files, as main gave them. */
export type RunWithRealFiles = StoredRun & { realFiles?: Readonly<Record<string, string>> };
/** The opened folder's cards by the real path of their file (main's word), to their file. */
export type CardsByRealFile = ReadonlyMap<string, string>;

/** `C:\…`, `c:/…` or `\\server\share…`: a path of a console running on Windows. */
const WINDOWS_ABSOLUTE = /^(?:[A-Za-z]:[\\/]|\\\\)/;
/** What the console loads as a scenario file; a folder "opened" as one file lists only it. */
const SCENARIO_FILE = /\.ya?ml$/i;

interface PathForm {
  windows: boolean;
}

const isAbsolute = (path: string, { windows }: PathForm) =>
  windows ? WINDOWS_ABSOLUTE.test(path) : path.startsWith('/');

/** The path's parts from its root, `.` and `..` worked out (a Windows drive stays first). */
function partsOf(path: string, { windows }: PathForm): string[] {
  const parts: string[] = [];
  const root = windows ? 1 : 0;
  for (const part of path.split(windows ? /[\\/]/ : '/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length > root) parts.pop();
    } else parts.push(part);
  }
  return parts;
}

/** `file` resolved from `base`, as main's `path.resolve(base, file)`. */
function resolvedParts(base: string, file: string, form: PathForm): string[] {
  return partsOf(isAbsolute(file, form) ? file : `${base}/${file}`, form);
}

/** Windows compares paths without case, as its file system does. */
const samePart = (a: string, b: string, { windows }: PathForm) =>
  windows ? a.toLowerCase() === b.toLowerCase() : a === b;

const startsWith = (parts: readonly string[], prefix: readonly string[], form: PathForm) =>
  prefix.length <= parts.length && prefix.every((part, index) => samePart(part, parts[index] ?? '', form));

/** What a folder's files are named from: the folder, or for one file opened as it, its folder. */
const baseOf = (folder: string, form: PathForm) => {
  const parts = partsOf(folder, form);
  return SCENARIO_FILE.test(folder) ? parts.slice(0, -1) : parts;
};

/**
 * A stored result's file as `folder`'s cards name it, or null when the file is not in that
 * folder. A run of the folder itself names them so already.
 */
export function cardFileOf(folder: string, source: RunSource, file: string): string | null {
  if (source.kind === 'folder' && source.folder === folder) return file;
  const form = { windows: WINDOWS_ABSOLUTE.test(folder) };
  const base = source.kind === 'folder' ? baseOf(source.folder, form).join('/') : source.cwd;
  const full = resolvedParts(base, file, form);
  const folderParts = partsOf(folder, form);
  if (SCENARIO_FILE.test(folder))
    return full.length === folderParts.length && startsWith(full, folderParts, form)
      ? (full.at(-1) ?? null)
      : null;
  if (full.length <= folderParts.length || !startsWith(full, folderParts, form)) return null;
  // Joined as main's `path.relative` names a folder's files on that system.
  return full.slice(folderParts.length).join(form.windows ? '\\' : '/');
}

/** Each of a run's results that is of a file of `folder`, named as its card names it. */
export function resultsInFolder(
  folder: string,
  run: RunWithRealFiles,
  cards: CardsByRealFile = new Map(),
): { file: string; result: ScenarioResult }[] {
  const { source } = run;
  if (source === null) return [];
  return run.scenarios.flatMap((result) => {
    const real = run.realFiles?.[result.file];
    const file =
      (real === undefined ? undefined : cards.get(real)) ?? cardFileOf(folder, source, result.file);
    return file === null ? [] : [{ file, result }];
  });
}

/**
 * Whether a run, by what it was given, may have run files of `folder`: a path it named is the
 * folder, in it, or above it. Only those are read whole (a `test` run elsewhere is not).
 */
export function mayHaveRunFilesOf(
  folder: string,
  run: Pick<RunSummary, 'paths' | 'source'>,
  /** Where the run's paths really lead, and the cards' files (main's word, links resolved). */
  real?: { realPaths: readonly string[]; cards: CardsByRealFile },
): boolean {
  const { source } = run;
  if (source === null) return false;
  if (source.kind === 'folder' && source.folder === folder) return true;
  const form = { windows: WINDOWS_ABSOLUTE.test(folder) };
  if (real !== undefined) {
    // A path it named is a card's file, or a folder above one, once links are resolved.
    const named = real.realPaths.map((path) => partsOf(path, form));
    for (const card of real.cards.keys())
      if (named.some((parts) => startsWith(partsOf(card, form), parts, form))) return true;
  }
  const folderParts = partsOf(folder, form);
  const named =
    source.kind === 'folder'
      ? [partsOf(source.folder, form)]
      : (run.paths.length === 0 ? ['.'] : run.paths).map((path) => resolvedParts(source.cwd, path, form));
  return named.some((parts) => startsWith(parts, folderParts, form) || startsWith(folderParts, parts, form));
}
