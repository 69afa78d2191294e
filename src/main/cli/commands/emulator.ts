import { randomBytes } from 'node:crypto';
import type { Command } from 'commander';
import { z } from 'zod';
import { deliveryAttemptFacts, describeFaults } from '../../../shared/emulator-fault-words';
import type { TimelineSummary } from '../../../shared/events';
import { maskSecret } from '../../../shared/profile';
import { emulatorPortOf } from '../../emulator/emulator-port';
import { localProfileOf } from '../../emulator/local-profile-tokens';
import { parseFlags, portFlag, withConsole, type CliContext } from '../cli-context';
import { outputWhileServing } from '../standard-io';
import { stdinValues } from '../stdin-value';
import { terminalSafe } from '../terminal-text';
import { waitForSignal } from '../wait-for-signal';
import { registerCustomerActions } from './emulator-customer';

const emulatorFlags = z.object({
  port: portFlag.optional(),
  apiToken: z.string().min(1, 'must not be empty').optional(),
  notificationToken: z.string().min(1, 'must not be empty').optional(),
});

const randomToken = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`;

/** What the emulator's stop still does, said to a Ctrl+C or SIGTERM after the first. */
const EMULATOR_STOP_STEPS =
  'a notification still waiting for its answer is cancelled and stays owed, then the emulator closes.';

/** What the emulator still does once its lines cannot be printed. */
const EMULATOR_GOES_ON = {
  command: 'emulator',
  goesOn: 'goes on answering and sending its notifications until Ctrl+C or SIGTERM.',
};

/**
 * What it says of its tokens at start: a token given by flag is kept for the run, whatever the
 * Local profile says later; the others follow that profile as the console's emulator does (a
 * `profiles set Local --api-token …` in another terminal is taken within about a second).
 */
function tokensFollowLine(given: { apiToken: boolean; notificationToken: boolean }): string {
  const api = 'the API token given by --api-token';
  const notification = 'the notification token given by --notification-token';
  if (given.apiToken && given.notificationToken)
    return `It keeps ${api} and ${notification} for this run: a change to the Local profile's tokens does not reach them.\n`;
  if (given.apiToken)
    return `It keeps ${api} for this run (a change to the Local profile's does not reach it); its notification token follows the Local profile's.\n`;
  if (given.notificationToken)
    return `It keeps ${notification} for this run (a change to the Local profile's does not reach it); its API token follows the Local profile's.\n`;
  return "Its tokens follow the Local profile's: a change there, in any console on this data directory, is taken within about a second.\n";
}

/**
 * One delivery as the terminal prints it: when its answer came (pushes come as attempts end, so
 * the lines are in time order; the start time put two concurrent attempts out of order), its
 * attempt n/N, the answer (its status alone: the error's words are the Timeline's), the
 * faults injected into it, and "gave up" after the last attempt failed.
 */
export function deliveryLine(delivery: TimelineSummary, details: Readonly<Record<string, unknown>>): string {
  const facts = deliveryAttemptFacts(details);
  const field = (value: string | null) => (value === null ? '-' : terminalSafe(value, { maxChars: 200 }));
  const answered = delivery.status !== null;
  const outcome = answered ? String(delivery.status) : (delivery.error ?? 'no answer');
  const endMs = Date.parse(delivery.at) + (delivery.durationMs ?? 0);
  const at = Number.isNaN(endMs) ? delivery.at : new Date(endMs).toISOString();
  const injected = facts.faults === null ? 'none' : describeFaults(facts.faults);
  const faults = injected === 'none' ? '' : `  faults: ${injected}`;
  const delivered = answered && delivery.error === null;
  const gaveUp = facts.last && !delivered ? '  gave up' : '';
  return `${at}  delivery  ${field(delivery.eventType)}  ${field(delivery.orderId)}  ${facts.attempt ?? '-'}  -> ${answered ? outcome : field(outcome)}${faults}${gaveUp}\n`;
}

/**
 * The emulator in the foreground, on the same data directory as the app (its orders and
 * outbox are shared). Tokens: the flags, kept for the run; else the Local profile's, followed
 * as they change; else, while it has none, fresh random ones, printed once because the caller
 * needs them to talk to it.
 */
export function runEmulator(context: CliContext, rawFlags: unknown, until?: Promise<void>): Promise<void> {
  // Heard from the start until it has closed: one more during the close is answered.
  const stop = waitForSignal({ say: context.io.stderr, steps: EMULATOR_STOP_STEPS }, until);
  // Its lines, printed until standard output is gone; the emulator goes on after that.
  const printed = outputWhileServing(context.io, EMULATOR_GOES_ON);
  return emulateUntil({ ...context, io: printed.io }, rawFlags, stop.signalled).finally(() => {
    printed.release();
    stop.release();
  });
}

async function emulateUntil(context: CliContext, rawFlags: unknown, until: Promise<void>): Promise<void> {
  const flags = parseFlags(emulatorFlags, rawFlags);
  const { io } = context;
  // Read before the console opens: a bad standard input changes nothing on disk.
  const read = stdinValues(context);
  const givenApiToken = await read(flags.apiToken, '--api-token');
  const givenNotificationToken = await read(flags.notificationToken, '--notification-token');
  const given = {
    ...(givenApiToken === undefined ? {} : { apiToken: givenApiToken }),
    ...(givenNotificationToken === undefined ? {} : { notificationToken: givenNotificationToken }),
  };
  const fallbackTokens = {
    apiToken: randomToken('emulator_api'),
    notificationToken: randomToken('emulator_notify'),
  };
  // One console: the emulator is the app's own emulator service, from the same composition
  // root as the desktop and serve, with this run's port and the tokens its flags give.
  await withConsole(
    context,
    async (core) => {
      const local = localProfileOf(core.profiles);
      const localPort = local === null ? null : emulatorPortOf(local.fields.baseUrl);
      const status = await core.emulator.start(
        flags.port ?? (localPort !== null && 'port' in localPort ? localPort.port : 4010),
      );
      if (!status.running) throw new Error(status.error ?? 'The emulator did not start.');
      const unsubscribe = core.bus.subscribe((event, origin) => {
        // This emulator's own deliveries: another emulator on the data directory (serve's, a
        // second terminal's) shares the outbox, and its deliveries reach this bus too.
        if (event.name !== 'timeline.appended' || event.payload.kind !== 'delivery') return;
        if (origin !== 'this process') return;
        io.stdout(deliveryLine(event.payload, core.store.events.getDetail(event.payload.id)?.details ?? {}));
      });
      const tokens = core.emulator.tokens();
      const said = (name: string, value: string | null, generated: string) =>
        value === generated
          ? `${name} ${value} (generated; use it as the profile's token)`
          : `${name} ${maskSecret(value ?? '').masked ?? ''}`;
      io.stdout(`Emulator listening on ${status.url ?? ''}\n`);
      io.stdout(
        `${said('api token', tokens.apiToken, fallbackTokens.apiToken)}; ${said('notification token', tokens.notificationToken, fallbackTokens.notificationToken)}\n`,
      );
      io.stdout(
        tokensFollowLine({
          apiToken: given.apiToken !== undefined,
          notificationToken: given.notificationToken !== undefined,
        }),
      );
      await until;
      unsubscribe();
    },
    {
      background: true,
      startListener: false,
      startEmulator: false,
      terminalEmulator: { tokens: given, fallbackTokens },
    },
  );
}

export function registerEmulator(program: Command, context: CliContext): void {
  const emulator = program
    .command('emulator')
    .description(
      'Run the local emulator of the checkout service in the foreground, or act as its customer on an order (pay, decline, cancel, expire)',
    )
    .option(
      '--port <n>',
      "port on 127.0.0.1 (default: the Local profile's base URL port, 4010; 0 picks a free one)",
    )
    .option(
      '--api-token <token>',
      'bearer token it accepts, kept for the run ("-" reads it from standard input; default: the Local profile\'s, followed as it changes)',
    )
    .option(
      '--notification-token <token>',
      'secret it signs notifications with, kept for the run ("-" reads it from standard input; default: the Local profile\'s, followed as it changes)',
    )
    .action((flags: unknown) => runEmulator(context, flags));
  // `emulator pay <order>`…: the customer's side; `emulator [options]` still runs it.
  registerCustomerActions(emulator, context);
}
