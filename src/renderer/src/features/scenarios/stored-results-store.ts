import type { ScenarioResult } from '@shared/scenarios/scenario-results';
import { bridge } from '@bridge';
import type { RunSource } from '@shared/scenarios/stored-runs';
import {
  mayHaveRunFilesOf,
  resultsInFolder,
  type CardsByRealFile,
  type RunWithRealFiles,
} from './folder-result-files';
import { lastStoredResults, type RowStoredRun } from './scenario-rows';

/** How many stored runs, newest first, are looked through for the cards' last results. */
const STORED_RUNS_LOOKED_AT = 50;

export type StoredCardResults = Map<string, { result: ScenarioResult; run: RowStoredRun }>;

/** Where each name really leads (main resolves links): `[source, path]` pairs, in order. */
async function realPathsOf(names: readonly { source: RunSource; path: string }[]): Promise<string[]> {
  return names.length === 0 ? [] : (await bridge.realScenarioPaths({ names: [...names] })).real;
}

/**
 * The newest stored result of each of `files` in `folder` (main keeps every run: this tab's,
 * another's, one before a reload, `checkout-console test`'s of the folder or of a file in it).
 * Runs that may have run its files are read newest first until every file has one. Null when
 * `stale()` says the folder was opened again meanwhile.
 */
export async function readStoredCardResults(
  folder: string,
  files: readonly string[],
  stale: () => boolean,
): Promise<StoredCardResults | null> {
  const wanted = new Set(files);
  if (wanted.size === 0) return new Map();
  const { runs } = await bridge.listScenarioRuns({ limit: STORED_RUNS_LOOKED_AT });
  // One ask for the cards' files and every path the runs named: a run through a link
  // (`goodlink/a.yaml`, goodlink → good) is of good/'s card, which text alone never shows.
  const folderSource = { kind: 'folder', folder } as const;
  const named = runs.flatMap(({ source, paths }) =>
    source === null ? [] : paths.map((path) => ({ source, path })),
  );
  const real = await realPathsOf([...files.map((path) => ({ source: folderSource, path })), ...named]);
  if (stale()) return null;
  const cards: CardsByRealFile = new Map(files.map((file, index) => [real[index] ?? '', file]));
  let at = files.length;
  const read: RunWithRealFiles[] = [];
  for (const summary of runs) {
    const realPaths = summary.source === null ? [] : real.slice(at, (at += summary.paths.length));
    if (!mayHaveRunFilesOf(folder, summary, { realPaths, cards })) continue;
    const stored = await bridge.getScenarioRun({ id: summary.id });
    const source = stored.source;
    const realFiles =
      source === null ? [] : await realPathsOf(stored.scenarios.map(({ file: path }) => ({ source, path })));
    if (stale()) return null;
    const run: RunWithRealFiles = {
      ...stored,
      realFiles: Object.fromEntries(
        stored.scenarios.map(({ file }, index) => [file, realFiles[index] ?? '']),
      ),
    };
    read.push(run);
    for (const { file, result } of resultsInFolder(folder, run, cards))
      if (result.status !== 'skipped') wanted.delete(file);
    if (wanted.size === 0) break;
  }
  return stale() ? null : lastStoredResults(folder, read, cards);
}

/**
 * `read` to be called on every news of a stored result, one reading at a time: news that comes
 * while one is under way reads once more after it, however much came.
 */
export function oneReadingAtATime(read: () => Promise<void> | undefined): () => void {
  let reading = false;
  let again = false;
  const call = (): void => {
    if (reading) {
      again = true;
      return;
    }
    const pending = read();
    if (pending === undefined) return;
    reading = true;
    void pending.finally(() => {
      reading = false;
      if (!again) return;
      again = false;
      call();
    });
  };
  return call;
}
