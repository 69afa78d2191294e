import { countOf } from '../count-words';
import type { ResultStatus } from './scenario-results';
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
      // A source damaged in the database reads as none: said as damaged, never as an older run.
      reason:
        run.damaged === undefined
          ? `Run #${run.id} was stored before runs kept where their files were read from; run ${run.paths.join(' ')} again whole.`
          : `${run.damaged}: where its files were read from is not known; run ${run.paths.join(' ')} again whole.`,
    };
  const files = notPassedFiles(run);
  if (files.length === 0)
    return { kind: 'nothing', reason: `Every scenario of run #${run.id} passed: nothing to run again.` };
  return { kind: 'files', source: run.source, files };
}

/**
 * A scenario of the paths that the latest run did not run (it was narrowed by `--grep`, or ran
 * only the files a `--last-failed` chose), as the newest earlier run of the same paths left it.
 */
export interface EarlierResult {
  file: string;
  status: ResultStatus;
  runId: number;
}

/** `run #1 for the 2 scenarios it did not run`, the earlier runs newest first. */
function earlierWords(earlier: readonly EarlierResult[]): string {
  const ids = [...new Set(earlier.map((result) => result.runId))].sort((a, b) => b - a);
  const runs = `${ids.length === 1 ? 'run' : 'runs'} ${ids.map((id) => `#${id}`).join(', ')}`;
  return `${runs} for the ${countOf(earlier.length, 'scenario')} it did not run`;
}

/**
 * `test --last-failed`: the scenarios that did not pass when they last ran. That is the latest
 * run's word for those it ran; for the others it is the newest earlier run that ran them. The
 * latest run alone made a narrowed run (`--grep alpha`, all passed) say "nothing to run again"
 * while beta, red in the whole run before, had not run since.
 */
export function lastFailedPlan(
  run: StoredRun,
  earlier: readonly EarlierResult[],
): RunAgainPlan & { announce: string } {
  const plan = runAgainPlan(run);
  const scenarios = run.totals.scenarios + earlier.length;
  const head = `Run #${run.id} (${run.status}, started ${run.startedAt})`;
  const doing = (files: readonly string[], when: string) =>
    `${files.length} of ${countOf(scenarios, 'scenario')} did not pass${when}; running ${files.length === 1 ? 'it' : 'them'} again`;
  if (plan.kind === 'refused' || run.source === null) return { ...plan, announce: '' };
  if (earlier.length === 0)
    return { ...plan, announce: plan.kind === 'files' ? `${head}: ${doing(plan.files, '')}` : '' };
  const files = [
    ...new Set([
      ...notPassedFiles(run),
      ...earlier.filter((result) => result.status !== 'passed').map((result) => result.file),
    ]),
  ];
  if (files.length === 0)
    return {
      kind: 'nothing',
      reason: `Every scenario passed when it last ran (run #${run.id}, and ${earlierWords(earlier)}): nothing to run again.`,
      announce: '',
    };
  return {
    kind: 'files',
    source: run.source,
    files,
    announce: `${head}, and ${earlierWords(earlier)}: ${doing(files, ' when they last ran')}`,
  };
}
