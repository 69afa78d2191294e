import { join } from 'node:path';
import { test } from '@playwright/test';
import { openConsole } from '../e2e/fixtures/console-test';
import { projectRoot, startServedConsole } from '../e2e/fixtures/serve-process';
import { shotsFor } from './review-shots';

// docs/browser-mode.md: the page a spent sign-in link opens. REENTRY_SHOTS names a folder to
// also take it at every size and theme a person checks.
const review = process.env['REENTRY_SHOTS'];

test('the page a spent sign-in link opens', async ({ page, browser }) => {
  const served = await startServedConsole();
  try {
    await openConsole(page, served);
    for (const shot of review === undefined
      ? [{ width: 1280, height: 800, scheme: 'light' as const }]
      : shotsFor(review)) {
      const context = await browser.newContext({
        viewport: { width: shot.width, height: shot.height },
        colorScheme: shot.scheme,
      });
      const lost = await context.newPage();
      await lost.goto(served.launchUrl);
      await lost.getByTestId('sign-in-page').waitFor();
      const name = `browser-mode-link-used-${shot.width}x${shot.height}-${shot.scheme}.png`;
      await lost.screenshot({
        path:
          review === undefined
            ? join(projectRoot, 'docs', 'images', 'browser-mode-link-used.png')
            : join(review, name),
      });
      await context.close();
    }
  } finally {
    await served.stop();
  }
});
