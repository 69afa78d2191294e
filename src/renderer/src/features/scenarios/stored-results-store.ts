import type { ScenarioResult } from '@shared/scenarios/scenario-results';
import { bridge } from '@bridge';
import { mayHaveRunFilesOf, resultsInFolder } from './folder-result-files';
import { lastStoredResults, type RowStoredRun } from './scenario-rows';

/** How many stored runs, newest first, are looked through for the cards' last results. */
const STORED_RUNS_LOOKED_AT = 50;

export type StoredCardResults = Map<string, { result: ScenarioResult; run: RowStoredRun }>;

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
  const read = [];
  for (const summary of runs) {
    if (!mayHaveRunFilesOf(folder, summary)) continue;
    const run = await bridge.getScenarioRun({ id: summary.id });
    if (stale()) return null;
    read.push(run);
    for (const { file, result } of resultsInFolder(folder, run))
      if (result.status !== 'skipped') wanted.delete(file);
    if (wanted.size === 0) break;
  }
  return stale() ? null : lastStoredResults(folder, read);
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
