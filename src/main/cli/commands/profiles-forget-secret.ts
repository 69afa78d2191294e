import type { Command } from 'commander';
import { z } from 'zod';
import {
  FINGERPRINT_SHAPE,
  fingerprintOf,
  forgettingMeans,
  TOKEN_WORDS,
  type ForgetOutcome,
  type UnopenedStoredSecret,
} from '../../profiles/forget-unopened-secrets';
import type { ConsoleCommand } from '../../../shared/console-command';
import { shellQuote } from '../../../shared/shell-quote';
import { parseFlags, withConsole, type CliContext } from '../cli-context';
import { UsageError } from '../cli-errors';
import { terminalSafe } from '../terminal-text';
import { requireProfile } from './require-profile';

const forgetFlags = z.object({
  former: z.boolean().default(false),
  yes: z.boolean().default(false),
  expect: z
    .string()
    .trim()
    .toLowerCase()
    .regex(FINGERPRINT_SHAPE, 'not a fingerprint: give it as the preview printed it (e.g. 3fa20c-9c01d7)')
    .optional(),
});

/** What an echo of a forgotten secret becomes: the reason the refusals existed. */
const ECHOES_UNMASKED =
  "An echo of a forgotten secret in a stored record can no longer be masked by any console (a record's detail, an export, a text search show it as stored): revoke it at the service if it may still be valid.";

const listed = (secrets: readonly UnopenedStoredSecret[]) =>
  secrets.map((secret) => `  - ${secret.what}: ${secret.why}; ${forgettingMeans(secret.kind)}.`).join('\n');

/** The command that forgets exactly the set a preview showed, on this data directory (`command`). */
const forgetCommand = (
  command: ConsoleCommand,
  name: string | undefined,
  former: boolean,
  fingerprint: string,
) =>
  command(
    `profiles forget-secret${name === undefined ? '' : ` ${shellQuote(name)}`}${former ? ' --former' : ''} --yes --expect ${fingerprint}`,
  );

/**
 * `profiles forget-secret [name] [--former] --yes [--expect <fingerprint>]`: the way out of a
 * secret this process cannot open (a lost `vault.key`; a token the desktop app sealed), which
 * keeps exports and text searches refused. It forgets only what does not open here. Without
 * `--yes` it names what it would forget, what that means and the set's fingerprint, and forgets
 * nothing (exit 2, as a live send without `--yes-live`). `--expect` ties `--yes` to that
 * preview: a secret that became unopenable since is never forgotten unseen. Run here, not
 * through the contract: a window's console opens what it sealed, so only a process that cannot
 * open a secret has anything to forget.
 */
async function runForgetSecret(
  name: string | undefined,
  rawFlags: unknown,
  context: CliContext,
): Promise<void> {
  const flags = parseFlags(forgetFlags, rawFlags);
  if (name === undefined && !flags.former)
    throw new UsageError('name a profile (its tokens), or give --former (former tokens), or both.');
  if (flags.expect !== undefined && !flags.yes)
    throw new UsageError('--expect: only with --yes (without it nothing is forgotten).');
  const output = await withConsole(context, async (core) => {
    const profile = name === undefined ? undefined : requireProfile(core.profiles, name);
    const tokens = profile === undefined ? [] : core.profiles.unopenedTokensOf(profile.id);
    const former = flags.former ? core.profiles.unopenedFormerSecrets() : [];
    const lines: string[] = [];
    if (profile !== undefined && tokens.length === 0)
      lines.push(
        `Profile "${profile.fields.name}" has no token this process cannot open; nothing of it to forget.`,
      );
    if (flags.former && former.length === 0)
      lines.push('There is no former token this process cannot open; nothing to forget.');
    if (tokens.length + former.length === 0) return lines;
    const profileName = profile?.fields.name;
    if (!flags.yes)
      throw new UsageError(
        confirmWords(
          tokens,
          former,
          forgetCommand(
            core.consoleCommand,
            profileName,
            flags.former,
            fingerprintOf([...tokens, ...former]),
          ),
        ),
      );
    const outcome = core.profiles.forgetUnopened(
      { ...(profile === undefined ? {} : { profileId: profile.id }), former: flags.former },
      flags.expect,
    );
    if ('refused' in outcome)
      throw new UsageError(
        refusedWords(
          flags.expect ?? '',
          outcome.refused,
          forgetCommand(core.consoleCommand, profileName, flags.former, outcome.refused.fingerprint),
        ),
      );
    return [...lines, ...forgottenWords(outcome, profileName, core.consoleCommand)];
  });
  context.io.stdout(`${terminalSafe(output.join('\n'), { keepLines: true })}\n`);
}

function confirmWords(
  tokens: UnopenedStoredSecret[],
  former: UnopenedStoredSecret[],
  command: string,
): string {
  const all = [...tokens, ...former];
  const formerWords =
    former.length === 0
      ? ''
      : '\nA former secret is kept only so that its echoes in old records stay masked: forgotten, its echoes in old records can no longer be masked.';
  const them = all.length === 1 ? 'it' : 'them';
  return `--yes: nothing was forgotten. This would forget ${all.length === 1 ? 'a secret' : `${all.length} secrets`} this process cannot open (fingerprint ${fingerprintOf(all)}):\n${listed(all)}${formerWords}\n${ECHOES_UNMASKED}\nTo forget ${them}, and only ${them}, run: ${command}`;
}

/** Why `--expect` forgot nothing: the set is not the one the preview showed, and what is new. */
function refusedWords(
  expected: string,
  refused: Extract<ForgetOutcome, { refused: unknown }>['refused'],
  command: string,
): string {
  const added = refused.added.length === 0 ? '' : `\nNew since:\n${listed(refused.added)}`;
  const gone =
    refused.gone === 0
      ? ''
      : `\n${refused.gone === 1 ? 'One you saw is' : `${refused.gone} you saw are`} no longer there (opened, set again or forgotten since).`;
  const now =
    refused.fingerprint === ''
      ? '\nNothing this process cannot open is left to forget.'
      : `\nTo forget the set as it is now (fingerprint ${refused.fingerprint}), read it again without --yes, or run: ${command}`;
  return `--expect ${expected}: nothing was forgotten. The secrets this process cannot open are not the set the preview showed.${added}${gone}${now}`;
}

function forgottenWords(
  outcome: Extract<ForgetOutcome, { forgotten: unknown }>,
  profileName: string | undefined,
  command: ConsoleCommand,
): string[] {
  const { forgotten, fingerprint } = outcome;
  if (forgotten.length === 0) return [];
  const tokens = forgotten.filter((secret) => secret.token !== null);
  const former = forgotten.filter((secret) => secret.token === null);
  const lines: string[] = [];
  if (tokens.length > 0) lines.push(`Forgot:\n${listed(tokens)}`);
  if (former.length > 0)
    lines.push(
      `Forgot ${former.length === 1 ? 'a former secret' : `${former.length} former secrets`}:\n${listed(former)}`,
    );
  lines.push(`(The set forgotten had the fingerprint ${fingerprint}.)`);
  if (profileName !== undefined)
    for (const { token } of tokens)
      if (token !== null)
        lines.push(
          `Profile "${profileName}" has no ${TOKEN_WORDS[token]} now; set one with: printf '%s' "$TOKEN" | ${command(`profiles set ${shellQuote(profileName)} --${token === 'apiToken' ? 'api-token' : 'notification-token'} -`)}`,
        );
  lines.push(ECHOES_UNMASKED);
  return lines;
}

export function registerForgetSecret(profiles: Command, context: CliContext): void {
  profiles
    .command('forget-secret [name]')
    .description(
      "Forget a profile's tokens that this process cannot open (and only those), or with --former the former ones; without --yes, only says what it would forget",
    )
    .option(
      '--former',
      'forget the former tokens (kept to mask their echoes in old records) that cannot be opened',
    )
    .option('--yes', 'confirm: forget them (their echoes in stored records can no longer be masked)')
    .option(
      '--expect <fingerprint>',
      'with --yes: forget only the set the preview showed (its fingerprint); if it differs now, forget nothing and name what is new',
    )
    .action((name: string | undefined, flags: unknown) => runForgetSecret(name, flags, context));
}
