import type { ConsoleCommand } from '../../shared/console-command';
import { countOf } from '../../shared/count-words';
import { shellQuote } from '../../shared/shell-quote';
import { lastFailedPlan, runAgainPlan, type EarlierResult } from '../../shared/scenarios/run-again';
import type { StoredRun } from '../../shared/scenarios/stored-runs';
import { ConsoleError } from '../console-error';
import { CommandExit, EXIT_OK, UsageError } from './cli-errors';
import type { CommandCaller } from './command-caller';
import { terminalSafe } from './terminal-text';

/** Which stored run's not-passed scenarios `test` runs again: the latest of its paths, or one by number. */
export type RunAgainChoice = { lastFailed: true; paths: readonly string[] } | { rerun: number };

/** What `test` starts instead of its whole paths: the not-passed files of `run`, named as it named them. */
export interface RunAgainStart {
  source: { paths: string[] } | { folder: string };
  files: string[];
  chosenFrom: number;
  /** The line that says which run, and how many of its scenarios run again. */
  announce: string;
}

/** `#12` as `runs` lists it, or 12. */
export function runNumberFlag(text: string): number {
  const digits = text.trim().replace(/^#/, '');
  if (!/^[1-9]\d{0,15}$/.test(digits))
    throw new UsageError(`--rerun: "${text}" is not a run number (a whole number, as \`runs\` lists them).`);
  return Number(digits);
}

/** The run chosen, and for --last-failed what earlier runs say of the scenarios it did not run. */
async function chosenRun(
  call: CommandCaller,
  choice: RunAgainChoice,
  consoleCommand: ConsoleCommand,
): Promise<{ run: StoredRun; earlier: EarlierResult[]; neverRun: string[] }> {
  if ('rerun' in choice) {
    try {
      return { run: await call('getScenarioRun', { id: choice.rerun }), earlier: [], neverRun: [] };
    } catch (error) {
      if (error instanceof ConsoleError && error.code === 'not_found')
        throw new UsageError(`--rerun: no run #${choice.rerun} in this data directory (\`runs\` lists them)`);
      throw error;
    }
  }
  const { run, earlier, neverRun } = await call('latestScenarioRunOf', { paths: [...choice.paths] });
  if (run !== null) return { run, earlier, neverRun };
  const named = choice.paths.join(' ');
  throw new UsageError(
    `--last-failed: no run of ${named} from ${process.cwd()} has ended yet, so none is known not to have passed; run them whole first (${consoleCommand(`test ${choice.paths.map(shellQuote).join(' ')}`)})`,
  );
}

/** Said under the announcement: scenarios of the paths that no ended run ran are not run now. */
function neverRunWords(neverRun: readonly string[]): string {
  const one = neverRun.length === 1;
  return `${countOf(neverRun.length, 'scenario')} in the paths ${one ? 'has' : 'have'} not run in any ended run of them, so ${one ? 'it is' : 'they are'} left out (run the paths whole to include ${one ? 'it' : 'them'})`;
}

/**
 * The scenarios of a stored run that did not pass, to run again (`test --last-failed`,
 * `test --rerun N`), with a line that says so; or why there are none. A run that cannot be
 * used (it did not end, it was made elsewhere) is a usage error (exit 2); one where every
 * scenario passed is no failure: it is said, and `test` exits 0 having run nothing.
 */
export async function runAgainStart(
  call: CommandCaller,
  choice: RunAgainChoice,
  /** Says that every scenario of the run passed (then `test` exits 0). */
  say: (text: string) => void,
  /** This data directory's commands, as a refusal names the one to run instead. */
  consoleCommand: ConsoleCommand,
): Promise<RunAgainStart> {
  const { run, earlier, neverRun } = await chosenRun(call, choice, consoleCommand);
  const flag = 'rerun' in choice ? '--rerun' : '--last-failed';
  const lastFailed = 'rerun' in choice ? null : lastFailedPlan(run, earlier);
  const plan = lastFailed ?? runAgainPlan(run);
  const never = neverRun.length === 0 ? '' : `${terminalSafe(neverRunWords(neverRun))}\n`;
  if (plan.kind === 'refused') throw new UsageError(`${flag}: ${plan.reason}`);
  if (plan.kind === 'nothing') {
    say(`${terminalSafe(plan.reason)}\n${never}`);
    throw new CommandExit(EXIT_OK);
  }
  const { source, files } = plan;
  // Its files are named from where it ran: only there do the same names find the same files.
  if (source.kind === 'paths' && source.cwd !== process.cwd())
    throw new UsageError(
      `${flag}: run #${run.id} named its files from ${source.cwd}; run this there (this is ${process.cwd()})`,
    );
  return {
    source: source.kind === 'folder' ? { folder: source.folder } : { paths: run.paths },
    files,
    chosenFrom: run.id,
    announce: `${terminalSafe(
      lastFailed?.announce ??
        `Run #${run.id} (${run.status}, started ${run.startedAt}): ${files.length} of ${run.totals.scenarios} scenario${run.totals.scenarios === 1 ? '' : 's'} did not pass; running ${files.length === 1 ? 'it' : 'them'} again`,
    )}\n${never}`,
  };
}
