import { resolve } from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import {
  frontDoorWords,
  runProfileWords,
  INTERRUPTED_WORDS,
  runCountWords,
  runDurationMs,
  runTimeWords,
  STILL_RUNNING_WORDS,
  type RunSummary,
  type StoredRun,
} from '../../../shared/scenarios/stored-runs';
import { ConsoleError } from '../../console-error';
import { formatScenario, formatSummary } from '../../scenarios/reporters/pretty-reporter';
import type { ConsoleCommand } from '../../console-command';
import {
  consoleCommandOf,
  countFlag,
  parseFlags,
  type CliContext,
  withExistingConsole,
} from '../cli-context';
import { CommandExit, EXIT_FAILED, UsageError } from '../cli-errors';
import { noRunWords, notRunNumberWords, runNumberOf } from '../run-number';
import { commandCaller } from '../command-caller';
import { formatTable } from '../format-table';
import { checkReportFile, outFileOf, refuseOutAmong, writeReportFile } from '../report-file';
import { scenarioReportText } from '../scenario-report-text';
import { terminalSafe, terminalSafeJson } from '../terminal-text';

const runsFlags = z.object({
  limit: countFlag(10_000).default(20),
  json: z.boolean().default(false),
  reporter: z.enum(['pretty', 'json', 'junit'], { error: 'choose pretty, json or junit' }).optional(),
  out: z.string().trim().min(1, 'must name a file').optional(),
  force: z.boolean().default(false),
});

const took = (run: RunSummary) => runTimeWords(run, '-');

function runsTable(runs: readonly RunSummary[], consoleCommand: ConsoleCommand): string {
  if (runs.length === 0)
    return `${terminalSafe(`No scenario runs stored yet: run some with \`${consoleCommand('test')}\` or the Scenarios view.`)}\n`;
  return formatTable(
    ['RUN', 'STARTED', 'RESULT', 'SCENARIOS', 'TOOK', 'PROFILE', 'FROM', 'PATHS'],
    runs.map((run) => [
      `#${run.id}`,
      run.startedAt,
      run.status,
      runCountWords(run.totals),
      took(run),
      runProfileWords(run.profileName),
      frontDoorWords(run.frontDoor),
      run.paths.join(' '),
    ]),
  );
}

/** One stored run as `test` printed it: its scenarios (a failing one with its steps and diff), then its totals. */
function runText(run: StoredRun, consoleCommand: ConsoleCommand): string {
  const head = `Run #${run.id}: ${run.status}, started ${run.startedAt} by ${frontDoorWords(run.frontDoor)} on profile ${runProfileWords(run.profileName)} (${run.paths.join(' ')})`;
  const why =
    run.status === 'interrupted'
      ? `  ${INTERRUPTED_WORDS}\n`
      : run.status === 'running'
        ? `  ${STILL_RUNNING_WORDS}\n`
        : '';
  const damaged = run.damaged === undefined ? '' : `  ${terminalSafe(run.damaged)}\n`;
  const scenarios = run.scenarios.map((result) => formatScenario(result, consoleCommand)).join('');
  return `${terminalSafe(head)}\n${why}${damaged}\n${scenarios}${formatSummary({
    totals: run.totals,
    durationMs: runDurationMs(run),
    status: run.status,
    storedId: run.id,
  })}`;
}

/**
 * `runs [number]`: the stored runs of scenarios, newest first, or one of them as `test` reported
 * it (`--reporter json|junit`, `--out` for a file): a run's report can be read again, or handed
 * to CI, after the terminal that ran it is gone. A reader: exit 0 whatever the run's result.
 */
export async function runRuns(
  number: string | undefined,
  rawFlags: unknown,
  context: CliContext,
): Promise<void> {
  const flags = parseFlags(runsFlags, rawFlags);
  const { io } = context;
  if (number === undefined) {
    if (flags.reporter !== undefined || flags.out !== undefined)
      throw new UsageError('--reporter, --out: name a run (`runs 12 --reporter junit`)');
    const runs = await withExistingConsole(context, async (core) => {
      const page = await commandCaller(core.dispatcher)('listScenarioRuns', {
        limit: Math.min(flags.limit, 200),
      });
      const all = [...page.runs];
      let more = page.more;
      while (more && all.length < flags.limit) {
        const next = await commandCaller(core.dispatcher)('listScenarioRuns', {
          beforeId: all[all.length - 1]?.id ?? 1,
          limit: Math.min(flags.limit - all.length, 200),
        });
        all.push(...next.runs);
        more = next.more;
      }
      return all;
    });
    io.stdout(
      flags.json
        ? `${terminalSafeJson(JSON.stringify(runs, null, 2))}\n`
        : runsTable(runs, consoleCommandOf(context)),
    );
    // Listed with the rest, and named, as `history` names a damaged record.
    for (const run of runs)
      if (run.damaged !== undefined) io.stderr(`warning: ${terminalSafe(run.damaged)}\n`);
    return;
  }
  // `#12` as the list shows it, or 12.
  const id = runNumberOf(number);
  // `<number>`, as `history --run <number>` names the same value (and `curl <id>:` its own);
  // the usage line's `[number]` only says the argument may be left out.
  if (id === null) throw new UsageError(`<number>: ${notRunNumberWords(number)}`);
  const reporter = flags.reporter ?? (flags.json ? 'json' : 'pretty');
  if (flags.out !== undefined && reporter === 'pretty')
    throw new UsageError('--out: writes a json or junit report; add --reporter json or --reporter junit');
  const out = outFileOf(flags.out, flags.force);
  if (out !== null) await checkReportFile('--out', out, context);
  let run: StoredRun;
  try {
    run = await withExistingConsole(context, (core) =>
      commandCaller(core.dispatcher)('getScenarioRun', { id }),
    );
  } catch (error) {
    if (!(error instanceof ConsoleError) || error.code !== 'not_found') throw error;
    io.stderr(`${noRunWords(id)}\n`);
    throw new CommandExit(EXIT_FAILED);
  }
  if (reporter === 'pretty') {
    io.stdout(runText(run, consoleCommandOf(context)));
    return;
  }
  // The run's own scenarios, where it read them: a report made again never replaces one.
  if (out !== null)
    await refuseOutAmong(
      out.path,
      run.source?.kind === 'folder'
        ? [run.source.folder]
        : run.paths.map((path) => resolve(run.source?.kind === 'paths' ? run.source.cwd : '.', path)),
      'of that run',
    );
  const report = {
    profileName: runProfileWords(run.profileName),
    startedAt: run.startedAt,
    storedId: run.id,
    status: run.status,
    totals: run.totals,
    // An unfinished run's time is that of the scenarios it finished.
    durationMs: runDurationMs(run) ?? run.scenarios.reduce((sum, scenario) => sum + scenario.durationMs, 0),
    scenarios: run.scenarios,
  };
  // The fields `test --reporter json` gives (storedId, durationMs) beside the stored run's own: a
  // CI script reading them broke on a report made again with `runs` (the run's id in memory,
  // runId, is not kept).
  const json = { storedId: run.id, durationMs: report.durationMs, ...run };
  const text = scenarioReportText(reporter, { json, junit: report }, out === null);
  if (out === null) io.stdout(text);
  else {
    await writeReportFile('--out', out, text, context);
    io.stdout(`${reporter} report of run #${run.id} written to ${out.path}\n`);
  }
}

export function registerRuns(program: Command, context: CliContext): void {
  program
    .command('runs [number]')
    .description(
      'Stored runs of scenarios (from `test` and the Scenarios view), newest first; or one run, reported as `test` reported it',
    )
    .option('--limit <n>', 'the list: at most this many runs (default 20)')
    .option('--json', 'the list, or the run, as JSON')
    .option('--reporter <name>', 'one run: pretty | json | junit (default pretty)')
    .option(
      '--out <file>',
      'one run: write its json or junit report to this file, or - for standard output (the default)',
    )
    .option('--force', 'replace the --out file if it exists (never a file in the data directory)')
    .action((number: string | undefined, flags: unknown) => runRuns(number, flags, context));
}
