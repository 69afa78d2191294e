import type { Command } from 'commander';
import { z } from 'zod';
import type { TimelineSummary } from '../../../shared/events';
import { listenerSettingsSchema } from '../../../shared/listener';
import { createConsole } from '../../app';
import { resolveDataDir } from '../../data-dir';
import { namesListenerLiterally } from '../../listener/forward-guard';
import { forwardWebhook } from '../../listener/forward-webhook';
import { createIngestWriter } from '../../listener/ingest-writer';
import type { VerificationKey } from '../../listener/judge-webhook';
import { createListenerSettingsStore } from '../../listener/listener-settings-store';
import { startWebhookServer } from '../../listener/webhook-server';
import { parseFlags, portFlag, type CliContext } from '../cli-context';
import { UsageError } from '../cli-errors';
import { stdinValues } from '../stdin-value';
import { terminalSafe } from '../terminal-text';
import { requireProfile } from './profiles';
import { waitForSignal } from '../wait-for-signal';

const listenFlags = z.object({
  port: portFlag.optional(),
  notificationToken: z.string().min(1, 'must not be empty').optional(),
  profile: z.string().min(1, 'must name a profile').optional(),
  forwardTo: listenerSettingsSchema.shape.forwardTo.unwrap().optional(),
  respondStatus: z.coerce.number().pipe(listenerSettingsSchema.shape.respondStatus).optional(),
});

/** A field of a record on the listen line: escaped (the sender chose it) and cut if it floods. */
const dash = (value: string | number | null) =>
  value === null ? '-' : terminalSafe(String(value), { maxChars: 200 });

/** One line per webhook: time, method, path, token verdict, body verdict, event type, order id. */
export function formatWebhookLine(summary: TimelineSummary): string {
  return [
    summary.at,
    dash(summary.method),
    dash(summary.path),
    `token=${dash(summary.tokenVerdict)}`,
    `body=${dash(summary.bodyVerdict)}`,
    dash(summary.eventType),
    dash(summary.orderId),
    ...(summary.status === null ? [] : [`-> ${summary.status}`]),
  ].join('  ');
}

/**
 * The listener on its own, in the foreground: stores into the same database as the app, prints
 * a line per webhook, and stops on Ctrl+C (or when `until` resolves, for tests).
 */
export async function runListen(
  context: CliContext,
  rawFlags: unknown,
  until: Promise<void> = waitForSignal(),
): Promise<void> {
  const flags = parseFlags(listenFlags, rawFlags);
  if (flags.notificationToken !== undefined && flags.profile !== undefined) {
    throw new UsageError('--notification-token and --profile: give one or the other, not both.');
  }
  const { io } = context;
  const core = await createConsole({ dataDir: resolveDataDir(context.dataDirFlag()), frontDoor: 'cli' });
  try {
    const profile =
      flags.profile === undefined ? core.profiles.active() : requireProfile(core.profiles, flags.profile);
    const given = await stdinValues(context)(flags.notificationToken, '--notification-token');
    const secret = given ?? core.profiles.secretsOf(profile.id).notificationToken;
    const label =
      flags.notificationToken !== undefined
        ? 'the --notification-token given'
        : `the notification token of profile "${profile.fields.name}"`;
    const verification: Promise<VerificationKey> =
      secret === null || secret === ''
        ? Promise.resolve({ key: null, label: `profile "${profile.fields.name}" has none` })
        : core.keys.get(secret).then((key) => ({ key, label }));
    const stored = createListenerSettingsStore(core.settings).get();
    const settings = {
      ...stored,
      ...(flags.forwardTo === undefined ? {} : { forwardTo: flags.forwardTo }),
      ...(flags.respondStatus === undefined ? {} : { respondStatus: flags.respondStatus }),
    };
    const writer = createIngestWriter(
      core.recorder,
      (message) => io.stderr(`error: ${terminalSafe(message)}\n`),
      (count) =>
        io.stderr(
          `warning: ${count} webhook(s) answered 503 so far: the database stayed locked by another process.\n`,
        ),
    );
    const port = flags.port ?? profile.fields.listenerPort;
    const server = await startWebhookServer({
      port,
      settings: () => settings,
      verification: () => verification,
      profile: () => ({ id: profile.id, name: profile.fields.name }),
      writer,
      onWebhook: (summary) => io.stdout(`${formatWebhookLine(summary)}\n`),
      forward: (webhook, forwardTo) => {
        forwardWebhook(webhook, forwardTo)
          .then(async (event) => {
            const forwarded = await core.recorder.inGroup(() => core.recorder.record(event));
            const outcome =
              forwarded.error === null
                ? `${dash(forwarded.status)} in ${Math.round(forwarded.durationMs ?? 0)} ms`
                : dash(forwarded.error);
            io.stdout(`  forwarded #${webhook.id} to ${dash(forwarded.url)}: ${outcome}\n`);
          })
          .catch((failure: unknown) =>
            io.stderr(`error: a forward could not be recorded: ${terminalSafe(String(failure))}\n`),
          );
      },
      logError: (message) => io.stderr(`error: ${terminalSafe(message)}\n`),
    }).catch((error: unknown) => {
      if ((error as { code?: string }).code === 'EADDRINUSE') {
        throw new Error(`Port ${port} is already in use; pass --port 0 to pick a free one.`);
      }
      throw error;
    });
    // Only now is the port known (--port 0): a target naming it would forward to itself.
    if (settings.forwardTo !== null && namesListenerLiterally(new URL(settings.forwardTo), server.port)) {
      await server.close();
      throw new UsageError(
        `--forward-to ${settings.forwardTo} is this listener itself (port ${server.port}): every webhook would be forwarded back to it without end.`,
      );
    }
    if (secret === null) {
      io.stderr(
        `warning: profile "${profile.fields.name}" has no notification token; every token will be no_secret.\n`,
      );
    }
    io.stdout(`Listening on ${server.origin}\n`);
    await until;
    await server.close();
  } finally {
    await core.close();
  }
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
    .option('--respond-status <n>', 'answer with this status (default: the saved listener setting, 200)')
    .action((flags: unknown) => runListen(context, flags));
}
