import { expect, openConsole, test } from '../fixtures/console-test';
import { openEmulatorSettings } from '../pages/emulator-settings';

// docs/defaults.md named "Emulator → Settings" as where the issuer of the tokens the emulator
// signs is changed, but no box there set it: it existed only in the schema. The retries and
// faults settings hold it, checked by the schema main checks with.

test('the token issuer is set under Settings: retries and faults, an empty one held with the reason', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/emulator');
  await openEmulatorSettings(page, 'Settings: retries and faults');
  const retries = page.getByTestId('emulator-retries-settings');
  const save = retries.getByRole('button', { name: 'Save settings' });
  const issuer = retries.getByLabel('Token issuer (iss)');
  await expect(issuer).toHaveValue('checkout-emulator');

  await issuer.fill('   ');
  await expect(retries.getByText('The token issuer must not be empty')).toBeVisible();
  await expect(save).toBeDisabled();

  await issuer.fill('merchant-sandbox-issuer');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Emulator settings saved')).toBeVisible();
  await page.reload();
  await openEmulatorSettings(page, 'Settings: retries and faults');
  await expect(retries.getByLabel('Token issuer (iss)')).toHaveValue('merchant-sandbox-issuer');
});
