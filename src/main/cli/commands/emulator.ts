import { randomBytes } from 'node:crypto';
import type { Command } from 'commander';
import { z } from 'zod';
import { maskSecret } from '../../../shared/profile';
import { emulatorPortOf, localProfileOf } from '../../emulator/emulator-service';
import type { ProfileService } from '../../profiles/profile-service';
import { parseFlags, portFlag, withConsole, type CliContext } from '../cli-context';
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

/**
 * The emulator in the foreground, on the same data directory as the app (its orders and
 * outbox are shared). Tokens: the flags, else the Local profile's, else fresh random ones,
 * printed once because the caller needs them to talk to it.
 */
export async function runEmulator(
  context: CliContext,
  rawFlags: unknown,
  until: Promise<void> = waitForSignal(),
): Promise<void> {
  const flags = parseFlags(emulatorFlags, rawFlags);
  const { io } = context;
  // Read before the console opens: a bad standard input changes nothing on disk.
  const read = stdinValues(context);
  const givenApiToken = await read(flags.apiToken, '--api-token');
  const givenNotificationToken = await read(flags.notificationToken, '--notification-token');
  // One console: the emulator is the app's own emulator service, from the same composition
  // root as the desktop and serve, with this run's tokens (the flags, else the Local profile's,
  // chosen once its profiles are open, else fresh ones) and port.
  const chosen = { apiToken: givenApiToken ?? null, notificationToken: givenNotificationToken ?? null };
  const tokensFrom = (profiles: ProfileService) => {
    const local = localProfileOf(profiles);
    const secrets = local === null ? null : profiles.secretsOf(local.id);
    chosen.apiToken ??= secrets?.apiToken ?? null;
    chosen.notificationToken ??= secrets?.notificationToken ?? null;
    return {
      apiToken: chosen.apiToken ?? randomToken('emulator_api'),
      notificationToken: chosen.notificationToken ?? randomToken('emulator_notify'),
    };
  };
  let tokens: { apiToken: string; notificationToken: string } | undefined;
  await withConsole(
    context,
    async (core) => {
      const local = localProfileOf(core.profiles);
      const localPort = local === null ? null : emulatorPortOf(local.fields.baseUrl);
      const status = await core.emulator.start(
        flags.port ?? (localPort !== null && 'port' in localPort ? localPort.port : 4010),
      );
      if (!status.running) throw new Error(status.error ?? 'The emulator did not start.');
      const unsubscribe = core.bus.subscribe((event) => {
        if (event.name !== 'timeline.appended' || event.payload.kind !== 'delivery') return;
        const delivery = event.payload;
        const outcome = delivery.status === null ? (delivery.error ?? 'no answer') : String(delivery.status);
        const field = (value: string | null) =>
          value === null ? '-' : terminalSafe(value, { maxChars: 200 });
        io.stdout(
          `${delivery.at}  delivery  ${field(delivery.eventType)}  ${field(delivery.orderId)}  -> ${field(outcome)}\n`,
        );
      });
      const said = (name: string, value: string, given: boolean) =>
        given
          ? `${name} ${maskSecret(value).masked ?? ''}`
          : `${name} ${value} (generated; use it as the profile's token)`;
      io.stdout(`Emulator listening on ${status.url ?? ''}\n`);
      if (tokens === undefined) throw new Error('The emulator was opened without its tokens.');
      io.stdout(
        `${said('api token', tokens.apiToken, chosen.apiToken !== null)}; ${said('notification token', tokens.notificationToken, chosen.notificationToken !== null)}\n`,
      );
      await until;
      unsubscribe();
    },
    {
      background: true,
      startListener: false,
      startEmulator: false,
      emulatorTokens: (profiles) => (tokens = tokensFrom(profiles)),
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
      'bearer token it accepts ("-" reads it from standard input; default: the Local profile\'s)',
    )
    .option(
      '--notification-token <token>',
      'secret it signs notifications with ("-" reads it from standard input; default: the Local profile\'s)',
    )
    .action((flags: unknown) => runEmulator(context, flags));
  // `emulator pay <order>`…: the customer's side; `emulator [options]` still runs it.
  registerCustomerActions(emulator, context);
}
