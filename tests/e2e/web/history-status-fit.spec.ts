import { expect, openConsole, test as base } from '../fixtures/console-test';
import { seededEvent, startConsoleWith, writeEvents } from '../fixtures/seed-events';
import type { ServedConsole } from '../fixtures/serve-process';
import { textContrasts } from '../pages/text-contrast';

const test = base.extend<{ seeded: ServedConsole }>({
  seeded: async ({}, use) => {
    const start = Date.now() - 60_000;
    const served = await startConsoleWith((dataDir) =>
      writeEvents(dataDir, [
        // As the tester's: long references and a request that failed, beside the delivery.
        { ...seededEvent(1, start), status: 200, orderReferenceId: 'ORD-20261203-140552-2YMEXQ7K' },
        { ...seededEvent(3, start + 500), status: null, error: 'ECONNREFUSED', orderId: null },
        // A long path (a capture's) takes the Request column's whole width.
        {
          ...seededEvent(10, start + 700),
          status: 200,
          path: '/checkout/3c2d4365-dd2b-4b93-bfca-1b767ce3a455/capture',
        },
        // A delivery the emulator dropped: its record reads "not sent".
        {
          ...seededEvent(4, start + 1000),
          status: null,
          details: { dropped: true },
          orderReferenceId: 'ORD-20261203-140135-M9HD3QZP',
        },
      ]),
    );
    await use(served);
    await served.stop();
  },
});

// t74: at 1280 "not sent" broke onto two lines in History's Status column, and read faint in dark.
test('History says "not sent" on one line, and readably in the dark', async ({ page, seeded }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await openConsole(page, seeded, '#/history');
    const status = page
      .getByTestId('history-row')
      .getByTestId('record-status')
      .filter({ hasText: 'not sent' });
    await expect(status).toHaveCount(1);
    const lines = await status.evaluate(
      (node) => new Set([...node.getClientRects()].map((rect) => rect.top)).size,
    );
    expect(lines, `${scheme}: "not sent" lines`).toBe(1);
    const [contrast] = await textContrasts(status);
    // As the statuses beside it read (readable-colors.ts: 6:1 or more in the dark), not as a hint.
    expect(contrast?.ratio, `${scheme}: ${JSON.stringify(contrast)}`).toBeGreaterThanOrEqual(6);
  }
});
