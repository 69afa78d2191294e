import type { ScenarioFileProblemView } from '@shared/contract/scenarios';
import type { ScenarioOutline, ScenarioResult, StepResult } from '@shared/scenarios/scenario-results';
import { formatProblem, problemsSummary } from '@shared/scenarios/scenario-file-problems';
import { frontDoorWords, type FolderStoredRun } from '@shared/scenarios/stored-runs';

/** The stored run a card's result was read back from, and when the scenario started in it. */
export interface RowStoredRun {
  runId: number;
  startedAt: string;
  /** Where the run was started when not in a Scenarios view (`checkout-console test`), else null. */
  startedBy: string | null;
}

/** What the view shows of one scenario: its outline, and its results as they come in. */
export interface ScenarioRow {
  outline: ScenarioOutline;
  status: 'idle' | 'queued' | 'running' | ScenarioResult['status'];
  /** Step results by position; a step is running when it is `runningStep`. */
  steps: (StepResult | undefined)[];
  runningStep: number | null;
  durationMs: number | null;
  /**
   * Set when the result shown is one read back from a stored run (after a reload, or the folder
   * opened again), not one this tab watched come in: the card says which run and when.
   */
  storedRun: RowStoredRun | null;
}

export const idle = (outline: ScenarioOutline): ScenarioRow => ({
  outline,
  status: 'idle',
  steps: [],
  runningStep: null,
  durationMs: null,
  storedRun: null,
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
  storedRun: null,
});

/** Front doors whose runs are the view's own: a card says where any other run came from. */
const VIEW_FRONT_DOORS: ReadonlySet<string> = new Set(['browser', 'desktop']);

/**
 * Each card's newest result among an opened folder's stored runs (`runs` newest first, each
 * result with the card main says it is of: storedResultsOfFolder), with the run it is from. A
 * scenario a run skipped (cancelled, or stopped by --bail) did not run there, so an earlier run's
 * result stands for it.
 */
export function lastStoredResults(
  runs: readonly FolderStoredRun[],
): Map<string, { result: ScenarioResult; run: RowStoredRun }> {
  const last = new Map<string, { result: ScenarioResult; run: RowStoredRun }>();
  for (const run of runs) {
    const startedBy = VIEW_FRONT_DOORS.has(run.frontDoor) ? null : frontDoorWords(run.frontDoor);
    for (const { cardFile, ...result } of run.scenarios) {
      if (cardFile === null || result.status === 'skipped' || last.has(cardFile)) continue;
      last.set(cardFile, { result, run: { runId: run.id, startedAt: result.startedAt, startedBy } });
    }
  }
  return last;
}

/** An opened folder's row showing its stored result: the outline as the file reads now. */
export const rowWithStoredResult = (
  outline: ScenarioOutline,
  stored: { result: ScenarioResult; run: RowStoredRun },
): ScenarioRow => ({
  outline,
  status: stored.result.status,
  steps: stored.result.steps,
  runningStep: null,
  durationMs: stored.result.durationMs,
  storedRun: stored.run,
});

/**
 * The rows with their newest stored results: a row showing none or an older one takes it; a row
 * a run of this tab has taken over (running, or with the result it watched come in) keeps its own.
 * A row already showing that run's result is kept as it is (its steps opened or closed).
 */
export const rowsWithStoredResults = (
  rows: readonly ScenarioRow[],
  last: ReadonlyMap<string, { result: ScenarioResult; run: RowStoredRun }>,
): ScenarioRow[] =>
  rows.map((row) => {
    const stored = last.get(row.outline.file);
    if (stored === undefined || row.storedRun?.runId === stored.run.runId) return row;
    return row.status === 'idle' || row.storedRun !== null ? rowWithStoredResult(row.outline, stored) : row;
  });
