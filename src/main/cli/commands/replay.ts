import type { Command } from 'commander';
import { z } from 'zod';
import { REPLAY_ORDERS, type ReplayProgress, type ReplayRequest } from '../../../shared/replay';
import { replayCauseLines, replayCountWords, replayDoneWords } from '../../../shared/replay-count-words';
import {
  numberFlag,
  numberFlagTexts,
  wholeNumberFlag,
  parseFlags,
  withConsole,
  type CliContext,
} from '../cli-context';
import { CommandExit, EXIT_FAILED, EXIT_OK, UsageError } from '../cli-errors';
import { writeThenExit } from '../standard-io';
import { commandCaller, flagsOf } from '../command-caller';
import { followRun } from '../follow-run';
import { terminalSafe } from '../terminal-text';

/** Read as numbers here; their limits are the contract's (replayRequestSchema), named as these flags. */
const count = wholeNumberFlag('must be a whole number');

const replayFlags = z.object({
  to: z.string().optional(),
  token: z
    .enum(['original', 'resign', 'none'], { error: 'choose original, resign or none' })
    .default('original'),
  repeat: count.default(1),
  concurrency: count.default(1),
  delayMs: count.default(0),
  order: z.enum(REPLAY_ORDERS, { error: 'choose original, reversed or shuffled' }).default('original'),
  yesLive: z.boolean().default(false),
  json: z.boolean().default(false),
});

const idList = z.array(numberFlag('record ids are numbers')).min(1);

/** Each field of a replay request as the flag that sets it. */
const REPLAY_FLAGS = {
  ids: '<id...>',
  'target.url': '--to',
  tokenMode: '--token',
  repeat: '--repeat',
  concurrency: '--concurrency',
  delayMs: '--delay-ms',
  order: '--order',
  confirmLive: '--yes-live',
};

function bar(progress: ReplayProgress): string {
  const width = 30;
  const filled = Math.round((progress.done / Math.max(progress.total, 1)) * width);
  return `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${progress.done}/${progress.total}  ${progress.rate.toFixed(1)}/s  ${replayCountWords(progress)}`;
}

/** `replay <id...>`: the stored webhooks sent again; a progress bar on a terminal, a summary (or JSON). */
export async function runReplay(ids: string[], rawFlags: unknown, context: CliContext): Promise<void> {
  const flags = parseFlags(replayFlags, rawFlags);
  const parsedIds = idList.safeParse(ids);
  if (!parsedIds.success) throw new UsageError(`<id...>: ${parsedIds.error.issues[0]?.message ?? 'invalid'}`);
  const tty = process.stderr.isTTY === true && !flags.json;
  const result = await withConsole(context, async (core) => {
    // Without --to, this data directory's listener (run by the app or `listen`): the stored
    // path kept, and its verdicts read back onto the replay, as from the Replay view.
    const target: ReplayRequest['target'] =
      flags.to !== undefined ? { kind: 'url', url: flags.to } : { kind: 'listener' };
    const progress = followRun(core.bus, (event) =>
      event.name === 'replay.progress' ? event.payload : undefined,
    );
    const call = commandCaller(
      core.dispatcher,
      flagsOf(REPLAY_FLAGS),
      numberFlagTexts(rawFlags, ['repeat', 'concurrency', 'delayMs']),
    );
    // Ctrl+C cancels the run as the view's Cancel does: a send waiting for its answer is
    // recorded as cancelled, not left pending, and the summary says how far it got. (A second
    // Ctrl+C ends the process at once.)
    let runId: string | null = null;
    let interrupted = false;
    const interrupt = () => {
      interrupted = true;
      if (runId !== null) void call('cancelReplay', { runId }).catch(() => undefined);
    };
    process.once('SIGINT', interrupt);
    try {
      // The same command the Replay view calls: one validation, one set of limits and errors.
      ({ runId } = await call('startReplay', {
        ids: parsedIds.data,
        target,
        tokenMode: flags.token,
        repeat: flags.repeat,
        concurrency: flags.concurrency,
        delayMs: flags.delayMs,
        order: flags.order,
        confirmLive: flags.yesLive,
      }));
      if (interrupted) interrupt();
      const end = await progress.until(runId, (step) => {
        if (tty) context.io.stderr(bar(step));
        return step.finished ? step : undefined;
      });
      // Sent to this data directory's listener, and refused: none runs (a CLI process has none
      // of its own). Said once, with what to start.
      const refused =
        target.kind === 'listener' &&
        end.lastRecordIds.some((id) => failureKindOf(core.events.getRow(id)?.details) === 'refused');
      const hint = refused
        ? `no listener runs on this data directory (port ${core.listener.status().configuredPort}): start \`${core.consoleCommand('listen')}\`, \`serve\` or the app on it, or replay --to a URL.`
        : null;
      return { ...end, hint };
    } finally {
      process.off('SIGINT', interrupt);
      progress.stop();
    }
  });
  if (tty) context.io.stderr('\n');
  if (result.error !== null) {
    context.io.stderr(`error: ${terminalSafe(result.error)}\n`);
    throw new CommandExit(EXIT_FAILED);
  }
  // An unanswered send is no failure, but no delivery known either; a send not sent delivered
  // nothing: the run did not succeed.
  const ok = result.failures === 0 && result.unanswered === 0 && result.notSent === 0 && !result.cancelled;
  return writeThenExit(ok ? EXIT_OK : EXIT_FAILED, () => {
    if (flags.json) context.io.stdout(`${JSON.stringify(result, null, 2)}\n`);
    else
      context.io.stdout(
        `${result.cancelled ? 'Cancelled: ' : ''}${replayDoneWords(result)} (${replayCountWords(result)}) at ${result.rate.toFixed(1)}/s${result.lastRecordIds.length === 0 ? '' : `; records ${result.lastRecordIds.join(', ')}`}\n`,
      );
    // Each cause under the word its count reads, as the Replay view lists them.
    for (const line of replayCauseLines(result)) context.io.stderr(`${terminalSafe(line)}\n`);
    if (result.hint !== null) context.io.stderr(`hint: ${result.hint}\n`);
  });
}

/** The failure kind a record's details hold (exchange-failure-words.ts), if any. */
function failureKindOf(details: string | undefined): string | null {
  if (details === undefined) return null;
  try {
    const parsed = storedFailure.safeParse(JSON.parse(details));
    return parsed.success ? parsed.data.failure.kind : null;
  } catch {
    return null;
  }
}
const storedFailure = z.object({ failure: z.object({ kind: z.string() }) });

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
