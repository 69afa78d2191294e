import type { Command } from 'commander';
import { z } from 'zod';
import {
  describeImportResult,
  EXPORT_FORMATS,
  IMPORT_STOPPED,
  NOTHING_IMPORTED,
} from '../../../shared/history-file';
import { ConsoleError } from '../../console-error';
import { ImportError, importFileText } from '../../history/history-service';
import { parseFlags, withConsole, type CliContext, withExistingConsole } from '../cli-context';
import { CommandExit, EXIT_FAILED } from '../cli-errors';
import { commandCaller, flagsOf } from '../command-caller';
import {
  FILTER_FLAGS,
  filterFromHistoryFlags,
  profileFilterOf,
  requireRun,
  historyFlags,
  noteSearchLeftOut,
  withFilterOptions,
} from './history-filter-flags';
import { terminalSafe } from '../terminal-text';
import { outFileOf } from '../report-file';

/** Each field of the export command as the flag that sets it. */
const EXPORT_FLAGS = {
  ...FILTER_FLAGS,
  format: '--format',
  includeTokens: '--include-tokens',
  'out.path': '--out',
  'out.force': '--force',
};

const exportFlags = historyFlags.omit({ json: true, limit: true }).extend({
  format: z.enum(EXPORT_FORMATS, { error: 'choose har, json or ndjson' }),
  // Its limits are the contract's (exportHistory's out.path), named as this flag.
  out: z.string().optional(),
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
  noteSearchLeftOut(flags.search, context);
  await withExistingConsole(context, async (core) => {
    // The same command the History view's export calls: one validation, one set of errors.
    const call = commandCaller(core.dispatcher, flagsOf(EXPORT_FLAGS));
    await requireRun(core, context, flags.run);
    const request = {
      format: flags.format,
      filter: filterFromHistoryFlags(
        { ...flags, json: false, limit: 1 },
        profileFilterOf(core, context, flags.profile),
      ),
      includeTokens: flags.includeTokens,
    };
    const out = outFileOf(flags.out, flags.force);
    if (out === null) {
      // Part by part, so an export of any size never sits in memory whole.
      // Damaged records go out all the same; each is named on standard error, beside the file.
      const sayDamaged = (damaged: string[]) => {
        for (const words of damaged) context.io.stderr(`warning: ${terminalSafe(words)}\n`);
      };
      let part = await call('exportHistory', { ...request, part: {} });
      context.io.stdout(part.text);
      sayDamaged(part.damaged);
      while (typeof part.next === 'string') {
        part = await call('exportHistory', { ...request, part: { next: part.next } });
        context.io.stdout(part.text);
        sayDamaged(part.damaged);
      }
      return;
    }
    const { count, damaged } = await call('exportHistory', { ...request, out });
    for (const words of damaged) context.io.stderr(`warning: ${terminalSafe(words)}\n`);
    context.io.stderr(
      `Exported ${count} ${count === 1 ? 'record' : 'records'} to ${out.path} (${flags.format}).\n`,
    );
  });
}

/** Standard input as an import's text: its bytes judged as UTF-8, as a file's are. */
async function stdinText(io: CliContext['io']): Promise<string> {
  return io.readStdinBytes === undefined ? io.readStdin() : importFileText(await io.readStdinBytes());
}

/**
 * `import <file>`: JSON, NDJSON or HAR; checked whole first, so a bad file writes nothing (exit 1
 * naming the line or entry that broke). It then writes in short transactions: one killed half-way
 * keeps those it committed, and the same file imported again skips them (docs/data-safety.md).
 */
export async function runImport(file: string, context: CliContext): Promise<void> {
  // The file was read and refused: the command ran and failed (exit 1), not a bad command line.
  const refused = (why: string) => {
    context.io.stderr(`${terminalSafe(file)}: nothing imported. ${terminalSafe(why)}\n`);
    return new CommandExit(EXIT_FAILED);
  };
  // A file is read by the command itself, of any size; standard input arrives as its text.
  let source: { text: string } | { path: string } = { path: file };
  if (file === '-') {
    try {
      source = { text: await stdinText(context.io) };
    } catch (error) {
      if (error instanceof ImportError) throw refused(error.message);
      throw error;
    }
  }
  const result = await withConsole(context, async (core) => {
    // The same command the History view's import calls: one validation, one set of errors.
    const call = commandCaller(core.dispatcher, flagsOf({ path: file, text: file }));
    try {
      return await call('importHistory', source);
    } catch (error) {
      if (!(error instanceof ConsoleError)) throw error;
      if (error.message.startsWith(NOTHING_IMPORTED))
        throw refused(error.message.slice(NOTHING_IMPORTED.length).trim());
      // Writing stopped and some of the file's records stayed: the message says how many.
      if (!error.message.startsWith(IMPORT_STOPPED)) throw error;
      context.io.stderr(`${terminalSafe(file)}: ${terminalSafe(error.message)}\n`);
      throw new CommandExit(EXIT_FAILED);
    }
  });
  context.io.stdout(`${describeImportResult(result, terminalSafe(file))}\n`);
}

export function registerHistoryFiles(program: Command, context: CliContext): void {
  withFilterOptions(
    program
      .command('export')
      .description('Export stored records (the timeline filters apply) as HAR 1.2, JSON or NDJSON')
      .requiredOption(
        '--format <format>',
        'har, json or ndjson (each record with its status_word, as history says it)',
      )
      .option('--out <file>', 'write to this file, or - for standard output (the default)')
      .option('--force', 'replace the file if it exists (never a file in the data directory)')
      .option(
        '--include-tokens',
        'keep the notification tokens webhooks arrived with (profile tokens never)',
      ),
  ).action((flags: unknown) => runExport(flags, context));
  program
    .command('import')
    .description(
      'Import a JSON, NDJSON or HAR file, checked whole first: a bad file writes nothing; records already stored are skipped, so an import killed half-way keeps what it wrote and running it again writes the rest',
    )
    .argument('<file>', 'the file, or - for standard input')
    .action((file: string) => runImport(file, context));
}
