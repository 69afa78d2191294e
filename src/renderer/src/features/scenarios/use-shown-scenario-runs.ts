import { useEffect } from 'react';
import {
  refreshScenarioRuns,
  showScenarioRuns,
  somethingRunning,
  useScenarioRunsStore,
} from './scenario-runs-store';

/** How often a run under way somewhere is read again. */
const RUNNING_REFRESH_MS = 3_000;

/**
 * The stored runs for a view that shows them (Earlier runs, the Folder tab's runs under way):
 * read when it appears, again on every run's pushes from this console, and every few seconds
 * while one is under way anywhere (another console, `test` in a terminal, whose pushes never
 * reach this one), so a run ends in place, or turns "interrupted" when its console went away.
 */
export function useShownScenarioRuns() {
  const state = useScenarioRunsStore();
  useEffect(showScenarioRuns, []);
  const running = somethingRunning(state);
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(refreshScenarioRuns, RUNNING_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [running]);
  return state;
}
