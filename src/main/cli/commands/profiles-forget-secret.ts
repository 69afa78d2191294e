import type { Command } from 'commander';
import { z } from 'zod';
import type { ConsoleCore } from '../../app';
import {
  forgettingMeans,
  TOKEN_WORDS,
  type UnopenedStoredSecret,
} from '../../profiles/forget-unopened-secrets';
import { shellQuote } from '../../../shared/curl';
import { parseFlags, withConsole, type CliContext } from '../cli-context';
import { UsageError } from '../cli-errors';
import { terminalSafe } from '../terminal-text';
import { requireProfile } from './require-profile';

const forgetFlags = z.object({
  former: z.boolean().default(false),
  yes: z.boolean().default(false),
});

/** What an echo of a forgotten secret becomes: the reason the refusals existed. */
const ECHOES_UNMASKED =
  "An echo of a forgotten secret in a stored record can no longer be masked by any console (a record's detail, an export, a text search show it as stored): revoke it at the service if it may still be valid.";

const listed = (secrets: readonly UnopenedStoredSecret[]) =>
  secrets.map((secret) => `  - ${secret.what}: ${secret.why}; ${forgettingMeans(secret.kind)}.`).join('\n');

/**
 * `profiles forget-secret [name] [--former] --yes`: the way out of a secret this process cannot
 * open (a lost `vault.key`; a token the desktop app sealed), which keeps exports and text
 * searches refused. It forgets only what does not open here. Without `--yes` it names what it
 * would forget and what that means, and forgets nothing (exit 2, as a live send without
 * `--yes-live`). Run here, not through the contract: a window's console opens what it sealed,
 * so only a process that cannot open a secret has anything to forget.
 */
async function runForgetSecret(
  name: string | undefined,
  rawFlags: unknown,
  context: CliContext,
): Promise<void> {
  const flags = parseFlags(forgetFlags, rawFlags);
  if (name === undefined && !flags.former)
    throw new UsageError('name a profile (its tokens), or give --former (former tokens), or both.');
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
    if (!flags.yes) throw new UsageError(confirmWords(tokens, former));
    return [...lines, ...forget(core, profile?.id, tokens.length > 0, flags.former)];
  });
  context.io.stdout(`${terminalSafe(output.join('\n'), { keepLines: true })}\n`);
}

function confirmWords(tokens: UnopenedStoredSecret[], former: UnopenedStoredSecret[]): string {
  const all = [...tokens, ...former];
  const formerWords =
    former.length === 0
      ? ''
      : '\nA former secret is kept only so that its echoes in old records stay masked: forgotten, its echoes in old records can no longer be masked.';
  return `--yes: nothing was forgotten. This would forget ${all.length === 1 ? 'a secret' : `${all.length} secrets`} this process cannot open:\n${listed(all)}${formerWords}\n${ECHOES_UNMASKED}\nRun it again with --yes to forget ${all.length === 1 ? 'it' : 'them'}.`;
}

function forget(
  core: ConsoleCore,
  profileId: number | undefined,
  tokens: boolean,
  former: boolean,
): string[] {
  const lines: string[] = [];
  if (profileId !== undefined && tokens) {
    const forgotten = core.profiles.forgetUnopenedTokens(profileId);
    const profileName = core.profiles.get(profileId).fields.name;
    if (forgotten.length > 0) {
      lines.push(`Forgot:\n${listed(forgotten)}`);
      for (const { token } of forgotten)
        if (token !== null)
          lines.push(
            `Profile "${profileName}" has no ${TOKEN_WORDS[token]} now; set one with: printf '%s' "$TOKEN" | checkout-console profiles set ${shellQuote(profileName)} --${token === 'apiToken' ? 'api-token' : 'notification-token'} -`,
          );
    }
  }
  if (former) {
    const forgotten = core.profiles.forgetUnopenedFormerSecrets();
    if (forgotten.length > 0)
      lines.push(
        `Forgot ${forgotten.length === 1 ? 'a former secret' : `${forgotten.length} former secrets`}:\n${listed(forgotten)}`,
      );
  }
  if (lines.length > 0) lines.push(ECHOES_UNMASKED);
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
    .action((name: string | undefined, flags: unknown) => runForgetSecret(name, flags, context));
}
