import { expect, openConsole, test } from '../fixtures/console-test';
import { openEmulatorSettings } from '../pages/emulator-settings';

// What the spec leaves "not shown" about the service's limits and the merchant endpoint's answer
// is a setting with its documented default (docs/defaults.md), shown where the other settings
// where the spec is open are: the largest request body, a rate limit, and which answer counts as
// a delivered notification. They were constants nobody could change (no 429 to test against).

test('the largest request body, the rate limit and what counts as delivered are settings shown at their defaults', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/emulator');
  const settings = await openEmulatorSettings(page, 'Settings: where the spec is open');

  const bodyLimit = settings.getByLabel('Largest request body (bytes)');
  await expect(bodyLimit).toHaveValue('1048576');
  await expect(settings.getByText('default 1 MiB', { exact: false })).toBeVisible();
  const rateLimit = settings.getByLabel('Rate limit (requests a second)');
  await expect(rateLimit).toHaveValue('');
  await expect(rateLimit).toHaveAttribute('placeholder', 'none');
  const delivered = settings.getByRole('radiogroup', { name: 'Counted as delivered' });
  await expect(delivered.getByRole('radio', { name: 'Any 2xx' })).toBeChecked();

  // Changed and saved, they stay as saved.
  await bodyLimit.fill('2048');
  await rateLimit.fill('5');
  await delivered.getByText('200 only').click();
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Emulator settings saved')).toBeVisible();
  await page.reload();
  const reopened = await openEmulatorSettings(page, 'Settings: where the spec is open');
  await expect(reopened.getByLabel('Largest request body (bytes)')).toHaveValue('2048');
  await expect(reopened.getByLabel('Rate limit (requests a second)')).toHaveValue('5');
  await expect(
    reopened
      .getByRole('radiogroup', { name: 'Counted as delivered' })
      .getByRole('radio', { name: '200 only' }),
  ).toBeChecked();
});
