import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, openConsole, test } from '../fixtures/console-test';
import { writeEvents } from '../fixtures/seed-events';
import { cliPath, type ServedConsole } from '../fixtures/serve-process';
import { TimelinePage } from '../pages/timeline-page';
import type { NewEvent } from '../../../src/main/store/events-repository';
import { IMPORTED_NO_ANSWER_WORD, IMPORTED_NO_ANSWER_WORDS } from '../../../src/shared/record-status';

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

/** Imports `text` as the file `export.json` through the History view, and waits for its result. */
async function importFile(page: Page, served: ServedConsole, text: Buffer, records: number): Promise<void> {
  await openConsole(page, served, '#/history');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import a file…' }).click();
  await (await chooser).setFiles({ name: 'export.json', mimeType: 'application/json', buffer: text });
  const counted = records === 1 ? '1 record' : `${records} records`;
  await expect(page.getByTestId('import-result')).toHaveText(`Imported ${counted} from export.json (json).`);
}

/** Writes `events` into a console of their own, exports them with the CLI and imports the file. */
async function importExportOf(page: Page, served: ServedConsole, events: readonly NewEvent[]): Promise<void> {
  const source = mkdtempSync(join(tmpdir(), 'cc-e2e-export-source-'));
  // Outside the data directory: export refuses to write among the console's own files.
  const out = mkdtempSync(join(tmpdir(), 'cc-e2e-export-file-'));
  try {
    writeEvents(source, events);
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
    await importFile(page, served, readFileSync(file), events.length);
  } finally {
    rmSync(source, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  }
}

const at = Date.parse('2026-01-15T10:00:00Z');

test("History marks what an imported record originally was: a replay's, a crafted webhook's", async ({
  page,
  served,
}) => {
  // An export by the CLI, an import and a view: past the 60 s default on a loaded two-core CI.
  test.setTimeout(120_000);
  await importExportOf(page, served, [
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

  const rows = page.getByTestId('history-row');
  await expect(rows).toHaveCount(3);
  const mark = (reference: string) => rows.filter({ hasText: reference }).getByTestId('record-provenance');
  await expect(mark('REF-REPLAY')).toHaveText('imported · originally a replay');
  await expect(mark('REF-CRAFTED')).toHaveText('imported · originally crafted');
  // The service's own record, imported, is an import and nothing more: no file can prove it.
  await expect(mark('REF-SERVICE')).toHaveText('imported');
});

// The Timeline's detail of an imported webhook of the service whose file held no answer said
// "No answer yet." under Response, as if this console were waiting, and its banner "The console
// made or copied it", though this console made nothing: another recorded it, this one read a file.
test("The Timeline's detail of an imported webhook with no answer says the file's, and whose it is", async ({
  page,
  served,
}) => {
  test.setTimeout(120_000);
  // Written as another console exports a webhook it had not answered yet: an export by this
  // console's CLI would first settle its own wait as interrupted (`failed`).
  const file = {
    format: 'checkout-console-history',
    version: 1,
    exportedAt: '2026-01-15T10:05:00Z',
    events: [
      {
        uid: 'origin-e2e-waiting',
        kind: 'webhook',
        at: '2026-01-15T10:00:00Z',
        profile: 'Local',
        method: 'POST',
        path: '/',
        status: null,
        provenance: 'service',
        order_id: ORDER,
        order_reference_id: 'REF-NO-ANSWER',
        event_type: 'order_approved',
        request_body: JSON.stringify({
          order_id: ORDER,
          order_reference_id: 'REF-NO-ANSWER',
          order_number: 'N-1',
          event_type: 'order_approved',
          data: [],
        }),
        // No token came with it, so its verdict is "missing" (an import refuses one that says
        // otherwise of its own bytes).
        token_verdict: 'missing',
        body_verdict: 'event',
      },
    ],
  };
  await importFile(page, served, Buffer.from(JSON.stringify(file)), 1);

  const timeline = new TimelinePage(page);
  await timeline.open();
  await expect(timeline.rows()).toHaveCount(1);
  const [id] = await timeline.shownIds();
  await timeline.openRecord(id ?? 0);
  const detail = timeline.detail();
  await expect(detail.getByTestId('record-status')).toHaveText(IMPORTED_NO_ANSWER_WORD);
  await expect(detail.getByTestId('provenance-note')).toHaveText(
    "Not the service's own: imported from a file" +
      'Read from a file: the console that exported it recorded it, not this one. It never moves an order.',
  );
  await expect(detail.getByTestId('imported-no-answer')).toHaveText(IMPORTED_NO_ANSWER_WORDS);
  await detail.getByRole('tab', { name: 'Response' }).click();
  await expect(detail.getByTestId('response-section')).toHaveText(IMPORTED_NO_ANSWER_WORDS);
});
