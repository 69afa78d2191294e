import type { Command } from 'commander';
import { z } from 'zod';
import type { TimelineSummary } from '../../../shared/events';
import { bodyVerdictLabel, tokenVerdictLabel } from '../../../shared/jwt/token-verdict-meaning';
import { isUnreadRequest, NOT_JUDGED } from '../../../shared/raw-request';
import {
  DEFAULT_LISTENER_SETTINGS,
  forwardToInputSchema,
  listenerSettingsSchema,
  type ListenerSettings,
} from '../../../shared/listener';
import type { ConsoleCore } from '../../app';
import { FORWARDING_WEBHOOKS, namesListenerLiterally } from '../../listener/forward-guard';
import { assertLiveAddressConfirmed } from '../../profiles/live-guard';
import { listenerOnPort, liveAddressRecords } from '../../running-addresses/address-record';
import { judgedWithOtherTokenWords, type WantedProfile } from '../../listener/listener-port-words';
import { batchedItems } from '../batched-output';
import { namedOrdersWords } from '../../../shared/named-orders-words';
import { whoseWord } from '../../../shared/provenance';
import { recordStatus } from '../../../shared/record-status';
import { numberFlag, parseFlags, portFlag, withConsole, type CliContext } from '../cli-context';
import { UsageError } from '../cli-errors';
import { outputWhileServing } from '../standard-io';
import { stdinValues } from '../stdin-value';
import { terminalSafe } from '../terminal-text';
import { screenMask } from '../../timeline/screen-summaries';
import { requireProfile } from './profiles';
import { waitForSignal } from '../wait-for-signal';
import { listenField } from './listen-field';
import { forwardLine } from './listen-forward-line';

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

/**
 * Why `listen` could not take its port, and what to do. Most often the holder is this data
 * directory's own console (serve or the app), whose listener already stores every webhook here:
 * then a second listener is not needed, and saying only "pass --port 0" sends the user to run
 * one the service does not know about. It is named from the address record it publishes.
 */
function portTakenWords(dataDir: string, port: number, wanted: WantedProfile | null): string {
  const holder = listenerOnPort(liveAddressRecords(dataDir), port);
  if (holder === null) return `Port ${port} is already in use; pass --port 0 to pick a free one.`;
  // A holder for another profile stores here too, but judges with that profile's token.
  if (wanted !== null && holder.profileId !== wanted.profileId)
    return terminalSafe(
      `Port ${port} is already in use by ${holder.runBy}, ${judgedWithOtherTokenWords(holder, wanted)}. ` +
        `To run ${wanted.profileName}'s listener beside it, pass --port 0.`,
    );
  return (
    `Port ${port} is already in use by ${terminalSafe(holder.runBy)}, which runs this data ` +
    `directory's listener there for profile ${terminalSafe(holder.profileName)}: the webhooks ` +
    `it receives are stored here already (history, the Timeline). To run another listener beside ` +
    `it, pass --port 0.`
  );
}

/**
 * One line per webhook: time, method, path, token verdict, body verdict, event type, order id,
 * status answered, and whose it was (history's WHOSE) unless the service's, verified.
 */
export function formatWebhookLine(summary: TimelineSummary): string {
  // Bytes the listener could not read as HTTP: not judged, said so (never `token=-  body=-`).
  const unread = isUnreadRequest(summary);
  return [
    summary.at,
    listenField(summary.method),
    listenField(summary.path),
    // With its warnings, as the window labels it: a token sent in one place only is not clean.
    `token=${unread ? NOT_JUDGED : summary.tokenVerdict === null ? '-' : tokenVerdictLabel(summary.tokenVerdict, summary.tokenFindings?.length ?? null)}`,
    // With its findings, as the window labels it: an empty body or an event with errors
    // must not read as clean here either.
    `body=${unread ? NOT_JUDGED : summary.bodyVerdict === null ? '-' : bodyVerdictLabel(summary.bodyVerdict, summary.bodyFindings)}`,
    listenField(summary.eventType),
    // As history's ORDER says it: the order filed under, then `+1` and the first a body giving
    // order_id twice names (shown as the last alone, the order a first-keeping parser acts on
    // was dropped).
    [listenField(summary.orderId), namedOrdersWords(summary).mark, summary.firstNamedOrderId]
      .filter((part) => part !== null)
      .map(listenField)
      .join(' '),
    // The status answered, only once it went out: an answer waiting out the response delay is
    // said waiting, and its own line follows (answerLine).
    ...answerMark(summary),
    // history's WHOSE word: a replay, a crafted token or a forwarded copy is the console's doing,
    // and a webhook whose token did not verify is `unverified` (anyone can post to the port).
    // Only the service's verified own goes unmarked: a line has no column to fill.
    ...whoseMark(summary),
  ].join('  ');
}

function answerMark(summary: TimelineSummary): string[] {
  if (summary.status !== null) return [`-> ${summary.status}`];
  return recordStatus(summary).kind === 'waiting' ? [`-> waiting #${summary.id}`] : [];
}

/** How a webhook's answer that waited out the delay ended: the status that went out, or why none did. */
function answerLine(summary: TimelineSummary): string {
  const outcome =
    summary.status === null
      ? `not answered: ${listenField(summary.error)}`
      : `-> ${summary.status} after ${Math.round(summary.durationMs ?? 0)} ms`;
  return `  #${summary.id} ${outcome}\n`;
}

function whoseMark(summary: TimelineSummary): string[] {
  const word = whoseWord(summary);
  return word === 'service' ? [] : [word];
}

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
      if (!status.running || status.port === null || status.url === null) {
        const port = flags.port ?? status.configuredPort;
        throw new Error(
          status.error?.includes('already in use') === true
            ? portTakenWords(
                core.dataDir,
                port,
                status.profileId === null || status.profileName === null
                  ? null
                  : { profileId: status.profileId, profileName: status.profileName },
              )
            : (status.error ?? 'The listener did not start.'),
        );
      }
      // Only now is the port known (--port 0): a target naming it would forward to itself.
      const forwardTo = core.listener.settings().forwardTo;
      if (forwardTo !== null && namesListenerLiterally(new URL(forwardTo), status.port)) {
        throw new UsageError(
          `--forward-to ${forwardTo} is this listener itself (port ${status.port}): every webhook would be forwarded back to it without end.`,
        );
      }
      if (!status.hasNotificationToken && given === undefined) {
        io.stderr(
          status.notificationTokenUnopened === null
            ? `warning: profile "${status.profileName ?? ''}" has no notification token; every token will be no_secret.\n`
            : `warning: the notification token of profile "${status.profileName ?? ''}" cannot be opened here (${terminalSafe(status.notificationTokenUnopened)}); every token will be no_secret.\n`,
        );
      }
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

const SAVED = 'the saved listener settings';

/**
 * How this run answers and forwards, when that is not the default: settings saved in any
 * console on the data directory (a window, days ago) apply to `listen` too, and a run that
 * answered 503, slowly, or forwarded somewhere, said so only line by line. Null: the defaults.
 */
export function answeringNote(
  settings: Pick<ListenerSettings, 'respondStatus' | 'responseDelayMs' | 'forwardTo'>,
  given: { respondStatus?: number; forwardTo?: string },
  /** Forwards are held (a live profile's address not confirmed): the log's warning says why. */
  forwardHeld = false,
): string | null {
  const parts: string[] = [];
  const { respondStatus, responseDelayMs: delay, forwardTo } = settings;
  if (respondStatus !== DEFAULT_LISTENER_SETTINGS.respondStatus || delay > 0) {
    const after = delay > 0 ? ` after ${delay} ms` : '';
    const from =
      given.respondStatus === undefined
        ? SAVED
        : delay > 0
          ? `--respond-status; the delay: ${SAVED}`
          : '--respond-status';
    parts.push(`answering ${respondStatus}${after} (${from})`);
  }
  if (forwardTo !== null)
    parts.push(
      `${forwardHeld ? 'not forwarding (held, see the warning above) to' : 'forwarding to'} ${forwardTo} (${given.forwardTo === undefined ? SAVED : '--forward-to'})`,
    );
  if (parts.length === 0) return null;
  const text = `${parts.join('; ')}.`;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
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

const ARRIVAL_KINDS = new Set<TimelineSummary['kind']>(['webhook', 'forward']);

/** A record to print: as it arrived, or (settled) a waiting answer's end. */
interface Printed {
  summary: TimelineSummary;
  settled: boolean;
}

/** A webhook's line, or a forward's. */
function arrivalLine(summary: TimelineSummary): string {
  return summary.kind === 'webhook' ? `${formatWebhookLine(summary)}\n` : forwardLine(summary);
}

/**
 * A line per webhook as this run's listener records it, a line per forward, and a warning whenever
 * another webhook had to be answered 503 because it could not be stored, with the reason.
 */
export function printArrivals(
  core: Pick<ConsoleCore, 'bus'> & { profiles: Parameters<typeof screenMask>[0] },
  io: Pick<CliContext['io'], 'stdout' | 'stderr'>,
): () => void {
  let notStored = 0;
  // Masked as every screen shows a row (a profile secret in a path), with the secrets read
  // once per window of lines, never once per webhook: the listener's own cost is measured.
  // Webhooks printed while their answer waits out the delay: their update says how it ended.
  const waiting = new Set<number>();
  // Webhooks printed `-> 200` as stored, without a delay, just before the answer goes out: their
  // one update says whether it did (only the duration changes) or not (the client was gone),
  // which then has its line, not the `-> 200` alone.
  const answering = new Set<number>();
  const lines = batchedItems<Printed>((held) => {
    const mask = screenMask(core.profiles);
    return held
      .map(({ summary, settled }) => (settled ? answerLine(mask(summary)) : arrivalLine(mask(summary))))
      .join('');
  }, io.stdout);
  const unsubscribe = core.bus.subscribe((event, origin) => {
    // What this run's listener received, and its forwards: the records other consoles on the
    // data directory write (serve's listener, another listen, an import) reach this process's
    // bus too, and printed here they read as requests this listener received and answered.
    if (
      event.name === 'timeline.appended' &&
      origin === 'this process' &&
      ARRIVAL_KINDS.has(event.payload.kind)
    ) {
      const read = recordStatus(event.payload).kind;
      if (event.payload.kind === 'webhook' && read === 'waiting') waiting.add(event.payload.id);
      if (event.payload.kind === 'webhook' && read === 'answered') answering.add(event.payload.id);
      lines.write({ summary: event.payload, settled: false });
    }
    if (
      event.name === 'timeline.updated' &&
      origin === 'this process' &&
      recordStatus(event.payload).kind !== 'waiting'
    ) {
      const { id, status } = event.payload;
      if (waiting.delete(id) || (answering.delete(id) && status === null))
        lines.write({ summary: event.payload, settled: true });
    }
    if (event.name === 'listener.status' && event.payload.notStored > notStored) {
      notStored = event.payload.notStored;
      lines.flush();
      io.stderr(
        `warning: ${notStored} webhook(s) answered 503 so far, not stored: ${terminalSafe(event.payload.notStoredReason ?? 'no reason was given')}\n`,
      );
    }
  });
  return () => {
    unsubscribe();
    lines.flush();
  };
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
