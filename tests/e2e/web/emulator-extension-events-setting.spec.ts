import { expect, openConsole, test } from '../fixtures/console-test';
import { openEmulatorSettings } from '../pages/emulator-settings';

// The spec leaves event types beyond its three "not shown"; whether the emulator sends them to a
// checkout request's own notification URL was a silent choice ("—" in docs/defaults.md). It is
// a switch under Settings: where the spec is open, on by default, kept when saved.

test("events beyond the spec to the request's notification URL: on by default, switched off and kept", async ({
  page,
  served,
}) => {
  const name = "Events beyond the spec to the request's notification URL";
  await openConsole(page, served, '#/emulator');
  const spec = await openEmulatorSettings(page, 'Settings: where the spec is open');
  const toggle = spec.getByRole('switch', { name });
  await expect(toggle).toBeChecked();
  await toggle.uncheck();
  await spec.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Emulator settings saved')).toBeVisible();
  await page.reload();
  const reopened = await openEmulatorSettings(page, 'Settings: where the spec is open');
  await expect(reopened.getByRole('switch', { name })).not.toBeChecked();
});
