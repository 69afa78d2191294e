import type { Command } from 'commander';
import { anyFault, describeFaults } from '../../../shared/emulator-fault-words';
import { z } from 'zod';
import type { RunReport } from '../../../shared/scenarios/scenario-results';
import { formatProblem, problemsSummary } from '../../../shared/scenarios/scenario-file-problems';
import { prettyProgress } from '../../scenarios/reporters/pretty-reporter';
import { numberFlagTexts, wholeNumberFlag, parseFlags, withConsole, type CliContext } from '../cli-context';
import { CommandExit, EXIT_FAILED, EXIT_OK, EXIT_USAGE, UsageError } from '../cli-errors';
import { commandCaller, flagsOf, type CommandCaller } from '../command-caller';
import { followRun } from '../follow-run';
import { runAgainStart, runNumberFlag, type RunAgainChoice } from '../run-again-choice';
import { checkReportFile, outFileOf, refuseOutAmong, writeReportFile, type ReportFile } from '../report-file';
import { scenarioReportText } from '../scenario-report-text';
import { onOutputClosed, OutputClosed, writeThenExit } from '../standard-io';
import { endIfSignalled, heedTestStops, stopTest, type TestStop } from '../test-stop';
import { terminalSafe } from '../terminal-text';

const testFlags = z.object({
  profile: z.string().trim().min(1, 'must name a profile').optional(),
  reporter: z.enum(['pretty', 'json', 'junit'], { error: 'choose pretty, json or junit' }).default('pretty'),
  out: z.string().trim().min(1, 'must name a file').optional(),
  force: z.boolean().default(false),
  // Read as a number here; its limits are the contract's (startScenarioRun), named as this flag.
  parallel: wholeNumberFlag('must be a whole number').default(1),
  bail: z.boolean().default(false),
  grep: z.string().optional(),
  yesLive: z.boolean().default(false),
  lastFailed: z.boolean().default(false),
  rerun: z.string().optional(),
});

export const DEFAULT_SCENARIO_PATHS = ['scenarios'];

/** Each field of a scenario run as the flag (or argument) that sets it. */
const TEST_FLAGS = {
  paths: '[paths...]',
  grep: '--grep',
  parallel: '--parallel',
  bail: '--bail',
  confirmLive: '--yes-live',
};

type RunEnd = { report: RunReport } | { error: string };

/** The run's setting: the profile, its service, and the listener the notifications come to. */
async function printSetting(call: CommandCaller, out: (text: string) => void): Promise<void> {
  const [{ profiles, activeProfileId }, emulator, listener, emulatorSettings] = await Promise.all([
    call('listProfiles', {}),
    call('getEmulatorStatus', {}),
    call('getListenerStatus', {}),
    call('getEmulatorSettings', {}),
  ]);
  const profile = profiles.find((candidate) => candidate.id === activeProfileId);
  // The run's emulator leaves out the faults another console saved (emulator-service.ts): named,
  // so a person who set them knows this run is not testing them.
  const saved = anyFault(emulatorSettings.faults)
    ? `, injecting no faults: those saved in the emulator's settings, ${describeFaults(emulatorSettings.faults)}, are not used by a run`
    : '';
  out(
    `Profile ${profile?.name ?? '(none)'} (${profile?.environment ?? '-'}): service ${profile?.baseUrl ?? '-'}${
      emulator.running ? ` (emulator started for this run${saved})` : ''
    }, listener ${listener.url ?? 'not running'}${profile === undefined ? '' : await unreachableWords(call, profile.id)}\n`,
  );
}

/**
 * A listener the service cannot be told of (a sandbox profile with no public listener URL): said
 * on the start line, in the words of the decision every checkout makes (its notification plan,
 * asked for an empty payload), since no checkout step of the run can fill its notification field.
 */
async function unreachableWords(call: CommandCaller, profileId: number): Promise<string> {
  const planned = await call('prepareCheckout', {
    profileId,
    body: { kind: 'json', payload: {} },
  }).catch(() => null);
  const plan = planned?.notification;
  return plan === undefined || plan.url !== null ? '' : ` (notifications cannot reach it: ${plan.reason})`;
}

/** `--last-failed` (of the paths named) or `--rerun N` (of run N, whose paths are its own), or neither. */
function runAgainChoice(
  paths: readonly string[],
  flags: { lastFailed: boolean; rerun?: string | undefined },
  named: readonly string[],
): RunAgainChoice | null {
  if (flags.rerun === undefined) return flags.lastFailed ? { lastFailed: true, paths: named } : null;
  if (flags.lastFailed)
    throw new UsageError(
      '--rerun, --last-failed: choose one (--rerun N is run #N, --last-failed the latest)',
    );
  if (paths.length > 0)
    throw new UsageError(
      '[paths...]: --rerun N runs again files of run #N, named as it named them; leave the paths out',
    );
  return { rerun: runNumberFlag(flags.rerun) };
}

/**
 * `test [paths…]`: loads every scenario first (an invalid file is exit 2, naming file, line and
 * field, and nothing runs), then runs them on one profile. The Local profile gets its own
 * emulator and listener on free ports for the run (so a fresh clone passes offline); stored
 * profiles and ports are left alone. Exit 0 when every scenario passed, 1 otherwise. The run is
 * the Scenarios view's own command (which reads and checks the files once), followed by its pushes.
 */
export async function runTest(
  paths: readonly string[],
  rawFlags: unknown,
  context: CliContext,
): Promise<void> {
  const heard = heedTestStops(context.io);
  try {
    await runTestHeard(paths, rawFlags, context, heard.stop);
  } finally {
    heard.release();
  }
}

async function runTestHeard(
  paths: readonly string[],
  rawFlags: unknown,
  context: CliContext,
  stop: TestStop,
): Promise<void> {
  const flags = parseFlags(testFlags, rawFlags);
  const { io } = context;
  if (flags.out !== undefined && flags.reporter === 'pretty')
    throw new UsageError('--out: writes a json or junit report; add --reporter json or --reporter junit');
  const out = outFileOf(flags.out, flags.force);
  const named = paths.length === 0 ? DEFAULT_SCENARIO_PATHS : [...paths];
  const again = runAgainChoice(paths, flags, named);
  // A report that could not be written is refused before the suite runs, not after it; so is
  // one among the scenarios (with --force it replaced the scenario file being run).
  if (out !== null) {
    await refuseOutAmong(out.path, named);
    await checkReportFile('--out', out, context);
  }
  // The report goes to stdout only when it is the whole output; progress then goes to stderr.
  const reportOnStdout = flags.reporter !== 'pretty' && out === null;
  const progressOut = reportOnStdout ? io.stderr : io.stdout;

  const session = flags.profile === undefined ? {} : { profileName: flags.profile };
  // A reader that stops early (`test | head`): the run is cancelled as on Ctrl+C and followed to
  // its end, so it is stored as cancelled, and the command ends quietly (exit 1, as on Ctrl+C). A write that found the
  // output gone threw inside a push, where the bus drops what a subscriber throws, and `test`
  // waited for ever.
  const output: { gone: OutputClosed | null } = { gone: null };
  const interrupt = () => stopTest(stop);
  await endIfSignalled(stop, io);
  await withConsole(
    context,
    async (core): Promise<never> => {
      const call = commandCaller(
        core.dispatcher,
        flagsOf(TEST_FLAGS),
        numberFlagTexts(rawFlags, ['parallel']),
      );
      const pushes = followRun(core.bus, (event) => {
        if (event.name === 'scenarios.progress')
          return { runId: event.payload.runId, progress: event.payload };
        if (event.name === 'scenarios.prompt')
          return { runId: event.payload.runId, prompt: event.payload.text };
        return undefined;
      });
      let runId: string | null = null;
      stop.cancelRun = () => {
        if (runId !== null) void call('cancelScenarioRun', { runId }).catch(() => undefined);
      };
      const print = (text: string) => {
        if (output.gone !== null) return;
        try {
          progressOut(text);
        } catch (error) {
          if (!(error instanceof OutputClosed)) throw error;
          output.gone = error;
          interrupt();
        }
      };
      const stopOnClose = onOutputClosed(interrupt);
      let end: RunEnd;
      try {
        const chosen = again === null ? null : await runAgainStart(call, again, print, core.consoleCommand);
        // With --rerun the paths are the run's own, known only now.
        if (chosen !== null && out !== null)
          await refuseOutAmong(
            out.path,
            'folder' in chosen.source ? [chosen.source.folder] : chosen.source.paths,
          );
        if (chosen !== null) print(chosen.announce);
        await endIfSignalled(stop, io);
        // The files are read once, by the run itself: one that does not load refuses it whole.
        const started = await call('startScenarioRun', {
          ...(chosen === null
            ? { paths: named }
            : { ...chosen.source, files: chosen.files, chosenFrom: chosen.chosenFrom }),
          ...(flags.grep === undefined ? {} : { grep: flags.grep }),
          confirmLive: flags.yesLive,
          parallel: flags.parallel,
          bail: flags.bail,
        });
        if ('problems' in started) {
          for (const problem of started.problems)
            io.stderr(`error: ${terminalSafe(formatProblem(problem))}\n`);
          io.stderr(`${problemsSummary(started.problems)}\n`);
          throw new CommandExit(EXIT_USAGE);
        }
        runId = started.runId;
        if (stop.asked) interrupt();
        // Said once the run is under way; its pushes wait in `pushes` until `until` below.
        await printSetting(call, print);
        const pretty = prettyProgress(print, core.consoleCommand);
        end = await pushes.until(runId, (item): RunEnd | undefined => {
          if ('prompt' in item) {
            io.stderr(`action needed: ${item.prompt}\n`);
            return undefined;
          }
          pretty(item.progress);
          if (item.progress.type === 'run-finished') return { report: item.progress.report };
          if (item.progress.type === 'run-failed') return { error: item.progress.error };
          return undefined;
        });
      } finally {
        stopOnClose();
        pushes.stop();
      }
      // Before the console closes: the report is written as soon as the run is stored.
      return reportEnd(end, output.gone, { reporter: flags.reporter, out }, context);
    },
    { session },
  );
}

/** The run's end said, its report written (to standard output or --out), and the exit that says how it ended. */
async function reportEnd(
  end: RunEnd,
  gone: OutputClosed | null,
  { reporter, out }: { reporter: 'pretty' | 'json' | 'junit'; out: ReportFile | null },
  context: CliContext,
): Promise<never> {
  const { io } = context;
  // Nothing more is written for a reader that went away, but the exit code still says how the
  // run ended: one cut short is cancelled (exit 1, as on Ctrl+C), not passed.
  if (gone !== null) {
    // The report file is not the reader that went away: it is written, as on Ctrl+C.
    if (out !== null && reporter !== 'pretty' && 'report' in end)
      await writeReportFile(
        '--out',
        out,
        scenarioReportText(reporter, { json: end.report, junit: end.report }, false),
        context,
      );
    const passed = 'report' in end && end.report.status === 'passed';
    throw new CommandExit(passed ? gone.exitCode : Math.max(gone.exitCode, EXIT_FAILED));
  }
  if ('error' in end) {
    io.stderr(`error: ${terminalSafe(end.error)}\n`);
    throw new CommandExit(EXIT_FAILED);
  }
  const { report } = end;
  return writeThenExit(report.status === 'passed' ? EXIT_OK : EXIT_FAILED, async () => {
    if (reporter === 'pretty') return;
    const text = scenarioReportText(reporter, { json: report, junit: report }, out === null);
    if (out === null) io.stdout(text);
    else {
      await writeReportFile('--out', out, text, context);
      io.stdout(`${reporter} report written to ${out.path}\n`);
    }
  });
}

export function registerTest(program: Command, context: CliContext): void {
  program
    .command('test [paths...]')
    .description(
      'Run scenario files (YAML) as a regression suite; folders are searched for *.yaml (default: scenarios/)',
    )
    .option(
      '--profile <name>',
      'profile to run on (default: the active one); Local starts its own emulator and listener',
    )
    .option('--reporter <name>', 'pretty | json | junit (default pretty)')
    .option(
      '--out <file>',
      'write the report to this file (pretty progress still prints), or - for standard output (the default)',
    )
    .option('--force', 'replace the --out file if it exists (never a file in the data directory)')
    .option('--parallel <n>', 'scenarios run at once (default 1)')
    .option('--bail', 'stop after the first scenario that does not pass')
    .option('--grep <text>', 'only scenarios whose name or file contains this text')
    .option(
      '--yes-live',
      'confirm running on a live (production) profile, or a send-webhook step to its address',
    )
    .option(
      '--last-failed',
      'run only the scenarios that did not pass when they last ran: in the latest ended run of the same paths from here, or, for one it did not run (--grep), the newest earlier run that did',
    )
    .option('--rerun <n>', 'run only the scenarios that did not pass in stored run N (`runs` lists them)')
    .action((paths: string[], flags: unknown) => runTest(paths, flags, context));
}
