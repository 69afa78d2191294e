import type { ConsoleCommand } from '@shared/console-command';
import type { StoredRun } from '@shared/scenarios/stored-runs';
import { notPassedFiles, runAgainPlan } from '@shared/scenarios/run-again';
import { formatProblem } from '@shared/scenarios/scenario-file-problems';
import type { CommandOutput } from '@shared/contract';

/**
 * Whether an opened stored run's scenarios that did not pass can run again from this view, and
 * why not: the view runs a folder's files, so only a run of a folder (this view's, any window's)
 * qualifies, and only while those files are still there and load.
 */
export type RunAgainCheck =
  /** Every scenario passed: nothing to offer. */
  | { kind: 'none' }
  | { kind: 'checking'; folder: string; files: string[] }
  | { kind: 'ready'; folder: string; files: string[] }
  | { kind: 'unavailable'; files: string[]; reason: string };

/** At most this many files are named in a reason; the rest are counted. */
const NAMED = 3;

function namedFiles(lines: readonly string[]): string {
  const shown = lines.slice(0, NAMED).join('; ');
  return lines.length > NAMED ? `${shown}; and ${lines.length - NAMED} more` : shown;
}

/**
 * What can be said from the stored run alone: nothing to run, why not, or the folder to check.
 * `consoleCommand` names the command to run it again with, on this console's data directory.
 */
export function runAgainFirstLook(run: StoredRun, consoleCommand: ConsoleCommand): RunAgainCheck {
  const plan = runAgainPlan(run);
  if (plan.kind === 'nothing') return { kind: 'none' };
  const files = notPassedFiles(run);
  if (plan.kind === 'refused') return { kind: 'unavailable', files, reason: plan.reason };
  if (plan.source.kind === 'paths')
    return {
      kind: 'unavailable',
      files,
      reason: `Run #${run.id} was run by checkout-console test in ${plan.source.cwd}, and its files are named from there, not from a folder this view opens. Run them again there: ${consoleCommand(`test --rerun ${run.id}`)}`,
    };
  return { kind: 'checking', folder: plan.source.folder, files: plan.files };
}

/** The folder as read again now: every file to run must still be in it and load. */
export function judgeOpenedFolder(
  first: Extract<RunAgainCheck, { kind: 'checking' }>,
  opened: CommandOutput<'openScenarioFolder'>,
): RunAgainCheck {
  const { folder, files } = first;
  const loaded = new Set(opened.scenarios.map((outline) => outline.file));
  if (opened.problems.some((problem) => problem.missing === true))
    return { kind: 'unavailable', files, reason: `Its folder is gone: ${folder} does not exist.` };
  const broken = files
    .filter((file) => !loaded.has(file))
    .map((file) => {
      const problem = opened.problems.find((each) => each.file === file);
      return problem === undefined ? `${file} is no longer in the folder` : formatProblem(problem);
    });
  if (broken.length === 0) return { kind: 'ready', folder, files };
  const one = broken.length === 1;
  return {
    kind: 'unavailable',
    files,
    reason: `${one ? 'A file' : `${broken.length} files`} of it no longer ${one ? 'loads' : 'load'}: ${namedFiles(broken)}. Open ${folder} in the Folder tab to see and fix ${one ? 'it' : 'them'}.`,
  };
}
