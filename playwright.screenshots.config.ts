import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './tests/e2e/fixtures/chromium-launch';

// `npm run screenshots`: regenerates the manual's pictures (docs/images) from the real UI.
export default defineConfig({
  testDir: 'tests/screenshots',
  workers: 1,
  // A picture generator, not a test suite: one flow (the README's quick start) feeds every view's
  // picture, and it has to finish on a busy shared machine too.
  timeout: 180_000,
  use: {
    browserName: 'chromium',
    viewport: { width: 1400, height: 860 },
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs(),
    },
  },
});
