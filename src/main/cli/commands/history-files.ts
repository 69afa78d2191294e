import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { z } from 'zod';
import { EXPORT_FORMATS } from '../../../shared/history-file';
import { ImportError } from '../../history/history-service';
import { parseFlags, withConsole, type CliContext } from '../cli-context';
import { CommandExit, EXIT_FAILED, UsageError } from '../cli-errors';
import { flagsOf, parseCommandInput } from '../command-caller';
import { FILTER_FLAGS, filterFromHistoryFlags, historyFlags, withFilterOptions } from './history';
import { terminalSafe } from '../terminal-text';
import { requireProfile } from './profiles';

const exportFlags = historyFlags.omit({ json: true, limit: true }).extend({
  format: z.enum(EXPORT_FORMATS, { error: 'choose har, json or ndjson' }),
  out: z.string().min(1, 'must name a file').optional(),
  force: z.boolean().default(false),
  includeTokens: z.boolean().default(false),
});

/**
 * `export`: the filter's records, oldest first, streamed to standard output (no --out, or
 * `--out -`) or to a file, which is never in the data directory and replaces an existing file
 * only with --force. A failure to write is one line and exit 1.
 */
export async function runExport(rawFlags: unknown, context: CliContext): Promise<void> {
  const flags = parseFlags(exportFlags, rawFlags);
  await withConsole(context, async (core) => {
    const profileId =
      flags.profile === undefined ? undefined : requireProfile(core.profiles, flags.profile).id;
    // The export streams here (a file of any size never sits in memory), but its request is
    // judged by the contract's exportHistory schema, as the History view's export is.
    const request = parseCommandInput(
      'exportHistory',
      {
        format: flags.format,
        filter: filterFromHistoryFlags({ ...flags, json: false, limit: 1 }, profileId),
        includeTokens: flags.includeTokens,
      },
      flagsOf(FILTER_FLAGS),
    );
    if (flags.out === undefined || flags.out === '-') {
      for (const chunk of core.history.exportChunks(request).chunks) context.io.stdout(chunk);
      return;
    }
    const { count } = await core.history.exportToFile(request, { path: flags.out, force: flags.force });
    context.io.stderr(
      `Exported ${count} ${count === 1 ? 'record' : 'records'} to ${flags.out} (${flags.format}).\n`,
    );
  });
}

/** `import <file>`: JSON, NDJSON or HAR; everything or nothing; exit 1 naming the line or entry that broke. */
export async function runImport(file: string, context: CliContext): Promise<void> {
  let text: string;
  try {
    text = file === '-' ? await context.io.readStdin() : readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(
      `${file}: cannot be read (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const result = await withConsole(context, async (core) => {
    try {
      return await core.history.importText(text);
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      context.io.stderr(`${terminalSafe(file)}: nothing imported. ${terminalSafe(error.message)}\n`);
      throw new CommandExit(EXIT_FAILED);
    }
  });
  context.io.stdout(
    `Imported ${result.imported} ${result.imported === 1 ? 'record' : 'records'} from ${file} (${result.format})${result.skipped > 0 ? `; ${result.skipped} already stored, skipped` : ''}.\n`,
  );
}

export function registerHistoryFiles(program: Command, context: CliContext): void {
  withFilterOptions(
    program
      .command('export')
      .description('Export stored records (the timeline filters apply) as HAR 1.2, JSON or NDJSON')
      .requiredOption('--format <format>', 'har, json or ndjson')
      .option('--out <file>', 'write to this file, or - for standard output (the default)')
      .option('--force', 'replace the file if it exists (never a file in the data directory)')
      .option(
        '--include-tokens',
        'keep the notification tokens webhooks arrived with (profile tokens never)',
      ),
  ).action((flags: unknown) => runExport(flags, context));
  program
    .command('import')
    .description('Import a JSON, NDJSON or HAR file (all of it, or nothing); duplicates are skipped')
    .argument('<file>', 'the file, or - for standard input')
    .action((file: string) => runImport(file, context));
}
