import type { Command } from 'commander';
import { z } from 'zod';
import {
  defaultProfileFields,
  environmentSchema,
  type ProfileFields,
  type ProfileView,
  type SecretEdit,
} from '../../../shared/profile';
import { environmentWithLiveMark } from '../../../shared/live-address';
import type { ConsoleCore } from '../../app';
import {
  numberFlagTexts,
  parseFlags,
  portFlag,
  wholeNumberFlag,
  withConsole,
  type CliContext,
} from '../cli-context';
import { UsageError } from '../cli-errors';
import { commandCaller, flagsOf } from '../command-caller';
import { formatTable } from '../format-table';
import { terminalSafe } from '../terminal-text';
import { stdinValues, type StdinValue } from '../stdin-value';
import { terminalLine } from '../../terminal-line';
import { damagedProfilesWarnings } from '../../unreadable-settings';
import { setsColumnOf } from '../../profiles/refuse-guessed-save';
import {
  damagedSaveWords,
  guessedColumnsOfSave,
  type DamagedProfileColumn,
} from '../../../shared/damaged-profile-words';
import { recordsCarryingName, warnIfNameCarried } from './profile-name-carried';
import { registerForgetSecret } from './profiles-forget-secret';
import { requireProfile } from './require-profile';

const profileOptionFlags = z.object({
  env: environmentSchema.optional(),
  baseUrl: z.string().optional(),
  apiToken: z.string().optional(),
  notificationToken: z.string().optional(),
  clearApiToken: z.boolean().optional(),
  clearNotificationToken: z.boolean().optional(),
  listenerPort: portFlag.optional(),
  publicListenerUrl: z.string().optional(),
  notificationField: z.string().optional(),
  tokenMinutes: wholeNumberFlag('must be a whole number of minutes').optional(),
  name: z.string().optional(),
});
type ProfileOptionFlags = z.infer<typeof profileOptionFlags>;

function addProfileOptions(command: Command): Command {
  return command
    .option('--base-url <url>', 'the service base URL (http or https)')
    .option('--api-token <token>', 'API token; "-" reads it from standard input')
    .option(
      '--notification-token <token>',
      'notification (webhook JWT) secret; "-" reads it from standard input',
    )
    .option('--listener-port <n>', 'local webhook listener port (0 picks a free one)')
    .option('--public-listener-url <url>', 'public URL of the listener (a tunnel), or "none"')
    .option('--notification-field <path>', 'request field that carries the notification URL')
    .option('--token-minutes <n>', 'lifetime of tokens the console signs, in minutes');
}

async function secretEdit(
  value: string | undefined,
  clear: boolean | undefined,
  flag: string,
  read: StdinValue,
): Promise<SecretEdit> {
  if (clear === true && value !== undefined) throw new UsageError('Give a token or clear it, not both.');
  if (clear === true) return { action: 'clear' };
  const token = await read(value, flag);
  return token === undefined ? { action: 'keep' } : { action: 'set', value: token };
}

function fieldPatch(flags: ProfileOptionFlags): Partial<ProfileFields> {
  const patch: Partial<ProfileFields> = {};
  if (flags.name !== undefined) patch.name = flags.name;
  if (flags.env !== undefined) patch.environment = flags.env;
  if (flags.baseUrl !== undefined) patch.baseUrl = flags.baseUrl;
  if (flags.listenerPort !== undefined) patch.listenerPort = flags.listenerPort;
  if (flags.publicListenerUrl !== undefined)
    patch.publicListenerUrl = flags.publicListenerUrl === 'none' ? null : flags.publicListenerUrl;
  if (flags.notificationField !== undefined) patch.notificationField = flags.notificationField;
  if (flags.tokenMinutes !== undefined) patch.signedTokenMinutes = flags.tokenMinutes;
  return patch;
}

/** Each profile field as its flag, so an error from the contract names what to change. */
const PROFILE_FLAGS = {
  'fields.baseUrl': '--base-url',
  'fields.environment': '--env',
  'fields.listenerPort': '--listener-port',
  'fields.publicListenerUrl': '--public-listener-url',
  'fields.notificationField': '--notification-field',
  'fields.signedTokenMinutes': '--token-minutes',
  'fields.name': 'name',
  apiToken: '--api-token',
  notificationToken: '--notification-token',
};

/** Where `profiles set` sets each column a save writes (refusing a save that would store a guess). */
const COLUMN_FLAGS: Partial<Record<DamagedProfileColumn, string>> = {
  name: 'with --name',
  environment: 'with --env',
  baseUrl: 'with --base-url',
  listenerPort: 'with --listener-port',
  publicListenerUrl: 'with --public-listener-url',
  notificationField: 'with --notification-field',
  operations: 'in the Profiles view (no flag sets it)',
  signedTokenMinutes: 'with --token-minutes',
  apiToken: 'with --api-token or --clear-api-token',
  notificationToken: 'with --notification-token or --clear-notification-token',
};

/**
 * A damaged column `set` does not set would be saved as the guess shown in its place (a damaged
 * environment as live): refused by the profile service, said here with the flag that sets it.
 */
function refuseGuessedSet(
  profile: { fields: ProfileFields; damaged: readonly { column: DamagedProfileColumn }[] },
  patch: Partial<ProfileFields>,
  secrets: { apiToken: SecretEdit; notificationToken: SecretEdit },
): void {
  const guessed = guessedColumnsOfSave(profile.damaged, setsColumnOf(patch, secrets));
  if (guessed.length === 0) return;
  throw new UsageError(
    `${guessed
      .map((column) =>
        damagedSaveWords(
          terminalSafe(profile.fields.name),
          column,
          COLUMN_FLAGS[column] ?? 'in the Profiles view',
        ),
      )
      .join('; ')}. Nothing was saved.`,
  );
}

/**
 * The profile commands go through the contract's dispatcher, as the Profiles view does; a
 * refused --token-minutes quotes what was given.
 */
const callerOf = (core: ConsoleCore, rawFlags: unknown = {}) =>
  commandCaller(core.dispatcher, flagsOf(PROFILE_FLAGS), numberFlagTexts(rawFlags, ['tokenMinutes']));

/** Storing a token under a key file deserves the same visible warning the UI shows. */
function warnIfWeakVault(core: ConsoleCore, edits: SecretEdit[], context: CliContext): void {
  const warning = core.vault.primary.warning;
  if (warning !== null && edits.some((edit) => edit.action === 'set'))
    context.io.stderr(`warning: ${warning}\n`);
}

/**
 * A profile not live saved on a live profile's address (`set "Live copy" --env sandbox`) is said,
 * as the Profiles view says it under the base URL: its calls reach production, with its token.
 */
function warnIfLiveAddress(view: ProfileView, context: CliContext): void {
  const live = view.liveAddress;
  if (view.environment === 'live' || live === null) return;
  context.io.stderr(
    `warning: ${terminalSafe(view.name)} is not live, but its base URL is the ${live.field} of the LIVE profile "${terminalSafe(live.profileName)}" (${terminalSafe(live.url)}): its calls reach production and need --yes-live.\n`,
  );
}

// Other commands name a profile too; they import it from here, as before.
export { requireProfile };

export function registerProfiles(program: Command, context: CliContext): void {
  const { io } = context;
  const profiles = program.command('profiles').description('List and manage profiles (local, sandbox, live)');

  profiles
    .command('list')
    .description('List profiles; tokens are shown masked')
    .option('--json', 'print JSON')
    .action((rawFlags: unknown) =>
      withConsole(context, async (core) => {
        const flags = parseFlags(z.object({ json: z.boolean().optional() }), rawFlags);
        const snapshot = await callerOf(core)('listProfiles', {});
        // What of a stored profile cannot be read is said, the list goes on (stored-profile-row.ts).
        for (const line of damagedProfilesWarnings(snapshot.profiles))
          io.stderr(terminalLine('warning', terminalSafe(line, { maxChars: 2000 })));
        if (flags.json === true) {
          // A token's stamp is for a window's save (this process's key): nothing a script can use.
          const listed = snapshot.profiles.map(({ apiToken, notificationToken, ...profile }) => ({
            ...profile,
            apiToken: { isSet: apiToken.isSet, masked: apiToken.masked },
            notificationToken: { isSet: notificationToken.isSet, masked: notificationToken.masked },
          }));
          io.stdout(`${JSON.stringify(listed, null, 2)}\n`);
          return;
        }
        // A damaged token or port is shown as damaged or unknown, never as a guess; the warnings
        // above say why.
        const token = (p: ProfileView, column: 'apiToken' | 'notificationToken'): string =>
          p.damaged.some((field) => field.column === column) ? 'damaged' : (p[column].masked ?? '(not set)');
        const rows = snapshot.profiles.map((p) => [
          p.isActive ? '*' : '',
          p.name,
          // A copy of Live set to Sandbox is marked, as in the Profiles view: it reaches production.
          environmentWithLiveMark(p),
          p.baseUrl,
          token(p, 'apiToken'),
          token(p, 'notificationToken'),
          p.listenerPort === null ? '—' : String(p.listenerPort),
        ]);
        io.stdout(
          formatTable(['', 'NAME', 'ENV', 'BASE URL', 'API TOKEN', 'NOTIFICATION TOKEN', 'LISTENER'], rows),
        );
      }),
    );

  addProfileOptions(
    profiles
      .command('add <name>')
      .description('Add a profile')
      .requiredOption('--env <env>', 'local, sandbox or live'),
  ).action((name: string, rawFlags: unknown) =>
    withConsole(context, async (core) => {
      const flags = parseFlags(profileOptionFlags, rawFlags);
      if (flags.env === undefined) throw new UsageError('--env: choose local, sandbox or live');
      if (flags.baseUrl === undefined) throw new UsageError('--base-url: required');
      const fields = { ...defaultProfileFields(flags.env, name), ...fieldPatch(flags), name };
      const read = stdinValues(context);
      const secrets = {
        apiToken: await secretEdit(flags.apiToken, undefined, '--api-token', read),
        notificationToken: await secretEdit(flags.notificationToken, undefined, '--notification-token', read),
      };
      const carried = await recordsCarryingName(core, name);
      const view = await callerOf(core, rawFlags)('createProfile', { fields, ...secrets });
      warnIfWeakVault(core, [secrets.apiToken, secrets.notificationToken], context);
      io.stdout(`Added profile "${terminalSafe(view.name)}" (${view.environment}).\n`);
      warnIfLiveAddress(view, context);
      warnIfNameCarried(carried, view, context);
    }),
  );

  addProfileOptions(
    profiles
      .command('set <name>')
      .description('Change a profile')
      .option('--env <env>', 'local, sandbox or live')
      .option('--name <new-name>', 'rename the profile')
      .option('--clear-api-token', 'remove the stored API token')
      .option('--clear-notification-token', 'remove the stored notification token'),
  ).action((name: string, rawFlags: unknown) =>
    withConsole(context, async (core) => {
      const flags = parseFlags(profileOptionFlags, rawFlags);
      const profile = requireProfile(core.profiles, name);
      const read = stdinValues(context);
      const secrets = {
        apiToken: await secretEdit(flags.apiToken, flags.clearApiToken, '--api-token', read),
        notificationToken: await secretEdit(
          flags.notificationToken,
          flags.clearNotificationToken,
          '--notification-token',
          read,
        ),
      };
      const patch = fieldPatch(flags);
      refuseGuessedSet(profile, patch, secrets);
      const carried = await recordsCarryingName(core, flags.name, profile.id);
      const view = await callerOf(core, rawFlags)('updateProfile', {
        id: profile.id,
        fields: patch,
        ...secrets,
      });
      warnIfWeakVault(core, [secrets.apiToken, secrets.notificationToken], context);
      io.stdout(`Updated profile "${terminalSafe(view.name)}".\n`);
      warnIfLiveAddress(view, context);
      warnIfNameCarried(carried, view, context);
    }),
  );

  profiles
    .command('use <name>')
    .description('Make a profile the active one')
    .action((name: string) =>
      withConsole(context, async (core) => {
        const view = await callerOf(core)('activateProfile', { id: requireProfile(core.profiles, name).id });
        io.stdout(`Active profile: "${terminalSafe(view.name)}" (${view.environment}).\n`);
      }),
    );

  registerForgetSecret(profiles, context);

  profiles
    .command('remove <name>')
    .description('Remove a profile (its history stays)')
    .action((name: string) =>
      withConsole(context, async (core) => {
        const profile = requireProfile(core.profiles, name);
        const { nowActive } = await callerOf(core)('removeProfile', { id: profile.id });
        io.stdout(`Removed profile "${terminalSafe(profile.fields.name)}".\n`);
        if (nowActive !== null)
          io.stdout(
            `It was the active profile: "${terminalSafe(nowActive.name)}" (${nowActive.environment}) is active now.\n`,
          );
      }),
    );
}
