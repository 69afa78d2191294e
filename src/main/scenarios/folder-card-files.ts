import nodePath, { type PlatformPath } from 'node:path';
import type { RunSource, RunSummary } from '../../shared/scenarios/stored-runs';
import { realLocationSync } from '../real-location';
import { baseOfSource, namesBaseOf } from './same-scenario-file';

/*
 * The one owner of "which card of an opened folder is this stored result of", whatever started
 * its run: the view (its folder, or one above it) or `checkout-console test` (its paths, named
 * from its working directory). A result is its card's when its file is the card's file: both
 * resolved, then their links resolved (same-scenario-file.ts), so `goodlink/a.yaml` (goodlink →
 * good) is good/'s `a.yaml`, and another folder's `a.yaml` is another file. The renderer once
 * worked this out from the text of paths (re-making path.resolve for both systems) and asked main
 * again for links; it has no node:path, and in browser mode may run on another system than this.
 */

/** How this machine's paths are worked out: node:path and the file system here. */
export interface PathWays {
  path: PlatformPath;
  /** Where a full path really is, links resolved (realLocationSync). */
  real: (full: string) => string;
}
const onThisMachine: PathWays = { path: nodePath, real: realLocationSync };

export interface FolderCards {
  /** The card file a stored result's file is (named from its run's source), or null: none of them. */
  cardFileOf(source: RunSource | null, file: string): string | null;
  /**
   * Whether a run, by the paths it named, may have run a card's file: one of them, or a folder
   * above one. Only those runs are read whole (a `test` run elsewhere is not).
   */
  mayHaveRun(run: Pick<RunSummary, 'paths' | 'source'>): boolean;
}

/** `files`: the cards of `folder`, named as openScenarioFolder names them. */
export function folderCards(folder: string, files: readonly string[], ways = onThisMachine): FolderCards {
  const { path, real } = ways;
  // Windows compares paths without case, as its file system does.
  const windows = path.sep === '\\';
  const known = new Map<string, string>();
  /** Which file or folder `name`, named from `base`, is: the same key for the same file. */
  const keyOf = (base: string, name: string): string => {
    const full = path.resolve(base, name);
    let key = known.get(full);
    if (key === undefined) {
      const found = real(full);
      key = windows ? found.toLowerCase() : found;
      known.set(full, key);
    }
    return key;
  };
  const base = namesBaseOf(folder, path);
  const cards = new Map(files.map((file) => [keyOf(base, file), file]));
  /** `key` is `above`, or inside it. */
  const within = (key: string, above: string) =>
    key === above || key.startsWith(above.endsWith(path.sep) ? above : `${above}${path.sep}`);
  return {
    cardFileOf: (source, file) =>
      source === null ? null : (cards.get(keyOf(baseOfSource(source, path), file)) ?? null),
    mayHaveRun: ({ source, paths }) => {
      if (source === null) return false;
      // A view's run ran its folder, kept resolved in its source (its paths hold the folder as
      // typed, perhaps relative to where the console runs). `test` with no paths ran its
      // working directory.
      const named =
        source.kind === 'folder'
          ? [keyOf(source.folder, source.folder)]
          : (paths.length === 0 ? ['.'] : paths).map((name) => keyOf(source.cwd, name));
      return [...cards.keys()].some((card) => named.some((above) => within(card, above)));
    },
  };
}
