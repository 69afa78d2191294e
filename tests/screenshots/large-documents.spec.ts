import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { largeDocument } from '../../bench/large-documents';
import { openConsole } from '../e2e/fixtures/console-test';
import { projectRoot, startServedConsole } from '../e2e/fixtures/serve-process';
import { BuilderPage } from '../e2e/pages/builder-page';
import { shotsFor } from './review-shots';

// docs/builder.md, "Large documents": the builder holding a 5 MB paste, its notice above the
// form. LARGE_SHOTS names a folder to also take the 1 MB and 5 MB documents at every size and
// theme a person checks (as `builder-1mb-1280-dark.png` and so on).
const review = process.env['LARGE_SHOTS'];

test('the builder holding a large document', async ({ page }) => {
  test.setTimeout(600_000);
  const served = await startServedConsole();
  try {
    await openConsole(page, served, '#/builder');
    const documents =
      review === undefined
        ? [{ label: '5mb', size: 5_000_000 }]
        : [
            { label: '1mb', size: 1_000_000 },
            { label: '5mb', size: 5_000_000 },
          ];
    for (const document of documents) {
      const text = largeDocument(document.size);
      await page.setViewportSize({ width: 1440, height: 900 });
      await new BuilderPage(page).pasteFromClipboard(text);
      const items = JSON.parse(text) as { items: unknown[] };
      await expect(page.getByTestId('items-count')).toHaveText(
        `${items.items.length.toLocaleString('en')} items: rows are drawn as you scroll.`,
        { timeout: 60_000 },
      );
      for (const shot of review === undefined
        ? [{ width: 1440, height: 900, scheme: 'light' as const }]
        : shotsFor(review)) {
        await page.setViewportSize({ width: shot.width, height: shot.height });
        await page.emulateMedia({ colorScheme: shot.scheme });
        // The console follows the system's colour scheme until the user picks one in Settings.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.waitForTimeout(300);
        await page.screenshot({
          path:
            review === undefined
              ? join(projectRoot, 'docs', 'images', 'builder-large-document.png')
              : join(review, `builder-${document.label}-${shot.width}-${shot.scheme}.png`),
        });
      }
    }
  } finally {
    await served.stop();
  }
});
