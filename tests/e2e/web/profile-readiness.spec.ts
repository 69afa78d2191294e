import { expect, openConsole, test } from '../fixtures/console-test';
import { ProfilesPage } from '../pages/profiles-page';

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
});

test('a profile that cannot work says so in the list and the top bar, and Send says what to set', async ({
  page,
  served,
}) => {
  await openConsole(page, served);
  const profiles = new ProfilesPage(page);

  // Local works out of the box: no warning in the top bar.
  await expect(page.getByTestId('active-profile-needs-setup')).toHaveCount(0);

  // Sandbox starts on a placeholder address with no token: flagged in the list.
  await profiles.open();
  const list = page.getByRole('navigation', { name: 'Profiles' });
  const row = (name: string) =>
    list.locator(':scope > *').filter({ has: page.getByText(name, { exact: true }) });
  await expect(row('Sandbox').getByTestId('profile-needs-setup')).toBeVisible();
  await expect(row('Local').getByTestId('profile-needs-setup')).toHaveCount(0);
  await profiles.profileInList('Sandbox').click();
  await expect(page.getByTestId('profile-setup-alert')).toContainText('base URL');
  await expect(page.getByTestId('profile-setup-alert')).toContainText('API token');

  // Active, it is flagged in the top bar, and Send refuses before anything goes out.
  await profiles.switcherButton('Sandbox').click();
  await expect(page.getByTestId('active-profile-needs-setup')).toHaveAccessibleName(
    'Sandbox needs setup: Set its base URL and API token',
  );
  await page.getByRole('navigation', { name: 'Main' }).getByText('Builder', { exact: true }).click();
  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  await page.keyboard.press('ControlOrMeta+Enter');
  const refusal = page.getByTestId('send-error');
  await expect(refusal).toContainText('Sandbox is not set up, so nothing was sent');
  await expect(refusal).toContainText('placeholder');
  await expect(refusal).not.toContainText('ENOTFOUND');
  await refusal.getByRole('button', { name: 'Open the profile' }).click();
  await expect(page.getByTestId('profile-setup-alert')).toBeVisible();
});

test('a stopped emulator is shown in the builder for Local, with a button that starts it', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/emulator');
  await expect(page.getByTestId('emulator-running')).toHaveText('running');
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByText('Builder', { exact: true }).click();
  const notice = page.getByTestId('emulator-stopped');
  await expect(notice).toContainText('The local emulator is stopped');
  await notice.getByRole('button', { name: 'Start the emulator' }).click();
  await expect(notice).toHaveCount(0);
});

test('a profile without an API token asks before a send: Escape stays, "Set the token" opens the profile', async ({
  page,
  served,
}) => {
  await openConsole(page, served);
  const profiles = new ProfilesPage(page);
  await profiles.open();
  await page.getByRole('button', { name: 'New profile' }).click();
  const form = profiles.form();
  await form.getByLabel('Name').fill('No token yet');
  // Nothing listens there: the test never sends.
  await form.getByLabel('Base URL').fill('http://127.0.0.1:9');
  await form.getByRole('button', { name: 'Create profile' }).click();
  await expect(profiles.profileInList('No token yet')).toBeVisible();
  await profiles.switcherButton('No token yet').click();

  await page.getByRole('navigation', { name: 'Main' }).getByText('Builder', { exact: true }).click();
  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  const ask = page.getByRole('dialog', { name: 'Send without an API token?' });
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(ask).toBeVisible();
  // Closed without a choice: nothing sent, and the builder stays.
  await page.keyboard.press('Escape');
  await expect(ask).toHaveCount(0);
  await expect(page).toHaveURL(/#\/builder/);
  await expect(page.getByTestId('send-response')).toHaveCount(0);

  await page.keyboard.press('ControlOrMeta+Enter');
  await ask.getByRole('button', { name: 'Set the token' }).click();
  await expect(page).toHaveURL(/#\/profiles/);
  await expect(profiles.form().getByLabel('Name')).toHaveValue('No token yet');
});
