import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, openConsole, test } from '../fixtures/console-test';
import { writeEvents } from '../fixtures/seed-events';
import { cliPath } from '../fixtures/serve-process';
import type { NewEvent } from '../../../src/main/store/events-repository';

// Exports carry each record's provenance, and an import keeps it as the record's original one:
// History says what an import was ("imported · originally a replay"). Only unit tests held the
// words; here a real export of one console is imported into another through the History view.

const ORDER = '4d1f6c2e-8a3b-4c5d-9e6f-7a8b9c0d1e2f';
/** A webhook record whose body names `reference` (an import reads the reference from the body). */
const webhook = (atMs: number, reference: string, extra: Partial<NewEvent>): NewEvent => ({
  kind: 'webhook',
  method: 'POST',
  path: '/',
  status: 200,
  orderId: ORDER,
  orderReferenceId: reference,
  eventType: 'order_approved',
  tokenVerdict: 'valid',
  bodyVerdict: 'event',
  // A token rode with each (an export keeps its redacted form): an import judges a verdict by it.
  requestHeaders: [
    ['Content-Type', 'application/json'],
    ['Authorization', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln'],
  ],
  requestBody: Buffer.from(
    JSON.stringify({ order_id: ORDER, order_reference_id: reference, event_type: 'order_approved' }),
  ),
  atMs,
  ...extra,
});

test("History marks what an imported record originally was: a replay's, a crafted webhook's", async ({
  page,
  served,
}) => {
  // An export by the CLI, an import and a view: past the 60 s default on a loaded two-core CI.
  test.setTimeout(120_000);
  const source = mkdtempSync(join(tmpdir(), 'cc-e2e-export-source-'));
  // Outside the data directory: export refuses to write among the console's own files.
  const out = mkdtempSync(join(tmpdir(), 'cc-e2e-export-file-'));
  try {
    const at = Date.parse('2026-01-15T10:00:00Z');
    writeEvents(source, [
      webhook(at, 'REF-SERVICE', { uid: 'origin-e2e-service' }),
      webhook(at + 60_000, 'REF-CRAFTED', {
        uid: 'origin-e2e-crafted',
        provenance: 'crafted',
        details: { craftedToken: { reason: 'A token this console signed' } },
      }),
      webhook(at + 120_000, 'REF-REPLAY', {
        uid: 'origin-e2e-replay',
        kind: 'replay',
        provenance: 'replay',
        relatedId: 1,
      }),
    ]);
    const file = join(out, 'export.json');
    await promisify(execFile)(process.execPath, [
      cliPath,
      '--data-dir',
      source,
      'export',
      '--format',
      'json',
      '--out',
      file,
    ]);

    await openConsole(page, served, '#/history');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import a file…' }).click();
    await (
      await chooser
    ).setFiles({ name: 'export.json', mimeType: 'application/json', buffer: readFileSync(file) });
    await expect(page.getByTestId('import-result')).toHaveText('Imported 3 records from export.json (json).');

    const rows = page.getByTestId('history-row');
    await expect(rows).toHaveCount(3);
    const mark = (reference: string) => rows.filter({ hasText: reference }).getByTestId('record-provenance');
    await expect(mark('REF-REPLAY')).toHaveText('imported · originally a replay');
    await expect(mark('REF-CRAFTED')).toHaveText('imported · originally crafted');
    // The service's own record, imported, is an import and nothing more: no file can prove it.
    await expect(mark('REF-SERVICE')).toHaveText('imported');
  } finally {
    rmSync(source, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  }
});
