import { resolveDataDir } from '../data-dir';
import { checkExportTarget, ExportFileError, writeExportFile } from '../history/export-file';
import type { CliContext } from './cli-context';
import { CommandExit, EXIT_FAILED, UsageError } from './cli-errors';
import { terminalSafe } from './terminal-text';

/**
 * A report a command writes to a path the user gave (`test --out`, `check-endpoint --junit`),
 * through the export's writer: never into the data directory (a report once replaced
 * console.sqlite), never over an existing file without --force, and whole or not at all.
 */
export interface ReportFile {
  path: string;
  force: boolean;
}

const targetOf = (file: ReportFile, context: CliContext) => ({
  path: file.path,
  force: file.force,
  dataDir: resolveDataDir(context.dataDirFlag()),
});

/** Refuses, before the run, a path the report could not be written to: exit 2 naming the flag. */
export async function checkReportFile(flag: string, file: ReportFile, context: CliContext): Promise<void> {
  try {
    await checkExportTarget(targetOf(file, context));
  } catch (error) {
    if (error instanceof ExportFileError) throw new UsageError(`${flag}: ${error.message}`);
    throw error;
  }
}

/** Writes the report; a failure is one line naming the flag and the cause, exit 1. */
export async function writeReportFile(
  flag: string,
  file: ReportFile,
  text: string,
  context: CliContext,
): Promise<void> {
  try {
    await writeExportFile(targetOf(file, context), [text]);
  } catch (error) {
    if (!(error instanceof ExportFileError)) throw error;
    context.io.stderr(`error: ${flag}: ${terminalSafe(error.message)}\n`);
    throw new CommandExit(EXIT_FAILED);
  }
}
