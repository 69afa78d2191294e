import type { Command } from 'commander';
import { z } from 'zod';
import { forwardToInputSchema, listenerSettingsSchema } from '../../../shared/listener';
import { FORWARDING_WEBHOOKS } from '../../listener/forward-guard';
import { assertLiveAddressConfirmed } from '../../profiles/live-guard';
import { numberFlag, parseFlags, portFlag, withConsole, type CliContext } from '../cli-context';
import { UsageError } from '../cli-errors';
import { outputWhileServing } from '../standard-io';
import { stdinValues } from '../stdin-value';
import { terminalSafe } from '../terminal-text';
import { waitForSignal } from '../wait-for-signal';
import { printArrivals } from './listen-arrivals';
import { answeringNote } from './listen-answering-note';
import {
  assertListenerStarted,
  assertNotForwardingToItself,
  missingTokenWarning,
} from './listen-start-checks';
import { requireProfile } from './profiles';

// The command's lines are built beside it (one job a module); callers and tests ask for them here.
export { formatWebhookLine } from './listen-webhook-line';
export { printArrivals };

const listenFlags = z.object({
  port: portFlag.optional(),
  notificationToken: z.string().min(1, 'must not be empty').optional(),
  profile: z.string().min(1, 'must name a profile').optional(),
  forwardTo: forwardToInputSchema.optional(),
  yesLive: z.boolean().default(false),
  respondStatus: numberFlag(
    'The response status must be a whole number',
    listenerSettingsSchema.shape.respondStatus,
  ).optional(),
});

/** What listen's stop still does, said to a Ctrl+C or SIGTERM after the first. */
const LISTEN_STOP_STEPS = 'the webhooks being received are answered and stored, then the listener closes.';

/** What listen still does once its lines cannot be printed. */
const LISTEN_GOES_ON = {
  command: 'listen',
  goesOn: 'goes on receiving and storing webhooks (history, the Timeline) until Ctrl+C or SIGTERM.',
};

/**
 * The listener on its own, in the foreground: stores into the same database as the app, prints
 * a line per webhook (while standard output can be written), and stops on Ctrl+C (or when
 * `until` resolves, for tests). Signals are
 * heard from the start until it has closed: one more during the close is answered, not the end
 * of the process before what it acknowledged is stored.
 */
export function runListen(context: CliContext, rawFlags: unknown, until?: Promise<void>): Promise<void> {
  const stop = waitForSignal({ say: context.io.stderr, steps: LISTEN_STOP_STEPS }, until);
  // Its lines, printed until standard output is gone (`listen | head -2`); listening goes on.
  const printed = outputWhileServing(context.io, LISTEN_GOES_ON);
  return listenUntil({ ...context, io: printed.io }, rawFlags, stop.signalled).finally(() => {
    printed.release();
    stop.release();
  });
}

async function listenUntil(context: CliContext, rawFlags: unknown, until: Promise<void>): Promise<void> {
  const flags = parseFlags(listenFlags, rawFlags);
  if (flags.notificationToken !== undefined && flags.profile !== undefined) {
    throw new UsageError('--notification-token and --profile: give one or the other, not both.');
  }
  const { io } = context;
  // Read before the console opens: a bad standard input changes nothing on disk.
  const given = await stdinValues(context)(flags.notificationToken, '--notification-token');
  const chosen = flags.profile === undefined ? undefined : await profileIdNamed(context, flags.profile);
  // Refused before the listener starts: not one webhook forwarded to production unasked.
  if (flags.forwardTo !== undefined && !flags.yesLive) await refuseLiveForward(context, flags.forwardTo);
  // The app's own listener service, composed by the same root as the desktop and serve, with
  // this run's port, profile, secret and settings laid over the stored ones (never saved).
  await withConsole(
    context,
    async (core) => {
      const status = core.listener.status();
      assertListenerStarted(status, core.dataDir, flags.port);
      assertNotForwardingToItself(core.listener.settings().forwardTo, status.port);
      const warning = missingTokenWarning(status, given !== undefined);
      if (warning !== null) io.stderr(warning);
      const stop = printArrivals(core, io);
      io.stdout(`Listening on ${status.url}\n`);
      const note = answeringNote(core.listener.settings(), flags, core.listener.forwardHeld() !== null);
      if (note !== null) io.stderr(`${terminalSafe(note)}\n`);
      await until;
      // Closed while its lines are still printed: a forward still waiting is cancelled and
      // recorded, and its line says so, not nothing.
      await core.listener.close();
      // An answer the stop cut short is recorded as not sent on closing: its line too.
      await core.recorder.committed();
      stop();
    },
    {
      background: true,
      startEmulator: false,
      // The log's warnings at start (a damaged saved setting among them, unreadable-settings.ts)
      // are said here as they are written, so this command does not say them again.
      logToStderr: true,
      listener: {
        ...(flags.port === undefined ? {} : { port: flags.port }),
        // It prints where it listens: the port stays that for the run.
        keepPort: true,
        ...(chosen === undefined ? {} : { profileId: chosen }),
        ...(given === undefined ? {} : { secret: { value: given, label: 'the --notification-token given' } }),
        settings: {
          ...(flags.forwardTo === undefined ? {} : { forwardTo: flags.forwardTo }),
          ...(flags.respondStatus === undefined ? {} : { respondStatus: flags.respondStatus }),
        },
        // A saved forward-to held as a live profile's address is sent on with it too.
        confirmLiveForward: flags.yesLive,
        // This command's error below says it once, in its own flags' words.
        callerReportsStartFailure: true,
      },
    },
  );
}

/**
 * A --forward-to on a live profile's address needs --yes-live, as replay --to there does (the
 * same guard and words). Forward-to URLs saved in the Listener view were confirmed there.
 */
async function refuseLiveForward(context: CliContext, forwardTo: string): Promise<void> {
  await withConsole(context, async (core) =>
    assertLiveAddressConfirmed(
      forwardTo,
      false,
      FORWARDING_WEBHOOKS,
      core.profiles.snapshot().profiles,
      '--yes-live',
    ),
  );
}

/** The id of the profile `--profile` names, read before the listener opens (a typo starts nothing). */
async function profileIdNamed(context: CliContext, name: string): Promise<number> {
  return withConsole(context, async (core) => requireProfile(core.profiles, name).id);
}

export function registerListen(program: Command, context: CliContext): void {
  program
    .command('listen')
    .description('Run the webhook listener in the foreground and print one line per webhook')
    .option('--port <n>', "port to listen on; 0 picks a free one (default: the profile's listener port)")
    .option(
      '--notification-token <token>',
      'verify tokens with this secret ("-" reads it from standard input)',
    )
    .option('--profile <name>', "verify with this profile's notification token (default: the active profile)")
    .option('--forward-to <url>', 'also re-send every webhook to this URL (not saved)')
    .option('--yes-live', "confirm a --forward-to (or the saved forward-to) on a live profile's address")
    .option('--respond-status <n>', 'answer with this status (default: the saved listener setting, 200)')
    .action((flags: unknown) => runListen(context, flags));
}
