import type { Command } from 'commander';
import { z } from 'zod';
import { retentionSchema, type Retention } from '../../../shared/history-file';
import {
  numberFlagTexts,
  wholeNumberFlag,
  parseFlags,
  withExistingConsole,
  type CliContext,
} from '../cli-context';
import { UsageError } from '../cli-errors';
import { commandCaller, flagsOf } from '../command-caller';
import { formatCount } from '../../../shared/count-format';
import { countOf } from '../../../shared/count-words';
import {
  futureDatedWords,
  retentionRemovalWords,
  unreadableTimeWords,
} from '../../../shared/retention-words';
import { unreadableSettingsWarnings } from '../../unreadable-settings';
import { terminalLine } from '../../terminal-line';
import { terminalSafe } from '../terminal-text';

/** Read as numbers here; their limits are the contract's (retentionSchema), named as these flags. */
const retentionFlags = z.object({
  keepDays: wholeNumberFlag('must be a whole number of days').optional(),
  keepCount: wholeNumberFlag('must be a whole number of records').optional(),
  keepAll: z.boolean().default(false),
  apply: z.boolean().default(false),
  json: z.boolean().default(false),
});

const RETENTION_FLAGS = {
  days: '--keep-days',
  count: '--keep-count',
  'retention.days': '--keep-days',
  'retention.count': '--keep-count',
};

/** The policy the flags ask for; none when they only ask to see (or apply) the saved one. */
function chosenPolicy(flags: z.output<typeof retentionFlags>): Retention | undefined {
  const chosen: Retention[] = [
    ...(flags.keepAll ? [{ mode: 'all' as const }] : []),
    ...(flags.keepDays === undefined ? [] : [{ mode: 'days' as const, days: flags.keepDays }]),
    ...(flags.keepCount === undefined ? [] : [{ mode: 'count' as const, count: flags.keepCount }]),
  ];
  if (chosen.length > 1) throw new UsageError('--keep-all, --keep-days, --keep-count: give one of them.');
  return chosen[0];
}

const plural = (n: number) => countOf(n, 'record');

export function describeRetention(retention: Retention): string {
  if (retention.mode === 'all') return 'keep everything';
  if (retention.mode === 'days') return `keep the last ${countOf(retention.days, 'day')}`;
  return `keep the newest ${plural(retention.count)}`;
}

/**
 * `retention`: the History view's retention policy. Shows the saved one and what applying it
 * would remove; `--keep-*` saves another; only `--apply` removes anything.
 */
export async function runRetention(rawFlags: unknown, context: CliContext): Promise<void> {
  const flags = parseFlags(retentionFlags, rawFlags);
  const policy = chosenPolicy(flags);
  const output = await withExistingConsole(
    context,
    async (core) => {
      // The same commands the History view calls: one validation, one set of limits and errors.
      const call = commandCaller(
        core.dispatcher,
        flagsOf(RETENTION_FLAGS),
        numberFlagTexts(rawFlags, ['keepDays', 'keepCount']),
      );
      // The saved policy is used: what of it cannot be read is said, as keep everything stands in.
      if (policy === undefined)
        for (const line of unreadableSettingsWarnings(core.settings, ['retention']))
          context.io.stderr(terminalLine('warning', terminalSafe(line, { maxChars: 2000 })));
      // The policy alone (its unreadable words are said above): it is passed on and printed.
      const retention =
        policy === undefined
          ? retentionSchema.parse(await call('getRetention', {}))
          : await call('setRetention', policy);
      if (flags.apply) {
        const { removed } = await call('applyRetention', { retention });
        return flags.json
          ? { retention, removed }
          : `Retention: ${describeRetention(retention)}.\nRemoved ${plural(removed)}.\n`;
      }
      const { remove, keep, future, unreadableTime, removing } = await call('previewRetention', {
        retention,
      });
      const what = removing === null ? '' : retentionRemovalWords(removing);
      const ahead = futureDatedWords(future);
      return flags.json
        ? { retention, remove, keep, future, unreadableTime, removing }
        : `Retention: ${describeRetention(retention)}.\nApplying it now would remove ${plural(remove)} and keep ${formatCount(keep)}; run with --apply to do it.\n${[
            what,
            ahead,
            unreadableTimeWords(unreadableTime),
          ]
            .filter((line) => line !== '')
            .map((line) => `${line}\n`)
            .join('')}`;
    },
    { writes: flags.apply || policy !== undefined },
  );
  context.io.stdout(typeof output === 'string' ? output : `${JSON.stringify(output, null, 2)}\n`);
}

export function registerRetention(program: Command, context: CliContext): void {
  program
    .command('retention')
    .description(
      'Show or set how many stored records to keep, and what applying it would remove (nothing is removed without --apply)',
    )
    .option('--keep-all', 'keep everything (the default policy)')
    .option('--keep-days <n>', 'keep the records of the last n days')
    .option(
      '--keep-count <n>',
      'keep the newest n records (by time; records dated in the future are kept besides)',
    )
    .option('--apply', 'remove now what the policy does not keep')
    .option('--json', 'print the policy and the counts (remove, keep; or removed) as JSON')
    .action((flags: unknown) => runRetention(flags, context));
}
