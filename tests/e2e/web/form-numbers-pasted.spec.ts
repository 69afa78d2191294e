import type { Locator, Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { openConsole, test, expect } from '../fixtures/console-test';
import { cliPath, type ServedConsole } from '../fixtures/serve-process';
import { ProfilesPage } from '../pages/profiles-page';

// A number pasted into a form's number box was rewritten as it went in and the rewrite saved:
// `44,056` in Listener port became 44 ("Saved profile"), `1.5e3` in Response delay became 1.
// Each box keeps what was pasted, says under it what is wrong in main's words (as
// `profiles set --listener-port 8080.5` does), and Save saves nothing.

const run = promisify(execFile);

/** Pastes `text` into `box` as Ctrl+V does: from the clipboard, over what it held. */
async function paste(page: Page, box: Locator, text: string): Promise<void> {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await box.selectText();
  await page.keyboard.press('Control+V');
}

async function listedProfile(served: ServedConsole, name: string): Promise<unknown> {
  const { stdout } = await run(process.execPath, [
    cliPath,
    '--data-dir',
    served.dataDir,
    'profiles',
    'list',
    '--json',
  ]);
  const listed = JSON.parse(stdout) as { name: string }[];
  return listed.find((profile) => profile.name === name);
}

test.beforeEach(async ({ context, served }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: served.origin });
});

test('a profile refuses a pasted port or lifetime that is not a whole number, as pasted, and saves nothing', async ({
  page,
  served,
}) => {
  const stored = await listedProfile(served, 'Local');
  await openConsole(page, served, '#/profiles');
  const profiles = new ProfilesPage(page);
  await profiles.profileInList('Local').click();
  const form = profiles.form();
  const port = form.getByLabel('Listener port');
  const minutes = form.getByLabel('Signed token lifetime (minutes)');
  const save = form.getByRole('button', { name: 'Save profile' });
  // Each says its default, as the Listener view's settings do.
  await expect(port).toHaveAccessibleDescription(
    'Local webhook listener; 0 picks a free port (default 4455).',
  );
  await expect(minutes).toHaveAccessibleDescription('For tokens the console signs (default 15).');

  await paste(page, port, '44,056');
  await expect(port).toHaveValue('44,056');
  await expect(
    form.getByText('The listener port must be a whole number (not "44,056")', { exact: true }),
  ).toBeVisible();
  await save.click();
  await expect(port).toBeFocused();
  await expect(port).toHaveValue('44,056');

  await paste(page, port, '8080.5');
  await expect(port).toHaveValue('8080.5');
  await expect(
    form.getByText('The listener port must be a whole number (not "8080.5")', { exact: true }),
  ).toBeVisible();

  await paste(page, minutes, '2e2');
  await expect(minutes).toHaveValue('2e2');
  await expect(
    form.getByText('The token lifetime must be a number of minutes, written in decimal digits (not "2e2")', {
      exact: true,
    }),
  ).toBeVisible();
  await save.click();
  await expect(port).toBeFocused();
  await expect(port).toHaveValue('8080.5');
  await expect(minutes).toHaveValue('2e2');
  await expect(page.getByText(/Saved profile/)).toHaveCount(0);
  expect(await listedProfile(served, 'Local')).toEqual(stored);

  // Put right, the box saves what was typed.
  await paste(page, port, '44056');
  await paste(page, minutes, '200');
  await save.click();
  await expect(page.getByText('Saved profile "Local"')).toBeVisible();
  expect(await listedProfile(served, 'Local')).toEqual(
    expect.objectContaining({ listenerPort: 44056, signedTokenMinutes: 200 }),
  );
});

test('the listener settings refuse a pasted delay that is not in decimal digits, as pasted, and save nothing', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/listener');
  const form = page.getByRole('form', { name: 'Listener settings' });
  const delay = form.getByLabel('Response delay (ms)');
  const save = form.getByRole('button', { name: 'Save listener settings' });
  await expect(delay).toHaveValue('0');

  await paste(page, delay, '1.5e3');
  await expect(delay).toHaveValue('1.5e3');
  await expect(
    form.getByText('The response delay must be a number, written in decimal digits (not "1.5e3")', {
      exact: true,
    }),
  ).toBeVisible();
  await save.click();
  await expect(delay).toBeFocused();
  await expect(delay).toHaveValue('1.5e3');

  await paste(page, delay, '2.5s');
  await expect(delay).toHaveValue('2.5s');
  await expect(
    form.getByText('The response delay must be a number (not "2.5s")', { exact: true }),
  ).toBeVisible();
  await save.click();
  await expect(delay).toBeFocused();
  await expect(page.getByText('Listener settings saved')).toHaveCount(0);

  await page.reload();
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  await expect(form.getByLabel('Response delay (ms)')).toHaveValue('0');

  await paste(page, form.getByLabel('Response delay (ms)'), '1500');
  await save.click();
  await expect(page.getByText('Listener settings saved')).toBeVisible();
  await page.reload();
  await expect(form.getByLabel('Response delay (ms)')).toHaveValue('1500');
});
