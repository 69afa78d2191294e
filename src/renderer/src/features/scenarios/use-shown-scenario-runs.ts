import { useEffect } from 'react';
import { useNow } from '@ui/use-now';
import { refreshScenarioRuns, showScenarioRuns, useScenarioRunsStore } from './scenario-runs-store';

/** How often the stored runs are read again while a view shows them. */
const REFRESH_MS = 3_000;

/**
 * The stored runs for a view that shows them (Earlier runs, the Folder tab's runs under way):
 * read when it appears, again on every run's pushes from this console, and every few seconds
 * while it is shown. Runs of another console or of `test` in a terminal push nothing to this
 * one: read only while one was known running, a run started elsewhere after the view opened
 * never appeared; now it does, ends in place, or turns "interrupted" when its console went away.
 */
export function useShownScenarioRuns() {
  const state = useScenarioRunsStore();
  useEffect(showScenarioRuns, []);
  useEffect(() => {
    const timer = window.setInterval(refreshScenarioRuns, REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
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
