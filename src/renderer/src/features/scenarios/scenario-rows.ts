import type { ScenarioFileProblemView } from '@shared/contract/scenarios';
import type { ScenarioOutline, ScenarioResult, StepResult } from '@shared/scenarios/scenario-results';
import { formatProblem, problemsSummary } from '@shared/scenarios/scenario-file-problems';

/** What the view shows of one scenario: its outline, and its results as they come in. */
export interface ScenarioRow {
  outline: ScenarioOutline;
  status: 'idle' | 'queued' | 'running' | ScenarioResult['status'];
  /** Step results by position; a step is running when it is `runningStep`. */
  steps: (StepResult | undefined)[];
  runningStep: number | null;
  durationMs: number | null;
}

export const idle = (outline: ScenarioOutline): ScenarioRow => ({
  outline,
  status: 'idle',
  steps: [],
  runningStep: null,
  durationMs: null,
});

/**
 * The rows once a run is over, however it ended: one still queued or running would keep the
 * view "running" (Cancel shown, Run disabled) for good, so it goes back to idle.
 */
export const settledRows = (rows: readonly ScenarioRow[]): ScenarioRow[] =>
  rows.map((row) => (row.status === 'queued' || row.status === 'running' ? idle(row.outline) : row));

/**
 * A run main refused because a chosen file does not load (it changed since the folder was
 * opened): the command line's words for the error, and the file problems with the new ones added.
 */
export function refusedRun(
  refused: readonly ScenarioFileProblemView[],
  known: readonly ScenarioFileProblemView[],
): { error: string; problems: ScenarioFileProblemView[] } {
  const seen = new Set(known.map(formatProblem));
  return {
    error: [...refused.map(formatProblem), problemsSummary(refused)].join('\n'),
    problems: [...known, ...refused.filter((problem) => !seen.has(formatProblem(problem)))],
  };
}

/**
 * What Run all chooses: every file of the opened folder, those that did not load included. Main
 * then refuses the run naming them, as `test FOLDER` does; leaving them out ran the rest and
 * stored the run as "passed" without them.
 */
export function everyFileOf(
  rows: readonly ScenarioRow[],
  problems: readonly ScenarioFileProblemView[],
): string[] {
  return [...new Set([...rows.map((row) => row.outline.file), ...problems.map((problem) => problem.file)])];
}

/** A scenario of a stored run, as the cards show one: its steps are those it ran (or skipped). */
export const storedRow = (result: ScenarioResult): ScenarioRow => ({
  outline: {
    file: result.file,
    name: result.name,
    description: null,
    steps: result.steps.map(({ kind, title, line }) => ({ kind, title, line })),
  },
  status: result.status,
  steps: result.steps,
  runningStep: null,
  durationMs: result.durationMs,
});
