import { resolve, sep } from 'node:path';
import { resolveDataDir } from '../data-dir';
import { realLocation } from '../real-location';
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

/** What `--out` names for standard output, on every command that has it (export, test, runs N). */
export const STANDARD_OUTPUT = '-';

/**
 * The file an `--out` flag names, or null for standard output: no --out, or `--out -`. The one
 * reading of the flag, so `-` is never a file called `-` on one command and standard output on
 * another (`runs 5 --out -` once wrote a file named `-`).
 */
export function outFileOf(out: string | undefined, force: boolean): ReportFile | null {
  return out === undefined || out === STANDARD_OUTPUT ? null : { path: out, force };
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

/**
 * The named scenario path (a file, or a folder) that `file` is or is inside, and whether it is
 * that path itself; else null. Compared as written and as the paths really are, links resolved:
 * `--out link/one.yaml`, with link → the folder being run, replaced one.yaml.
 */
async function scenarioPathHolding(
  file: string,
  named: readonly string[],
): Promise<{ path: string; itself: boolean } | null> {
  const targets = [resolve(file), await realLocation(file)];
  for (const given of named)
    for (const path of [resolve(given), await realLocation(given)])
      for (const target of targets)
        if (target === path || target.startsWith(`${path}${sep}`)) return { path, itself: target === path };
  return null;
}

/**
 * `--out` naming a scenario of the run, or a file inside a folder it ran, is refused, even with
 * --force: a report there replaced the scenario it reported on (`test`, and `runs N` for a run's
 * report made again).
 */
export async function refuseOutAmong(
  out: string,
  named: readonly string[],
  which = 'being run',
): Promise<void> {
  const among = await scenarioPathHolding(out, named);
  if (among !== null)
    throw new UsageError(
      `--out: ${out} is ${among.itself ? 'one of the scenario files' : `inside ${among.path}, among the scenarios`} ${which}; write the report elsewhere`,
    );
}
