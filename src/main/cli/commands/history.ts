import type { Command } from 'commander';
import { parseFlags, type CliContext, withExistingConsole } from '../cli-context';
import {
  filterFromHistoryFlags,
  HISTORY_DEFAULT_LIMIT,
  historyFlags,
  noteSearchLeftOut,
  profileFilterOf,
  requireRun,
  withFilterOptions,
} from './history-filter-flags';
import { writeHistoryJson } from './history-json';
import { historyTable } from './history-table';

/**
 * The `history` command itself: its registration and what it runs. Its flags and filter
 * (history-filter-flags.ts, shared with `export`), its table (history-table.ts) and its JSON
 * (history-json.ts) are modules of their own.
 */

/** `history`: stored records, the last stored first, as a table or as JSON. */
export async function runHistory(rawFlags: unknown, context: CliContext): Promise<void> {
  const flags = parseFlags(historyFlags, rawFlags);
  noteSearchLeftOut(flags.search, context);
  const output = await withExistingConsole(context, async (core) => {
    const filter = filterFromHistoryFlags(flags, profileFilterOf(core, context, flags.profile));
    await requireRun(core, context, flags.run);
    if (!flags.json) return historyTable(core, context, filter, flags.limit, flags.profile);
    await writeHistoryJson(core, filter, flags.limit, context.io.stdout);
    return null;
  });
  if (output !== null) context.io.stdout(output);
}

export function registerHistory(program: Command, context: CliContext): void {
  withFilterOptions(
    program
      .command('history')
      // The order of storing, as the Timeline pages: an import's records are stored when imported,
      // whatever their time, and ordering every match by time costs a sort of all of them.
      .description(
        'Stored webhooks, requests, deliveries, forwards and replays, the last stored first (an import’s records when imported, whatever their time)',
      )
      .option(
        '--json',
        'a JSON array of records (status_word as STATUS says it; body as text, or body_base64 when it is not UTF-8)',
      ),
  )
    .option('--limit <n>', `at most this many records (default ${HISTORY_DEFAULT_LIMIT})`)
    .action((flags: unknown) => runHistory(flags, context));
}
