import type { Command } from 'commander';
import { z } from 'zod';
import { replayRequestSchema, type ReplayProgress } from '../../../shared/replay';
import { ReplayError } from '../../replay/replay-service';
import { parseFlags, withConsole, type CliContext } from '../cli-context';
import { CommandExit, EXIT_FAILED, UsageError } from '../cli-errors';

const replayFlags = z.object({
  to: z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).optional(),
  token: z
    .enum(['original', 'resign', 'none'], { error: 'choose original, resign or none' })
    .default('original'),
  repeat: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1)
    .max(1000)
    .default(1),
  concurrency: z.coerce.number({ error: 'must be a number' }).int().min(1).max(64).default(1),
  delayMs: z.coerce.number({ error: 'must be a number' }).int().min(0).max(60_000).default(0),
  order: z
    .enum(['original', 'reversed', 'shuffled'], { error: 'choose original, reversed or shuffled' })
    .default('original'),
  yesLive: z.boolean().default(false),
  json: z.boolean().default(false),
});

const idList = z
  .array(z.coerce.number({ error: 'record ids are numbers' }).int().positive('record ids are positive'))
  .min(1);

function bar(progress: ReplayProgress): string {
  const width = 30;
  const filled = Math.round((progress.done / Math.max(progress.total, 1)) * width);
  return `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${progress.done}/${progress.total}  ${progress.rate.toFixed(1)}/s  ${progress.failures} failed`;
}

/** `replay <id...>`: the stored webhooks sent again; a progress bar on a terminal, a summary (or JSON). */
export async function runReplay(ids: string[], rawFlags: unknown, context: CliContext): Promise<void> {
  const flags = parseFlags(replayFlags, rawFlags);
  const parsedIds = idList.safeParse(ids);
  if (!parsedIds.success) throw new UsageError(`<id...>: ${parsedIds.error.issues[0]?.message ?? 'invalid'}`);
  const request = replayRequestSchema.parse({
    ids: parsedIds.data,
    target: flags.to === undefined ? { kind: 'listener' } : { kind: 'url', url: flags.to },
    tokenMode: flags.token,
    repeat: flags.repeat,
    concurrency: flags.concurrency,
    delayMs: flags.delayMs,
    order: flags.order,
    confirmLive: flags.yesLive,
  });
  const tty = process.stderr.isTTY === true && !flags.json;
  const result = await withConsole(context, async (core) => {
    if (flags.to === undefined && core.listener.status().url === null) {
      // A CLI process has no listener of its own: replay to the app's listener address.
      const port = core.profiles.active().fields.listenerPort;
      request.target = { kind: 'url', url: `http://127.0.0.1:${port}/` };
      request.ids = parsedIds.data;
    }
    try {
      return await core.replay.run(request, (progress) => {
        if (tty) context.io.stderr(bar(progress));
      });
    } catch (error) {
      if (error instanceof ReplayError) throw new UsageError(error.message);
      throw error;
    }
  });
  if (tty) context.io.stderr('\n');
  if (flags.json) context.io.stdout(`${JSON.stringify(result, null, 2)}\n`);
  else
    context.io.stdout(
      `Replayed ${result.done} of ${result.total} (${result.failures} failed) at ${result.rate.toFixed(1)}/s; records ${result.lastRecordIds.join(', ')}\n`,
    );
  if (result.failures > 0) throw new CommandExit(EXIT_FAILED);
}

export function registerReplay(program: Command, context: CliContext): void {
  program
    .command('replay')
    .description("Send stored webhooks again (to this console's listener, or --to a URL)")
    .argument('<id...>', 'record ids of stored webhooks')
    .option(
      '--to <url>',
      "where to send them (default: the active profile's listener; the path is the URL's)",
    )
    .option('--token <mode>', 'original (the exact token), resign (fresh iat/exp), or none', 'original')
    .option('--repeat <n>', 'send the whole sequence this many times', '1')
    .option('--concurrency <n>', 'how many at once', '1')
    .option('--delay-ms <n>', 'pause between sends', '0')
    .option('--order <order>', 'original, reversed or shuffled', 'original')
    .option('--yes-live', "confirm a replay to a live profile's address")
    .option('--json', 'print a JSON summary')
    .action((ids: string[], flags: unknown) => runReplay(ids, flags, context));
}
