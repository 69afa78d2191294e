import { randomBytes } from 'node:crypto';
import { expect, openConsole, test as base } from '../fixtures/console-test';
import { seededEvent, writeEvents } from '../fixtures/seed-events';
import type { ServedConsole } from '../fixtures/serve-process';
import { TimelinePage } from '../pages/timeline-page';

// One hostile record must not break a view for the others: a path of 2,000 characters made the
// History table about 15,000 px wide, every other column off screen for every row; a binary
// body's hex dump wrapped each 16-byte line in the detail pane, its columns no longer aligned.

const LONG_PATH = `/notify/${'p'.repeat(2000)}`;
const BINARY = randomBytes(4096);

function seed(dataDir: string): void {
  const start = Date.now() - 60_000;
  writeEvents(dataDir, [
    seededEvent(0, start),
    {
      ...seededEvent(1, start + 1000),
      kind: 'webhook',
      path: LONG_PATH,
      url: `http://127.0.0.1:4455${LONG_PATH}`,
    },
    {
      ...seededEvent(2, start + 2000),
      kind: 'webhook',
      requestHeaders: [['Content-Type', 'application/octet-stream']],
      requestBody: BINARY,
    },
  ]);
}

const test = base.extend<{ seeded: ServedConsole }>({
  // Every test of this file only reads the seeded records: a worker's tests share one console.
  seeded: async ({ sharedConsoles }, use) => {
    await use(await sharedConsoles.readOnly(seed));
  },
});

test.use({ viewport: { width: 1280, height: 800 } });

test('History: a 2,000-character path is cut to two lines, the whole in its tooltip; no column leaves the screen', async ({
  page,
  seeded,
}) => {
  await openConsole(page, seeded, '#/history');
  const rows = page.getByTestId('history-row');
  await expect(rows).toHaveCount(3);
  const table = page.getByTestId('history-results');
  const { tableWidth, viewport } = await table.evaluate((element) => ({
    tableWidth: element.getBoundingClientRect().width,
    viewport: window.innerWidth,
  }));
  expect(tableWidth).toBeLessThanOrEqual(viewport);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await expect(page.getByTitle(`POST ${LONG_PATH}`)).toHaveCount(1);
  // Every row's verdict column is on screen, and every row takes at most two lines: an order id
  // and its reference broke over four in a squeezed Order column (six rows a screen). Two lines
  // and a half: a chip is a little taller than a line of text.
  const twoLines = await rows.first().evaluate((row) => {
    const style = getComputedStyle(row.querySelector('td') ?? row);
    return (
      2.5 * parseFloat(style.lineHeight) + parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) + 2
    );
  });
  for (const row of await rows.all()) {
    const box = await row.locator('td').last().boundingBox();
    expect((box?.x ?? Infinity) + (box?.width ?? 0)).toBeLessThanOrEqual(1280);
    expect((await row.boundingBox())?.height ?? Infinity).toBeLessThanOrEqual(twoLines);
  }
});

test('a binary body’s hex dump keeps one line for each 16 bytes in the detail pane', async ({
  page,
  seeded,
}) => {
  await openConsole(page, seeded, '#/timeline');
  const timeline = new TimelinePage(page);
  await expect(timeline.rows()).toHaveCount(3);
  const id = Number(await timeline.rows().first().getAttribute('data-id'));
  await timeline.openRecord(id);
  await page.getByRole('tab', { name: 'Request' }).click();
  const dump = page.getByTestId('request-body-hex');
  await expect(dump).toBeVisible();
  const { height, lines, lineHeight } = await dump.evaluate((element) => ({
    height: element.scrollHeight,
    lines: (element.textContent ?? '').split('\n').length,
    lineHeight: parseFloat(getComputedStyle(element).lineHeight),
  }));
  expect(lines).toBe(4096 / 16);
  // Padding aside, as tall as its lines: none of them wrapped.
  expect(height).toBeLessThan((lines + 2) * lineHeight);
});
