import { join } from 'node:path';
import { test } from '@playwright/test';
import { openConsole } from '../e2e/fixtures/console-test';
import { projectRoot, startServedConsole } from '../e2e/fixtures/serve-process';

const out = (name: string) => join(projectRoot, 'docs', 'images', name);

// docs/emulator-fidelity.md: the emulator's settings where the spec is open, and the local
// merchant page a paid sample lands on.
test('emulator settings and merchant page', async ({ page }) => {
  test.setTimeout(120_000);
  const served = await startServedConsole();
  try {
    await openConsole(page, served, '#/builder');
    await page.getByRole('button', { name: 'Sample for a country' }).click();
    await page.getByRole('menuitem', { name: 'Saudi Arabia (SA)' }).click();
    await page.keyboard.press('ControlOrMeta+Enter');
    await page.getByTestId('created-status').filter({ hasText: 'new' }).waitFor();
    const checkoutUrl = (await page.getByTestId('created-checkout_url').textContent()) ?? '';
    await page.goto(`${served.origin}/#/emulator`);
    await page.getByRole('button', { name: 'Settings: where the spec is open' }).click();
    await page
      .getByTestId('emulator-spec-settings')
      .getByRole('button', { name: 'Save settings' })
      .scrollIntoViewIfNeeded();
    await page.getByTestId('emulator-spec-settings').screenshot({ path: out('emulator-spec-settings.png') });
    await page.goto(checkoutUrl);
    await page.locator('button[data-action="pay"]').click();
    await page.getByTestId('landing-headline').waitFor();
    await page.locator('main').screenshot({ path: out('emulator-merchant-page.png') });
  } finally {
    await served.stop();
  }
});
