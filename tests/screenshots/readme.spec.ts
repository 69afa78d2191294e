import { join } from 'node:path';
import { test } from '@playwright/test';
import { openConsole } from '../e2e/fixtures/console-test';
import { projectRoot, startServedConsole } from '../e2e/fixtures/serve-process';

const out = (name: string) => join(projectRoot, 'docs', 'images', name);

test('profiles', async ({ page }) => {
  const served = await startServedConsole();
  try {
    await openConsole(page, served, '#/profiles');
    await page.screenshot({ path: out('profiles.png') });
  } finally {
    await served.stop();
  }
});
