import type { FolderStoredRun } from '../../shared/scenarios/stored-runs';
import { folderCards, type PathWays } from './folder-card-files';
import type { ScenarioService } from './scenario-service';

/** How many stored runs, newest first, are looked through for an opened folder's cards. */
export const STORED_RUNS_LOOKED_AT = 50;

/**
 * The stored runs with results of `folder`'s files (`files`, as its cards name them), newest
 * first, each result with the card it is of: main keeps every run (a window's, one before a
 * reload, `checkout-console test`'s of the folder or of a file in it). Runs that may have run its
 * files are read whole, newest first, until each file has a result it ran: a skip (a cancelled
 * run, one stopped by --bail) leaves an earlier run's result standing.
 */
export function folderStoredResults(
  scenarios: Pick<ScenarioService, 'runSummaries' | 'storedRun'>,
  folder: string,
  files: readonly string[],
  ways?: PathWays,
): FolderStoredRun[] {
  const wanted = new Set(files);
  const read: FolderStoredRun[] = [];
  if (wanted.size === 0) return read;
  const cards = folderCards(folder, files, ways);
  for (const summary of scenarios.runSummaries({ beforeId: null, limit: STORED_RUNS_LOOKED_AT })) {
    if (!cards.mayHaveRun(summary)) continue;
    // Gone since it was listed (retention, or its data directory cleared): nothing to show.
    const run = scenarios.storedRun(summary.id);
    if (run === undefined) continue;
    const results = run.scenarios.map((result) => ({
      ...result,
      cardFile: cards.cardFileOf(run.source, result.file),
    }));
    read.push({ ...run, scenarios: results });
    for (const { cardFile, status } of results)
      if (cardFile !== null && status !== 'skipped') wanted.delete(cardFile);
    if (wanted.size === 0) break;
  }
  return read;
}
