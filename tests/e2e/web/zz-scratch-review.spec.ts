import { expect, openConsole, test } from '../fixtures/console-test';
import { BuilderPage } from '../pages/builder-page';

test('review shots', async ({ page, served }) => {
  test.setTimeout(120_000);
  for (const [w, h] of [[1280, 800], [1440, 900]] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: w, height: h });
      await openConsole(page, served, '#/builder');
      const builder = new BuilderPage(page);
      await builder.chooseForm('Education');
      await page.waitForTimeout(300);
      await page.screenshot({ path: `/tmp/shots/r-builder-edu-${w}-${scheme}.png` });
      await page.goto(`${served.origin}/#/replay`);
      await page.waitForTimeout(500);
      await page.screenshot({ path: `/tmp/shots/r-replay-${w}-${scheme}.png` });
      await page.goto(`${served.origin}/#/emulator`);
      await page.getByRole('button', { name: 'Settings: where the spec is open' }).click();
      const headers = page.getByTestId('registered-webhook-headers');
      if (w === 1280 && scheme === 'light') {
        await headers.getByRole('button', { name: 'Add header' }).click();
        await headers.getByLabel('Header 1 name').fill('X-Api-Key');
        await headers.getByLabel('X-Api-Key value').fill('mk_live_7f3a9c2e41b8d6f0aa55');
        await headers.getByRole('button', { name: 'Add header' }).click();
        await headers.getByLabel('Header 2 name').fill('Host');
        await page.getByTestId('emulator-spec-settings').getByRole('button', { name: 'Save settings' }).click();
        await page.waitForTimeout(500);
        await headers.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `/tmp/shots/r-headers-refused-${w}-${scheme}.png` });
        await headers.getByRole('button', { name: /Remove/ }).last().click();
        await page.getByTestId('emulator-spec-settings').getByRole('button', { name: 'Save settings' }).click();
        await expect(page.getByText('Emulator settings saved')).toBeVisible();
      }
      await headers.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/shots/r-headers-${w}-${scheme}.png` });
      await page.goto(`${served.origin}/#/listener`);
      await page.waitForTimeout(500);
      await page.screenshot({ path: `/tmp/shots/r-listener-${w}-${scheme}.png` });
    }
  }
});
