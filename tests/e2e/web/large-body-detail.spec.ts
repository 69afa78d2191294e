import { readFileSync } from 'node:fs';
import { largeNotification } from '../../../bench/large-documents';
import { formatCount } from '../../../src/shared/count-format';
import { expect, openConsole, test as base } from '../fixtures/console-test';
import { startConsoleWith, writeEvents } from '../fixtures/seed-events';
import type { ServedConsole } from '../fixtures/serve-process';

/**
 * A record whose body is about 600 KB of compact JSON: past what the detail draws at first and
 * past what it pretty-prints on the page. Drawn whole, a body this size held the page for a
 * second or more on every tab that showed it (bench/README.md, the record detail row).
 */
const body = largeNotification(600_000);
const pretty = JSON.stringify(JSON.parse(body), null, 2);

const test = base.extend<{ seeded: ServedConsole }>({
  seeded: async ({}, use) => {
    const served = await startConsoleWith((dataDir) =>
      writeEvents(dataDir, [
        {
          kind: 'webhook',
          method: 'POST',
          path: '/hooks',
          url: 'http://127.0.0.1:4455/hooks',
          requestHeaders: [['Content-Type', 'application/json']],
          requestBody: Buffer.from(body),
          status: 200,
          eventType: 'order_approved',
          tokenVerdict: 'valid',
          bodyVerdict: 'event',
          details: { body: { findings: [] } },
        },
      ]),
    );
    await use(served);
    await served.stop();
  },
});

const firstPart = /^Showing the first ([\d,]+) of ([\d,]+) characters\.$/;
// Pretty counts the laid-out text, not the body's: it says so, beside the body's size in bytes.
const firstPrettyPart = /^Showing the first ([\d,]+) of the laid-out text's ([\d,]+) characters\.$/;

test('a large body shows its first part and says so; Show all, Copy and Save give all of it', async ({
  page,
  context,
  seeded,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: seeded.origin });
  await openConsole(page, seeded, '#/timeline?id=1');
  const detail = page.getByTestId('event-detail');
  await detail.getByRole('tab', { name: 'Request' }).click();

  // Pretty: the first part of the printed JSON, said as such, with the whole length.
  const prettyNote = detail.getByTestId('request-body-pretty-part-note');
  await expect(prettyNote).toHaveText(firstPrettyPart);
  const [, shownWords, wholeWords] = firstPrettyPart.exec((await prettyNote.textContent()) ?? '') ?? [];
  expect(wholeWords).toBe(formatCount(pretty.length));
  const drawn = (await detail.getByTestId('request-body-pretty').textContent()) ?? '';
  expect(formatCount(drawn.length)).toBe(shownWords);
  expect(drawn.length).toBeLessThan(pretty.length);
  expect(pretty.startsWith(drawn)).toBe(true);

  // Raw: the first part of the body as it came.
  await detail.getByRole('radiogroup', { name: 'request body view' }).getByText('Raw').click();
  const rawNote = detail.getByTestId('request-body-raw-part-note');
  await expect(rawNote).toHaveText(firstPart);
  await expect(rawNote).toContainText(`of ${formatCount(body.length)} characters.`);
  const rawDrawn = (await detail.getByTestId('request-body-raw').textContent()) ?? '';
  expect(rawDrawn.length).toBeLessThan(body.length);
  expect(body.startsWith(rawDrawn)).toBe(true);

  // Copy puts the whole body on the clipboard, not the part drawn.
  await detail.getByTestId('request-body-raw-part').getByRole('button', { name: 'Copy the body' }).click();
  await expect(
    detail.getByTestId('request-body-raw-part').getByRole('button', { name: 'Copied' }),
  ).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(body);

  // Save writes the whole body to a file named after the record.
  const download = page.waitForEvent('download');
  await detail.getByTestId('request-body-raw-part').getByRole('button', { name: 'Save the body' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('record-1-request-body.json');
  expect(readFileSync(await saved.path(), 'utf8')).toBe(body);

  // Show all draws all of it.
  await detail.getByRole('radiogroup', { name: 'request body view' }).getByText('Pretty').click();
  await detail.getByTestId('request-body-pretty-part').getByRole('button', { name: 'Show all' }).click();
  await expect(prettyNote).toHaveText(`Showing all ${formatCount(pretty.length)} characters.`);
  expect(await detail.getByTestId('request-body-pretty').textContent()).toBe(pretty);
});
