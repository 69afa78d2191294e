import type { Command } from 'commander';
import { z } from 'zod';
import { parseFlags, type CliContext, withExistingConsole } from '../cli-context';
import { UsageError } from '../cli-errors';
import { commandCaller, flagsOf } from '../command-caller';
import { terminalSafe } from '../terminal-text';

const curlFlags = z.object({
  withToken: z.boolean().default(false),
  exactBytes: z.boolean().default(false),
});

/**
 * `curl <id>`: a stored record as a cURL command on standard output (notes on standard error).
 * Tokens are REDACTED unless `--with-token`; for an outbound request that adds the profile's
 * current API token, which is why the browser UI sends people here.
 */
export async function runCurl(idText: string, rawFlags: unknown, context: CliContext): Promise<void> {
  const flags = parseFlags(curlFlags, rawFlags);
  if (!/^[1-9]\d{0,15}$/.test(idText.trim())) {
    throw new UsageError(`<id>: "${idText}" is not a record id (a whole number, as the timeline shows).`);
  }
  const id = Number(idText.trim());
  if (flags.exactBytes && !flags.withToken)
    throw new UsageError('--exact-bytes: only with --with-token (without it every token is REDACTED).');
  const { built, kind } = await withExistingConsole(context, async (core) => {
    // The same command as the timeline's "Copy as cURL"; called directly, it may carry the API token.
    const call = commandCaller(core.dispatcher, flagsOf({ id: '<id>' }));
    const copied = await call('copyAsCurl', { id, withToken: flags.withToken, exactBytes: flags.exactBytes });
    const listed = await call('listEvents', { filter: { ids: [id] }, limit: 1 });
    return { built: copied, kind: listed.items[0]?.kind };
  });
  // A note may quote a record's header name: escaped like everything else printed from a record.
  for (const note of built.notes) context.io.stderr(`note: ${terminalSafe(note)}\n`);
  // A request whose token could not be put in (typed in the editor, or it cannot be opened
  // here) carries REDACTED, said in a note: no token to warn of.
  if (flags.withToken && kind === 'request' && !built.redacted) {
    context.io.stderr(
      'warning: this command contains an API token; do not paste it where others can read it.\n',
    );
  }
  // A command that carries REDACTED is not the stored bytes, whatever was asked: a token it
  // could not put in (one this process cannot open, one typed in the editor) stands as REDACTED.
  if (flags.exactBytes && built.redacted) {
    context.io.stderr(
      'note: --exact-bytes: not the stored bytes as they are: REDACTED stands where they held a token this command cannot include.\n',
    );
  } else if (flags.exactBytes) {
    context.io.stderr(
      'warning: the stored bytes as they are: any profile token they echo is in this command; do not paste it where others can read it.\n',
    );
  }
  if (built.redacted && !flags.withToken)
    context.io.stderr('note: tokens are REDACTED; add --with-token to include them.\n');
  context.io.stdout(`${built.command ?? ''}\n`);
}

export function registerCurl(program: Command, context: CliContext): void {
  program
    .command('curl')
    .description('Print a stored record as a cURL command (tokens redacted unless --with-token)')
    .argument('<id>', 'the record id (the timeline and `history` show it)')
    .option(
      '--with-token',
      "include the token a header carries: the notification JWT it arrived with, or the profile's API token (a profile token echoed elsewhere, e.g. in the body, stays REDACTED)",
    )
    .option(
      '--exact-bytes',
      'with --with-token: the stored bytes as they are, profile tokens they echo included (a token it cannot include, e.g. one this process cannot open, stays REDACTED, and it says so)',
    )
    .action((id: string, flags: unknown) => runCurl(id, flags, context));
}
