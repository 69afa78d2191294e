import { expect, openConsole, test } from '../fixtures/console-test';
import { closeToasts } from '../fixtures/toasts-seen';
import { ProfilesPage } from '../pages/profiles-page';

// Local's listener port set to one already taken (here the console's own serve port) and saved:
// the Profiles form said only the green 'Saved profile "Local"'. The listener had not started;
// only the Listener view and the Builder said so, not the screen where the port was chosen.
test('a listener port already taken is said at the Profiles form when saved, and clears once a free one is saved', async ({
  page,
  served,
}) => {
  await openConsole(page, served);
  const profiles = new ProfilesPage(page);
  await profiles.open();
  const form = page.getByRole('form', { name: 'Edit profile Local' });
  const port = form.getByLabel('Listener port');
  const notRunning = form.getByTestId('profile-listener-not-running');
  const toasts = page.locator('.mantine-Notification-root');
  const taken = `Port ${served.port} is already in use by another program`;

  await port.fill(String(served.port));
  await form.getByRole('button', { name: 'Save profile' }).click();
  // The save's own notice is a warning, in the Listener view's words, not a green success alone.
  const saved = toasts.filter({ hasText: 'Saved profile "Local"' });
  await expect(saved).toContainText('its listener is not running');
  await expect(saved).toContainText(taken);
  await expect(saved).toHaveAttribute('style', /--notification-color: var\(--mantine-color-orange/);
  // And at the field, for as long as it holds.
  await expect(notRunning).toContainText(taken);
  await closeToasts(page);

  // A profile whose listener this console does not run is not checked by starting it.
  await profiles.profileInList('Sandbox').click();
  const sandbox = page.getByRole('form', { name: 'Edit profile Sandbox' });
  await sandbox.getByLabel('Listener port').fill(String(served.port));
  await sandbox.getByRole('button', { name: 'Save profile' }).click();
  const sandboxSaved = toasts.filter({ hasText: 'Saved profile "Sandbox"' });
  await expect(sandboxSaved).toBeVisible();
  await expect(sandboxSaved).not.toContainText('listener');
  await expect(sandbox.getByTestId('profile-listener-not-running')).toHaveCount(0);
  await closeToasts(page);

  // A free port saved: the listener starts, and the words go.
  await profiles.profileInList('Local').click();
  await port.fill('0');
  await form.getByRole('button', { name: 'Save profile' }).click();
  const savedFree = toasts.filter({ hasText: 'Saved profile "Local"' });
  await expect(savedFree).toBeVisible();
  await expect(savedFree).not.toContainText('listener');
  await expect(savedFree).toHaveAttribute('style', /--notification-color: var\(--mantine-color-green/);
  await expect(notRunning).toHaveCount(0);
});
