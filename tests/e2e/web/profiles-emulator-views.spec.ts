import { expect, openConsole, test } from '../fixtures/console-test';
import { expectAfterClick, expectPanelOpened, noteClicks } from '../fixtures/clicks-seen';
import { expectToast, noteToasts } from '../fixtures/toasts-seen';
import { ProfilesPage } from '../pages/profiles-page';
import { openEmulatorSettings } from '../pages/emulator-settings';

// The Profiles and Emulator views: layout at 1280 × 800 (assertions where one is natural) and the emulator's settings.

test('at 1280 a profile with three badges shows its whole base URL', async ({ page, served }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openConsole(page, served, '#/profiles');
  const profiles = new ProfilesPage(page);
  await profiles.switcherButton('Sandbox').click();
  const list = page.getByRole('navigation', { name: 'Profiles' });
  const sandbox = list.locator('.mantine-NavLink-root').filter({ hasText: 'Sandbox' });
  await expect(sandbox.locator('.mantine-Badge-root')).toHaveText(['needs setup', 'active', 'sandbox']);
  const address = sandbox.locator('.mantine-NavLink-description [title]');
  await expect(address).toHaveText('https://api-sandbox.example.com');
  // Whole: nothing of it is hidden behind an ellipsis.
  expect(await address.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
});

// Stopped, with no orders, the emulator said "Send a checkout to the Local profile (the Builder's
// Send) and it appears here": it does not while the emulator is stopped. One stop and start shows
// what the status says and what the empty list says.
test('the stopped emulator says what it will do once started, Start is the primary button, and its empty list says a send will not reach it until it is started', async ({
  page,
  served,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openConsole(page, served, '#/emulator');
  const status = page.getByTestId('emulator-status');
  const empty = page.getByTestId('emulator-orders-empty');
  await expect(status.getByTestId('emulator-running')).toHaveText('running');
  await expect(empty).toContainText("Send a checkout to the Local profile (the Builder's Send)");
  await expect(status.getByRole('button', { name: 'Restart' })).toHaveAttribute('data-variant', 'light');
  await status.getByRole('button', { name: 'Stop' }).click();
  await expect(status.getByTestId('emulator-running')).toHaveText('stopped');
  await expect(status).toContainText('once started');
  await expect(status).not.toContainText('is accepted');
  await expect(status.getByRole('button', { name: 'Start' })).toHaveAttribute('data-variant', 'filled');
  await expect(empty).toContainText('The emulator is stopped: start it above');
  await expect(empty).not.toContainText('it appears here');
  await status.getByRole('button', { name: 'Start' }).click();
  await expect(status.getByTestId('emulator-running')).toHaveText('running');
  await expect(status.getByTestId('emulator-profile')).toContainText('its API token is accepted');
  await expect(empty).toContainText("Send a checkout to the Local profile (the Builder's Send)");
});

test('the registered webhook is set in the Emulator view: too long a URL is refused naming it, a good one is kept', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/emulator');
  await openEmulatorSettings(page, 'Settings: where the spec is open');
  const settings = page.getByTestId('emulator-spec-settings');
  const url = settings.getByLabel('Registered webhook URL');
  await url.fill(`https://hooks.example/${'x'.repeat(260)}`);
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText(/at most 255 characters/)).toBeVisible();
  await url.fill('https://hooks.example/merchant');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Emulator settings saved')).toBeVisible();
  await page.reload();
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  await openEmulatorSettings(page, 'Settings: where the spec is open');
  await expect(page.getByTestId('emulator-spec-settings').getByLabel('Registered webhook URL')).toHaveValue(
    'https://hooks.example/merchant',
  );
});

test("the registered webhook's headers: a refused name says why on its field, a saved value is only ever shown masked", async ({
  page,
  served,
}) => {
  const key = 'mk_live_7f3a9c2e41b8d6f0aa55';
  await openConsole(page, served, '#/emulator');
  await openEmulatorSettings(page, 'Settings: where the spec is open');
  const headers = page.getByTestId('registered-webhook-headers');
  await expect(headers).toContainText('None registered');
  await expectPanelOpened(headers);
  await noteClicks(page);
  await headers.getByRole('button', { name: 'Add header' }).click();
  await expectAfterClick(page, headers.getByLabel('Header 1 name'));
  await headers.getByLabel('Header 1 name').fill('Authorization');
  await expect(headers.getByText('Authorization is set by the delivery itself')).toBeVisible();
  await headers.getByLabel('Header 1 name').fill('X-Api-Key');
  await headers.getByLabel('X-Api-Key value').fill(key);
  const settings = page.getByTestId('emulator-spec-settings');
  // Once (CI, 1 run in 5) no "saved" toast came and the form stayed as typed: what came instead
  // is named if it happens again.
  await noteToasts(page);
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expectToast(page, 'Emulator settings saved');
  await expect(headers.getByLabel('X-Api-Key value (masked)')).toHaveText('••••aa55');
  // Nothing of the value is on the page, in the field or out of it; nor after a reload.
  await expect(page.locator('body')).not.toContainText(key);
  expect(await page.content()).not.toContain(key);
  await page.reload();
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  await openEmulatorSettings(page, 'Settings: where the spec is open');
  await expect(
    page.getByTestId('registered-webhook-headers').getByLabel('X-Api-Key value (masked)'),
  ).toHaveText('••••aa55');
  expect(await page.content()).not.toContain(key);
});

test('registered headers that main would refuse stop the Save on their fields, in words, not field paths', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/emulator');
  await openEmulatorSettings(page, 'Settings: where the spec is open');
  const headers = page.getByTestId('registered-webhook-headers');
  // Clicked while the panel was still opening, Add header once took focus but added no row (CI,
  // in about 1 run in 5, this test and the one above together; never reproduced here, 30 of 30
  // under load): the panel is waited for until it has finished opening, and a row that still
  // does not appear fails naming the presses and clicks the page received.
  await expect(headers).toContainText('None registered');
  await expectPanelOpened(headers);
  await noteClicks(page);
  await headers.getByRole('button', { name: 'Add header' }).click();
  await expectAfterClick(page, headers.getByLabel('Header 1 name'));
  await headers.getByLabel('Header 1 name').fill('X-Api-Key');
  // No URL is registered: the headers are kept, and said to go nowhere yet.
  await expect(headers.getByTestId('headers-without-url')).toContainText('No webhook URL is registered');
  // An empty value is not an error while typing; Save makes it one, on its field.
  await expect(headers.getByText("Enter the header's value")).toHaveCount(0);
  await page.getByTestId('emulator-spec-settings').getByRole('button', { name: 'Save settings' }).click();
  await expect(
    page.getByText('Not saved: a registered header is not valid (its field says why).'),
  ).toBeVisible();
  await expect(headers.getByText("Enter the header's value")).toBeVisible();
  await expect(page.getByText(/webhookHeaders\[/)).toHaveCount(0);
  await expect(page.getByText('Emulator settings saved')).toHaveCount(0);
  await page.getByLabel('Registered webhook URL').fill('https://merchant.example/hooks');
  await expect(headers.getByTestId('headers-without-url')).toHaveCount(0);
});
