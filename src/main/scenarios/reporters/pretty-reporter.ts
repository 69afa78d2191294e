import type { ConsoleCommand } from '../../../shared/console-command';
import { formatCheckDiff } from '../../../shared/scenarios/expectations';
import {
  formatRunTime,
  madeNoChecks,
  NO_CHECKS_WORDS,
  SKIP_REASONS,
  type RunProgress,
  type RunReport,
  type ScenarioResult,
  type StepResult,
} from '../../../shared/scenarios/scenario-results';
import { runOutcomeWords, type StoredRunStatus } from '../../../shared/scenarios/stored-runs';
import { escapeUnsafeInLine } from '../../../shared/terminal-unsafe';

/**
 * The terminal reporter: one line per scenario, in the files' order; for one that did not pass, its
 * steps with the failing one's diff and the records to look at. Text that came from a server
 * is made printable first (an escape sequence in an answer must not act on the terminal).
 */

const MARK: Record<StepResult['status'], string> = { passed: '✓', failed: '✗', error: '!', skipped: '-' };

/**
 * Each line of a report written so nothing in it acts on the terminal (terminal-unsafe.ts) or
 * starts a line of its own: a line feed in a name, a title or a value is escaped too.
 */
export const printable = escapeUnsafeInLine;

function stepLines(step: StepResult, consoleCommand: ConsoleCommand): string[] {
  const where = step.line === null ? '' : ` (line ${step.line})`;
  const head = `    ${MARK[step.status]} ${step.index + 1}. ${step.title}${where}`;
  // A step the run was cancelled under is shown with its time and records; one never started is counted.
  if (step.status === 'skipped' && step.message !== SKIP_REASONS.cancelledUnderWay)
    return [`${head}  skipped`];
  const lines = [
    `${head}  ${formatRunTime(step.durationMs)}${step.message === null ? '' : `  ${step.message}`}`,
  ];
  if (step.status === 'failed')
    for (const check of step.checks.filter((item) => !item.passed))
      lines.push(...formatCheckDiff(check, '        '));
  if (step.status !== 'passed' && step.recordIds.length > 0)
    lines.push(
      `        records: ${step.recordIds.map((id) => `#${id}`).join(', ')} (${consoleCommand('history --json')}, or the timeline)`,
    );
  return lines;
}

/** `consoleCommand` names the command that shows a failing step's records (this data directory's). */
export function formatScenario(result: ScenarioResult, consoleCommand: ConsoleCommand): string {
  const head = `${MARK[result.status]} ${result.name}  (${result.file})  ${formatRunTime(result.durationMs)}`;
  if (result.status === 'passed')
    return `${printable(head)}${madeNoChecks(result) ? `  (${NO_CHECKS_WORDS})` : ''}\n`;
  // Never started (a cancelled run, --bail): one line and why, with no time and no steps.
  const reasons = [...new Set(result.steps.map((step) => step.message))];
  const [reason] = reasons;
  if (result.status === 'skipped' && reasons.length === 1 && reason !== SKIP_REASONS.cancelledUnderWay)
    return `${printable(`${MARK.skipped} ${result.name}  (${result.file})  ${reason ?? 'not run'}`)}\n`;
  // A stored scenario whose own row is damaged (`runs N`) says which of its columns.
  const shown: string[] = result.damaged === undefined ? [] : [`    ${MARK.error} ${result.damaged}`];
  let skipped = 0;
  let why: string | null = null;
  for (const step of result.steps) {
    if (step.status === 'skipped' && step.message !== SKIP_REASONS.cancelledUnderWay) {
      skipped += 1;
      why ??= step.message;
    } else shown.push(...stepLines(step, consoleCommand));
  }
  if (skipped > 0) shown.push(`    - ${skipped} more step${skipped === 1 ? '' : 's'} ${why ?? 'not run'}`);
  return `${[head, ...shown].map(printable).join('\n')}\n`;
}

/**
 * The run's last line: its counts, its time and its number. A stored run read back (`runs`)
 * may be under way, or have stopped with no end (no time then).
 */
export function formatSummary(
  run: Pick<RunReport, 'totals' | 'storedId'> & { durationMs: number | null; status: StoredRunStatus },
): string {
  const { totals } = run;
  return `\n${totals.scenarios} scenario${totals.scenarios === 1 ? '' : 's'}: ${runOutcomeWords(run)}; stored as run #${run.storedId}\n`;
}

/**
 * A progress listener that writes as a run goes. Under `--parallel` scenarios finish out of
 * order: each is written once every scenario before it in the files' order has been, so the
 * terminal lists the run as JSON, JUnit and `runs N` do (it printed them as they finished, and
 * `runs N` could not print a run "as `test` printed it"). A run that ends early (a result that
 * could not be stored) writes what it holds, in that order.
 */
export function prettyProgress(
  write: (text: string) => void,
  consoleCommand: ConsoleCommand,
): (progress: RunProgress) => void {
  const waiting = new Map<number, ScenarioResult>();
  let next = 0;
  const writeInOrder = (all: boolean) => {
    const indexes = [...waiting.keys()].sort((a, b) => a - b);
    for (const index of indexes) {
      if (!all && index !== next) return;
      const result = waiting.get(index);
      waiting.delete(index);
      next = index + 1;
      if (result !== undefined) write(formatScenario(result, consoleCommand));
    }
  };
  return (progress) => {
    if (progress.type === 'run-started')
      write(`Running ${progress.scenarios.length} scenario${progress.scenarios.length === 1 ? '' : 's'}\n\n`);
    if (progress.type === 'scenario-finished') {
      waiting.set(progress.scenario, progress.result);
      writeInOrder(false);
    }
    if (progress.type === 'run-finished' || progress.type === 'run-failed') writeInOrder(true);
    if (progress.type === 'run-finished') write(formatSummary(progress.report));
  };
}
