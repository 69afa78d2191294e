import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, openConsole, test } from '../fixtures/console-test';

/** An NDJSON history file of about 10 MB: 2,000 records with 5 KB bodies. */
function writeLargeHistory(dir: string): { path: string; records: number; bytes: number } {
  const records = 2000;
  const lines = Array.from({ length: records }, (_, n) =>
    JSON.stringify({
      uid: `large-import-${n}`,
      kind: 'webhook',
      at: new Date(1_700_000_000_000 + n * 1000).toISOString(),
      method: 'POST',
      path: '/hooks',
      order_reference_id: `BIG-${n}`,
      request_body: JSON.stringify({ order_reference_id: `BIG-${n}`, note: 'x'.repeat(5000) }),
      status: 200,
    }),
  );
  const text = `${lines.join('\n')}\n`;
  const path = join(dir, 'large-history.ndjson');
  writeFileSync(path, text);
  return { path, records, bytes: Buffer.byteLength(text) };
}

test('importing a 10 MB history file from browser mode: all of it, and the console stays up', async ({
  page,
  served,
}) => {
  const file = writeLargeHistory(served.dataDir);
  expect(file.bytes).toBeGreaterThan(10_000_000);
  await openConsole(page, served, '#/history');
  await expect(page.getByTestId('history-empty')).toBeVisible();
  await page.locator('input[type=file]').setInputFiles(file.path);
  await expect(page.getByTestId('import-result')).toHaveText(
    'Imported 2,000 records from large-history.ndjson (ndjson).',
    { timeout: 30_000 },
  );
  await expect(page.getByTestId('history-count')).toHaveText('2,000 matching records');
  // The same console answers on: a reload comes back ready with the records.
  await page.reload();
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  await expect(page.getByTestId('history-count')).toHaveText('2,000 matching records');
  expect(served.output()).not.toMatch(/Error|Unhandled/);
});
