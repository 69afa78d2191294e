import type { Locator } from '@playwright/test';
import { expect, openConsole, test as base } from '../fixtures/console-test';
import { seededEvent, writeEvents } from '../fixtures/seed-events';
import type { ServedConsole } from '../fixtures/serve-process';
import { TimelinePage } from '../pages/timeline-page';
import { ORIGINAL_PROVENANCE_KEY } from '../../../src/shared/provenance';

// With a record open at 1280 × 800 the Timeline's rows take the compact layout, and an imported
// row's mark ("imported · originally a replay") kept its whole width while the event beside it
// was cut to "ord…": the mark's words are the row's least, the event its most. The event keeps
// its room now; what gives way first is the mark's "originally …", never its word "imported".

function seed(dataDir: string): void {
  const at = Date.now() - 60_000;
  writeEvents(dataDir, [
    seededEvent(0, at),
    {
      ...seededEvent(1, at + 1000),
      imported: true,
      details: { [ORIGINAL_PROVENANCE_KEY]: 'replay' },
    },
  ]);
}

const test = base.extend<{ seeded: ServedConsole }>({
  seeded: async ({ sharedConsoles }, use) => {
    await use(await sharedConsoles.readOnly(seed));
  },
});

/** Whether `inner`'s box lies inside `outer`'s, sideways (a pixel of rounding allowed). */
async function insideSideways(inner: Locator, outer: Locator): Promise<boolean> {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  if (a === null || b === null) return false;
  return a.x >= b.x - 1 && a.x + a.width <= b.x + b.width + 1;
}

for (const size of [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
]) {
  test(`an imported row's event keeps its room beside its mark with a record open at ${size.width}`, async ({
    page,
    seeded,
  }) => {
    await page.setViewportSize(size);
    const timeline = new TimelinePage(page);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await openConsole(page, seeded, '#/timeline');
      await timeline.expectReady();
      const row = timeline.rows().filter({ has: page.getByTestId('record-provenance') });
      await expect(row).toHaveCount(1);
      await timeline.openRecord(Number(await row.getAttribute('data-id')));

      const cell = row.getByTestId('record-name');
      const mark = cell.getByTestId('record-provenance');
      const event = cell.getByText('order_authorised', { exact: true });
      // Its words stay whole for whoever reads the text or hovers it.
      await expect(mark).toHaveText('imported · originally a replay');
      await expect(mark).toHaveAttribute('title', /imported from a file · originally a replay/);
      await expect(event).toBeVisible();
      // The event is whole inside its cell, and so is the mark's word "imported".
      expect(await insideSideways(event, cell), `${scheme}: the event inside its cell`).toBe(true);
      expect(await insideSideways(mark, cell), `${scheme}: the mark inside its cell`).toBe(true);
      const cut = await event.evaluate((node) => node.scrollWidth > node.clientWidth + 1);
      expect(cut, `${scheme}: the event's own box cuts it`).toBe(false);
      const word = await mark.getByText('imported', { exact: true }).boundingBox();
      expect(word?.width ?? 0, `${scheme}: the word "imported" shown whole`).toBeGreaterThan(30);
    }
  });
}
