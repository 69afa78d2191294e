import type { RunSource, StoredRun } from './stored-runs';

/**
 * Running again what did not pass in a stored run (`test --last-failed`, `test --rerun N`, the
 * view's "Run these again"): which files, read from where, or why not.
 *
 * "Did not pass" is failed, error and skipped: a scenario is skipped only when it never ran (after
 * `--bail`, or in a cancelled run), so it is as unproven as one that failed. A run that did not
 * end (running, interrupted) is never used: the scenarios it never reported are unknown.
 */
export type RunAgainPlan =
  | { kind: 'files'; source: RunSource; files: string[] }
  /** Every scenario of the run passed: nothing to run again (not an error). */
  | { kind: 'nothing'; reason: string }
  | { kind: 'refused'; reason: string };

/** Runs whose scenarios are all known: they ended, however. */
export const ENDED_RUN_STATUSES = ['passed', 'failed', 'cancelled'] as const;

/** The files of a run's scenarios that did not pass, in the run's order, each once. */
export function notPassedFiles(run: Pick<StoredRun, 'scenarios'>): string[] {
  return [...new Set(run.scenarios.filter((scenario) => scenario.status !== 'passed').map((s) => s.file))];
}

export function runAgainPlan(run: StoredRun): RunAgainPlan {
  if (run.status === 'running')
    return {
      kind: 'refused',
      reason: `Run #${run.id} is still running; its scenarios can run again once it ends.`,
    };
  if (run.status === 'interrupted')
    return {
      kind: 'refused',
      reason: `Run #${run.id} was interrupted: the scenarios it never reported are unknown, so which did not pass is too; run the suite again whole.`,
    };
  if (run.source === null)
    return {
      kind: 'refused',
      reason: `Run #${run.id} was stored before runs kept where their files were read from; run ${run.paths.join(' ')} again whole.`,
    };
  const files = notPassedFiles(run);
  if (files.length === 0)
    return { kind: 'nothing', reason: `Every scenario of run #${run.id} passed: nothing to run again.` };
  return { kind: 'files', source: run.source, files };
}
