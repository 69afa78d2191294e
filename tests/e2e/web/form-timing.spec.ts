import { openConsole, test, expect } from '../fixtures/console-test';
import { ProfilesPage } from '../pages/profiles-page';

// The Listener form judged a field only on leaving it: a wrong value said nothing while typed,
// and its error stayed in view after the value was put right, until the field was left again.
// The app's forms judge as typed (from a field's first edit), as the builder does.
test('the listener form judges a field as it is typed, and its error goes as soon as it is corrected', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/listener');
  const form = page.getByRole('form', { name: 'Listener settings' });
  const forward = form.getByLabel('Forward to');
  await forward.fill('not a url');
  await expect(forward).toBeFocused();
  await expect(forward).toHaveAttribute('aria-invalid', 'true');
  await forward.fill('http://127.0.0.1:3000/webhooks');
  await expect(forward).toBeFocused();
  await expect(forward).not.toHaveAttribute('aria-invalid', 'true');

  const status = form.getByLabel('Response status');
  await status.fill('99');
  await expect(status).toBeFocused();
  await expect(form.getByText('The response status must be between 200 and 599')).toBeVisible();
  await status.fill('503');
  await expect(form.getByText('The response status must be between 200 and 599')).toHaveCount(0);
});

// The profile form judged only on Save; it now follows the same timing as the other forms.
test('the profile form judges a field as it is typed, from its first edit', async ({ page, served }) => {
  await openConsole(page, served, '#/profiles');
  const profiles = new ProfilesPage(page);
  await profiles.profileInList('Sandbox').click();
  const baseUrl = profiles.form().getByLabel('Base URL');
  await baseUrl.fill('ftp://files.example.test');
  await expect(baseUrl).toBeFocused();
  await expect(profiles.form().getByText('The base URL must be an http:// or https:// URL')).toBeVisible();
  await baseUrl.fill('https://ok.example.test');
  await expect(profiles.form().getByText('The base URL must be an http:// or https:// URL')).toHaveCount(0);
});
