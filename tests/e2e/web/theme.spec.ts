import type { Page } from '@playwright/test';
import { openConsole, test, expect } from '../fixtures/console-test';
import { CommandPalette } from '../pages/command-palette';
import { ProfilesPage } from '../pages/profiles-page';

const scheme = (page: Page) => page.locator('html');

test('the top-bar toggle switches the theme, and main remembers it across reloads and new browsers', async ({
  page,
  served,
  browser,
}) => {
  // The OS says light; "system" (the default) follows it.
  await page.emulateMedia({ colorScheme: 'light' });
  await openConsole(page, served);
  await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light');

  await page.getByTestId('theme-toggle').click();
  await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');

  await page.reload();
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');

  // A second browser context with the session cookie but no local storage: the choice can only
  // come from main's settings table.
  const { cookies } = await page.context().storageState();
  const other = await browser.newContext({ colorScheme: 'light', storageState: { cookies, origins: [] } });
  try {
    const second = await other.newPage();
    await second.goto(`${served.origin}/`);
    await expect(second.locator('#root')).toHaveAttribute('data-app-state', 'ready');
    await expect(scheme(second)).toHaveAttribute('data-mantine-color-scheme', 'dark');
  } finally {
    await other.close();
  }
});

test('Settings and the palette choose system, light or dark', async ({ page, served }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openConsole(page, served, '#/settings');
  const appearance = page.getByRole('radiogroup', { name: 'Appearance' });
  await expect(appearance.getByRole('radio', { name: 'System' })).toBeChecked();
  await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');

  await appearance.getByText('Light', { exact: true }).click();
  await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expect(appearance.getByRole('radio', { name: 'Light' })).toBeChecked();

  const palette = new CommandPalette(page);
  await page.keyboard.press('Control+K');
  await palette.expectOpen();
  await palette.choose('theme dark', 'Theme: dark');
  await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(appearance.getByRole('radio', { name: 'Dark' })).toBeChecked();

  await page.reload();
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
});

test('the live header stays red with white text in both themes', async ({ page, served }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openConsole(page, served);
  await new ProfilesPage(page).switcherButton('Live').click();
  const header = page.locator('header');
  await expect(header).toHaveAttribute('data-live', 'true');
  for (const expected of ['light', 'dark']) {
    await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', expected);
    await expect(header).toHaveCSS('color', 'rgb(255, 255, 255)');
    await expect(header).toHaveCSS('background-color', 'rgb(201, 42, 42)');
    await expect(header.getByRole('radio', { name: /^Local/ })).toHaveCSS('color', 'rgb(255, 255, 255)');
    if (expected === 'light') await page.getByTestId('theme-toggle').click();
  }
});
