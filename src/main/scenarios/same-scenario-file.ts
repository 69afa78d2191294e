import { existsSync, statSync } from 'node:fs';
import nodePath, { resolve, type PlatformPath } from 'node:path';
import type { RunSource } from '../../shared/scenarios/stored-runs';
import { realLocationSync } from '../real-location';

/*
 * The one owner of "is this the same scenario file": two names are of one file when they lead to
 * the same real path, links resolved (realLocation: a file gone since is placed by its nearest
 * folder that is still there). Scenario paths are followed through links (scenario-paths.ts), so
 * `good/a.yaml` and `goodlink/a.yaml` (goodlink → good) run one file; compared as text, a run
 * through the link was another suite to `--last-failed` and to the Scenarios view's cards.
 */

/** Which file `path`, named from `base`, is: its real path. */
export const scenarioFileKey = (base: string, path: string): string => realLocationSync(resolve(base, path));

/** The same paths: each leading to the same file or folder as one of the others, in any order. */
export function sameScenarioPaths(
  a: { base: string; paths: readonly string[] },
  b: { base: string; paths: readonly string[] },
): boolean {
  const keys = ({ base, paths }: typeof a) =>
    [...new Set(paths.map((path) => scenarioFileKey(base, path)))].sort();
  const [left, right] = [keys(a), keys(b)];
  return left.length === right.length && left.every((key, index) => key === right[index]);
}

/**
 * What an opened folder's files are named from: the folder, or for one file opened as the folder,
 * its folder (one gone since is taken as a file by its name, as the view takes it). `path`: the
 * form of the machine's paths (path.win32 where tests hold Windows forms to the same answers).
 */
export function namesBaseOf(folder: string, path: Pick<PlatformPath, 'dirname'> = nodePath): string {
  const isFolder = existsSync(folder) ? statSync(folder).isDirectory() : !/\.ya?ml$/i.test(folder);
  return isFolder ? folder : path.dirname(folder);
}

/** What a run's scenario files are named from: its working directory, or its folder's names base. */
export const baseOfSource = (source: RunSource, path: Pick<PlatformPath, 'dirname'> = nodePath): string =>
  source.kind === 'paths' ? source.cwd : namesBaseOf(source.folder, path);
