import { useEffect } from 'react';
import { useNow } from '@ui/use-now';
import { showScenarioRuns, useScenarioRunsStore } from './scenario-runs-store';

/**
 * The stored runs for a view that shows them (Earlier runs, the Folder tab's runs under way):
 * read when it appears, again on every run's pushes from this console, and every few seconds
 * while any such view is shown (showScenarioRuns).
 */
export function useShownScenarioRuns() {
  const state = useScenarioRunsStore();
  useEffect(showScenarioRuns, []);
  return state;
}

/**
 * The time a shown run's start is told against ("started 3 seconds ago"): the ticking clock,
 * or when the runs were last read if that is later. The clock alone, taken when the view
 * opened, told a run started since then as "started in 3 seconds".
 */
export function useRunsNow(intervalMs?: number): number {
  const now = useNow(intervalMs);
  const readAtMs = useScenarioRunsStore((state) => state.readAtMs);
  return Math.max(now, readAtMs);
}
