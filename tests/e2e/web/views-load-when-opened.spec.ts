import { expect, openConsole, test } from '../fixtures/console-test';
import { CommandPalette } from '../pages/command-palette';
import { JwtPage } from '../pages/jwt-page';

// Each view's code arrives when the view is first opened (src/renderer/src/app/lazy-view.tsx).

test('Ctrl+K finds a draft before the Builder was ever opened, and opens it there', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/builder');
  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('dialog').getByLabel('Draft name').fill('Found from Settings');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('draft-name')).toHaveText('Found from Settings');

  // A fresh page on Settings: the Builder's code is not loaded, its palette source is.
  await page.evaluate(() => {
    window.location.hash = '#/settings';
  });
  await page.reload();
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  await expect(page.getByRole('heading', { name: 'Settings' }).first()).toBeVisible();

  const palette = new CommandPalette(page);
  await page.keyboard.press('Control+K');
  await palette.expectOpen();
  await palette.choose('Found from Settings', /Found from Settings/);
  await expect(page).toHaveURL(/#\/builder/);
  await expect(page.getByTestId('draft-name')).toHaveText('Found from Settings');
});

test('a view whose code cannot be fetched says so, and opens when tried again', async ({ page, served }) => {
  await openConsole(page, served, '#/settings');
  // As if the server were away: the page's scripts do not arrive until it is back.
  let away = true;
  await page.route('**/assets/*.js', (route) => (away ? route.abort('connectionrefused') : route.continue()));

  await page.getByRole('navigation', { name: 'Main' }).getByText('JWT inspector', { exact: true }).click();
  const failure = page.getByRole('alert').filter({ hasText: 'This view could not be opened' });
  await expect(failure).toBeVisible();
  // The shell stays: another view already loaded still opens.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  away = false;
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'JWT inspector' })).toBeVisible();
  await expect(failure).toHaveCount(0);
  // It is not left half-loaded: opened again later, it is there at once.
  await page.getByRole('navigation', { name: 'Main' }).getByText('Settings', { exact: true }).click();
  await new JwtPage(page).open();
});
