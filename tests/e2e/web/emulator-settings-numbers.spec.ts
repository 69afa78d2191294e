import { expect, openConsole, test } from '../fixtures/console-test';
import { openEmulatorSettings } from '../pages/emulator-settings';

// The Emulator view's retry settings: each number box keeps what was typed and says under it
// what is wrong; Save is not offered until they are right, and says why. A box that emptied
// itself on "abc", showed blank while its last number stood (a save then said "Nothing
// changed"), or turned 0 into 1 on leaving it, saved something nobody typed.

test('the retry settings keep bad numbers as typed, say what is wrong under each, and hold Save with the reason', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/emulator');
  await openEmulatorSettings(page, 'Settings: retries and faults');
  const retries = page.getByTestId('emulator-retries-settings');
  const save = retries.getByRole('button', { name: 'Save settings' });

  const timeout = retries.getByLabel('Timeout per attempt (ms)');
  await timeout.fill('abc');
  await expect(timeout).toHaveValue('abc');
  await expect(
    retries.getByText('"abc" is not a number: enter a whole number from 100 to 120,000'),
  ).toBeVisible();
  await expect(save).toBeDisabled();
  await save.hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'Correct Timeout per attempt (ms) first: it says what is wrong under it.',
  );

  const attempts = retries.getByLabel('Attempts per notification');
  await attempts.fill('0');
  await attempts.blur();
  await expect(attempts).toHaveValue('0');
  await expect(retries.getByText('0 is below 1: enter a whole number from 1 to 20')).toBeVisible();

  const hold = retries.getByLabel('Out-of-order hold (ms)');
  await hold.fill('');
  await expect(hold).toHaveValue('');
  await expect(retries.getByText('Empty: enter a whole number from 0 to 600,000')).toBeVisible();

  const delay = retries.getByLabel('Delay before the first attempt (ms)');
  await delay.fill('1.5');
  await expect(
    retries.getByText('1.5 is not a whole number: enter a whole number from 0 to 600,000'),
  ).toBeVisible();

  await save.hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'Correct Attempts per notification, Timeout per attempt (ms), Out-of-order hold (ms), Delay before the first attempt (ms) first: each says what is wrong under it.',
  );
  await save.click({ force: true });
  await expect(page.getByText('Nothing changed: there is nothing to save')).toHaveCount(0);

  // Corrected, they save what was typed.
  await attempts.fill('4');
  await timeout.fill('5000');
  await hold.fill('0');
  await delay.fill('250');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Emulator settings saved')).toBeVisible();
  await page.reload();
  await openEmulatorSettings(page, 'Settings: retries and faults');
  await expect(retries.getByLabel('Attempts per notification')).toHaveValue('4');
  await expect(retries.getByLabel('Timeout per attempt (ms)')).toHaveValue('5000');
  await expect(retries.getByLabel('Out-of-order hold (ms)')).toHaveValue('0');
  await expect(retries.getByLabel('Delay before the first attempt (ms)')).toHaveValue('250');
});
