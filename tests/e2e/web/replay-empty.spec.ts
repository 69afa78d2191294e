import { expect, openConsole, test } from '../fixtures/console-test';

// On a fresh console, Replay's only words were a red alert, "No stored webhook matches; nothing
// to replay.": an error where nothing is wrong, with no way to the first webhook.
test('Replay with no webhook stored yet says so calmly, and where the first one comes from', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/replay');
  const empty = page.getByTestId('replay-empty');
  await expect(empty).toContainText('No webhook stored yet');
  await expect(page.getByTestId('replay-plan-error')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Replay/ })).toBeDisabled();
  await empty.getByRole('link', { name: 'the Builder' }).click();
  await expect(page).toHaveURL(/#\/builder$/);

  // A filter nothing matches says that, as calmly.
  await page.goto(`${served.origin}/#/replay?kind=webhook&q=REF-NOWHERE`);
  await expect(empty).toHaveText('No stored webhook matches the filter.');
  await expect(page.getByTestId('replay-plan-error')).toHaveCount(0);
});
