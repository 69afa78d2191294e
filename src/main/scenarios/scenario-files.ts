import { lstat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { Document } from 'yaml';
import { scenarioFromOrder, type OrderRecordFacts } from '../../shared/scenarios/scenario-from-order';
import { ConsoleError } from '../console-error';
import {
  checkExportTarget,
  ExportFileError,
  writeExportFile,
  type ExportTarget,
} from '../history/export-file';
import type { ScenarioFileProblem } from '../../shared/scenarios/scenario-file-problems';
import { toOrderRecord } from '../orders/order-records-reader';
import { loadScenarioText } from './load-scenarios';
import { skippedInFolders } from './scenario-paths';
import type { ScenarioServices } from './step-context';

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);

/** An order's lifecycle (the Orders service's derivation) written as a scenario file's text. */
export function scenarioTextFromOrder(
  services: Pick<ScenarioServices, 'orders' | 'events'>,
  orderId: string,
): { text: string; fileName: string; steps: number } {
  const { lifecycle } = services.orders.detail(orderId);
  const records = new Map<number, OrderRecordFacts>();
  for (const entry of lifecycle.entries) {
    const row = services.events.getRow(entry.recordId);
    if (row !== undefined) records.set(row.id, toOrderRecord(row));
  }
  const { name, steps } = scenarioFromOrder(lifecycle, records);
  const doc = new Document({ name, description: `Saved from order ${orderId}; edit freely.`, steps });
  doc.commentBefore = ` Saved by checkout-console on ${new Date().toISOString().slice(0, 10)} from order ${orderId}.\n The expectations are what the console saw then; ${'${fresh.reference}'} gives each run its own reference.`;
  const reference = lifecycle.facts.referenceId ?? orderId;
  return {
    text: doc.toString({ lineWidth: 0 }),
    fileName: `${slug(`order-${reference}`) || 'order'}.yaml`,
    steps: steps.length,
  };
}

/** The export guard's refusal, said of the dialog's field. */
async function guarded(write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (error instanceof ExportFileError) throw ConsoleError.invalid('path', error.message);
    throw error;
  }
}

/**
 * Whether anything is at `path`, a link included even when it leads nowhere: existsSync follows
 * links, so such a link went on to the writer and was refused in the CLI's words ("add --force").
 */
const somethingAt = (path: string) =>
  lstat(path).then(
    () => true,
    () => false,
  );

export interface ScenarioFileSave {
  path: string;
  text: string;
  overwrite: boolean;
  saveInvalid?: boolean;
  /** The console's data directory, which the file is never written into. */
  dataDir: string;
}

/**
 * Writes a scenario file; an existing file is kept unless `overwrite`. The text is checked first
 * with the loader `test` uses: one that would not load is written only with `saveInvalid` (it
 * would block Run all of its folder and `test` of it), and its problems come back either way.
 * Where it goes is judged by the export's guard, and it is written by the export's writer, as
 * every file a command or the window writes to a path it was given: never into a console's data
 * directory (it wrote <data dir>/console.sqlite.yaml), and whole or not at all.
 */
export async function saveScenarioFile({
  path,
  text,
  overwrite,
  saveInvalid = false,
  dataDir,
}: ScenarioFileSave): Promise<{ path: string | null; problems: ScenarioFileProblem[] }> {
  const full = resolve(path);
  const loaded = loadScenarioText(text, full, path);
  const problems = Array.isArray(loaded) ? loaded : [];
  if (problems.length > 0 && !saveInvalid) return { path: null, problems };
  if (!/\.ya?ml$/i.test(full)) throw ConsoleError.invalid('path', 'A scenario file ends in .yaml or .yml');
  const name = basename(full);
  if (skippedInFolders(name))
    throw ConsoleError.invalid(
      'path',
      `${name} starts with ".", and a folder's search skips such names (the Scenarios view and \`test <folder>\`): it would never be listed or run from its folder. Choose a name without the leading ".".`,
    );
  // Scenario files are shared and committed, not private records as an export is.
  const target: ExportTarget = { path: full, force: overwrite, dataDir, makeDirectories: true, mode: 0o644 };
  // Where it may never go is said before that it exists: "overwrite it" would only be refused.
  await guarded(() => checkExportTarget({ ...target, force: true }));
  if (!overwrite && (await somethingAt(full)))
    throw new ConsoleError('conflict', `${full} already exists; choose another name or overwrite it.`, [
      { path: 'path', message: 'the file exists' },
    ]);
  await guarded(() => writeExportFile(target, [text]));
  return { path: full, problems };
}
