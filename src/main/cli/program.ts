import { Command, CommanderError } from 'commander';
import { ConsoleError } from '../console-error';
import { APP_VERSION } from '../version';
import type { CliContext, CliIo } from './cli-context';
import { CommandExit, EXIT_FAILED, EXIT_OK, EXIT_USAGE, UsageError } from './cli-errors';
import { terminalSafe } from './terminal-text';
import { registerCurl } from './commands/curl';
import { registerEmulator } from './commands/emulator';
import { registerHistory } from './commands/history';
import { registerHistoryFiles } from './commands/history-files';
import { registerReplay } from './commands/replay';
import { registerRetention } from './commands/retention';
import { registerJwt } from './commands/jwt';
import { registerListen } from './commands/listen';
import { registerOrders } from './commands/orders';
import { registerProfiles } from './commands/profiles';
import { registerSend } from './commands/send';
import { registerOpen } from './commands/open';
import { registerServe } from './commands/serve';
import { registerValidate } from './commands/validate';
import { registerTest } from './commands/test';
import { registerRuns } from './commands/runs';
import { registerCheckEndpoint } from './commands/check-endpoint';
import { errorWords } from '../../shared/error-words';
import { join } from 'node:path';
import { DATABASE_FILE_NAME, resolveDataDir } from '../data-dir';
import { isUnreadableDatabaseError, unreadableDatabaseWords } from '../store/open-store';
import { diskFullWords } from '../store/disk-full-words';

export interface RunCliOptions {
  io: CliIo;
  rendererDir: string;
  /**
   * Called as a command's action begins: from then on the command's own handling of Ctrl+C, or
   * Node's, answers it, not the CLI entry's words for a stop while loading (starting-stops.ts).
   */
  commandBegins?: () => void;
  /** Lock waits shorter than the defaults (CliContext), for tests only; the CLI's entry never sets them. */
  lockWaits?: CliContext['lockWaits'];
}

/** The whole command tree; `runCli` parses with it and `npm run docs:cli` renders its help. */
export function buildProgram(context: CliContext, io: CliIo): Command {
  const program = new Command('checkout-console')
    .description('Test console for the merchant checkout / pay-later service')
    .version(APP_VERSION)
    .option(
      '--data-dir <dir>',
      'data directory (default: $CHECKOUT_CONSOLE_DATA_DIR, then the per-user data folder)',
    )
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr });
  registerServe(program, context);
  registerOpen(program, context);
  registerProfiles(program, context);
  registerSend(program, context);
  registerValidate(program, context);
  registerListen(program, context);
  registerJwt(program, context);
  registerHistory(program, context);
  registerCurl(program, context);
  registerEmulator(program, context);
  registerReplay(program, context);
  registerHistoryFiles(program, context);
  registerRetention(program, context);
  registerTest(program, context);
  registerRuns(program, context);
  registerCheckEndpoint(program, context);
  registerOrders(program, context);
  // Apply the same error handling to every subcommand, however deep.
  const visit = (command: Command) => {
    command.exitOverride();
    command.configureOutput({ writeOut: io.stdout, writeErr: io.stderr });
    command.commands.forEach(visit);
  };
  visit(program);
  return program;
}

/** Runs one command line and returns its exit code; never calls process.exit itself. */
export async function runCli(argv: readonly string[], options: RunCliOptions): Promise<number> {
  const { io } = options;
  const context: CliContext = {
    io,
    rendererDir: options.rendererDir,
    // Read lazily: the global flag is parsed by the time any command action runs.
    dataDirFlag: () => {
      const dir = program.opts<{ dataDir?: string }>().dataDir;
      // An empty value (an unset variable in a script) would quietly mean the default folder.
      if (dir?.trim() === '') throw new UsageError('--data-dir: must name a folder, not be empty');
      return dir;
    },
    ...(options.lockWaits === undefined ? {} : { lockWaits: options.lockWaits }),
  };
  const program = buildProgram(context, io);
  // Called for every command's action, however deep (hooks of a command's ancestors run too).
  if (options.commandBegins !== undefined) program.hook('preAction', options.commandBegins);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return EXIT_OK;
  } catch (error) {
    if (error instanceof CommandExit) return error.exitCode;
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return EXIT_OK;
      // A bare group (`checkout-console profiles`) prints its help; that is not a failure of the user.
      if (error.code === 'commander.help') return EXIT_OK;
      return EXIT_USAGE;
    }
    if (error instanceof UsageError) {
      // The console's own words, which may be a list (the consoles `open` can choose from).
      io.stderr(`error: ${terminalSafe(error.message, { keepLines: true })}\n`);
      return EXIT_USAGE;
    }
    // A bad field value, or a live call without --yes-live: the command line has to change.
    if (
      error instanceof ConsoleError &&
      (error.code === 'invalid_input' || error.code === 'live_confirmation_required')
    ) {
      io.stderr(`error: ${terminalSafe(error.message)}\n`);
      return EXIT_USAGE;
    }
    io.stderr(`error: ${terminalSafe(failureWords(error, context))}\n`);
    return EXIT_FAILED;
  }
}

/**
 * What went wrong, said so a person knows what happened to their write (a full disk), or to the
 * database file: a damaged page found by a command's first reads or later is said in the words
 * opening it would have used (open-store.ts), naming the file, never SQLite's bare
 * "database disk image is malformed". The console's only SQLite file is the data directory's.
 */
function failureWords(error: unknown, context: CliContext): string {
  const diskFull = diskFullWords(error);
  if (diskFull !== null) return `${diskFull}: free some space and run the command again`;
  if (isUnreadableDatabaseError(error))
    return unreadableDatabaseWords(join(resolveDataDir(context.dataDirFlag()), DATABASE_FILE_NAME), error);
  return errorWords(error);
}
