import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Document } from 'yaml';
import { scenarioFromOrder, type OrderRecordFacts } from '../../shared/scenarios/scenario-from-order';
import { ConsoleError } from '../console-error';
import type { ScenarioFileProblem } from '../../shared/scenarios/scenario-file-problems';
import { toOrderRecord } from '../orders/order-records-reader';
import { loadScenarioText } from './load-scenarios';
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

/**
 * Writes a scenario file; an existing file is kept unless `overwrite`. The text is checked first
 * with the loader `test` uses: one that would not load is written only with `saveInvalid` (it
 * would block Run all of its folder and `test` of it), and its problems come back either way.
 */
export function saveScenarioFile(
  path: string,
  text: string,
  overwrite: boolean,
  saveInvalid = false,
): { path: string | null; problems: ScenarioFileProblem[] } {
  const full = resolve(path);
  const loaded = loadScenarioText(text, full, path);
  const problems = Array.isArray(loaded) ? loaded : [];
  if (problems.length > 0 && !saveInvalid) return { path: null, problems };
  if (!/\.ya?ml$/i.test(full)) throw ConsoleError.invalid('path', 'A scenario file ends in .yaml or .yml');
  if (existsSync(full) && !overwrite)
    throw new ConsoleError('conflict', `${full} already exists; choose another name or overwrite it.`, [
      { path: 'path', message: 'the file exists' },
    ]);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, text, { encoding: 'utf8', mode: 0o644 });
  return { path: full, problems };
}
