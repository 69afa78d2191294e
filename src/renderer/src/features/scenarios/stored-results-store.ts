import type { ScenarioResult } from '@shared/scenarios/scenario-results';
import { bridge } from '@bridge';
import { lastStoredResults, type RowStoredRun } from './scenario-rows';

export type StoredCardResults = Map<string, { result: ScenarioResult; run: RowStoredRun }>;

/**
 * The newest stored result of each of `files` in `folder` (main keeps every run: this tab's,
 * another's, one before a reload, `checkout-console test`'s of the folder or of a file in it).
 * Main says which card each stored result is of (it has node:path and the file system, links
 * resolved); the cards take each one's newest. Null when `stale()` says the folder was opened
 * again meanwhile.
 */
export async function readStoredCardResults(
  folder: string,
  files: readonly string[],
  stale: () => boolean,
): Promise<StoredCardResults | null> {
  if (files.length === 0) return new Map();
  const { runs } = await bridge.storedResultsOfFolder({ folder, files: [...files] });
  return stale() ? null : lastStoredResults(runs);
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
