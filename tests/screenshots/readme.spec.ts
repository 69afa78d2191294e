import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { openConsole } from '../e2e/fixtures/console-test';
import { projectRoot, startServedConsole } from '../e2e/fixtures/serve-process';

const out = (name: string) => join(projectRoot, 'docs', 'images', name);

test('builder', async ({ page }) => {
  const served = await startServedConsole();
  try {
    await openConsole(page, served, '#/builder');
    await page.getByRole('button', { name: 'Sample for a country' }).click();
    await page.getByRole('menuitem', { name: 'Saudi Arabia (SA)' }).click();
    // Two deliberate mistakes, to show what the findings look like.
    const form = page.getByRole('form', { name: 'Checkout session request' });
    await form.getByRole('combobox', { name: 'Country', exact: true }).first().fill('AE');
    await form.getByRole('textbox', { name: 'Description', exact: true }).fill('');
    await page.getByTestId('error-count').filter({ hasText: '2 errors' }).waitFor();
    await page.screenshot({ path: out('builder.png') });
  } finally {
    await served.stop();
  }
});

test('profiles', async ({ page }) => {
  const served = await startServedConsole();
  try {
    await openConsole(page, served, '#/profiles');
    await page.screenshot({ path: out('profiles.png') });
  } finally {
    await served.stop();
  }
});

test('command palette', async ({ page }) => {
  const served = await startServedConsole();
  try {
    await page.emulateMedia({ colorScheme: 'dark' });
    await openConsole(page, served, '#/profiles');
    await page.keyboard.press('Control+K');
    await page.getByRole('dialog', { name: 'Command palette' }).getByRole('combobox').fill('pro');
    await page.getByRole('option', { name: /^Sandbox/ }).waitFor();
    // Let the modal finish fading in.
    await expect(page.getByRole('dialog', { name: 'Command palette' })).toHaveCSS('opacity', '1');
    await expect(page.locator('.mantine-Modal-overlay')).toHaveCSS('opacity', '1');
    await page.screenshot({ path: out('command-palette.png') });
  } finally {
    await served.stop();
  }
});
