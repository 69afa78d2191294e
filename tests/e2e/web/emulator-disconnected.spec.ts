import { expect, openConsole, test } from '../fixtures/console-test';
import { droppableConnection } from '../fixtures/droppable-connection';

// Browser mode: a tab that lost its connection kept its last "running" badge, with Restart and
// Stop, under the "Disconnected" banner, though the console (and its emulator) may have stopped.

test('a tab that lost its connection does not say the emulator is running, and looks again when it is back', async ({
  page,
  served,
}) => {
  const connection = await droppableConnection(page);
  await openConsole(page, served, '#/emulator');
  const status = page.getByTestId('emulator-status');
  const badge = status.getByTestId('emulator-running');
  await expect(badge).toHaveText('running');
  const url = await status.getByTestId('emulator-url').innerText();

  await connection.drop();
  await expect(page.getByTestId('connection-banner')).toHaveAttribute('data-connection', 'closed');
  await expect(badge).toHaveText('not known');
  await expect(status.getByTestId('emulator-last-known')).toHaveText(
    `This tab lost its connection to the console. Last known: running at ${url} for profile Local.`,
  );
  // Nothing is offered that could not reach the emulator from here.
  await expect(status.getByRole('button')).toHaveCount(0);

  // Meanwhile another tab of this browser (still connected) stops the emulator: the push that
  // says so never reaches the cut-off tab.
  const other = await page.context().newPage();
  await other.goto(`${served.origin}/#/emulator`);
  await expect(other.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  await other.getByTestId('emulator-status').getByRole('button', { name: 'Stop' }).click();
  await expect(other.getByTestId('emulator-running')).toHaveText('stopped');
  await other.close();

  // Back: the tab asks again, and says what is true now.
  await connection.restore();
  await expect(page.getByTestId('connection-banner')).toHaveCount(0, { timeout: 15_000 });
  await expect(badge).toHaveText('stopped');
  await expect(status.getByTestId('emulator-last-known')).toHaveCount(0);
  await expect(status.getByRole('button', { name: 'Start' })).toBeVisible();
  // The empty lists say what is true again: stopped, a send reaches it once it is started.
  await expect(page.getByTestId('emulator-orders-empty')).toContainText(
    'The emulator is stopped: start it above',
  );
  await expect(page.getByTestId('emulator-deliveries-empty')).toContainText('No notifications yet.');
});

test('when serve stops, the emulator is not said to be running', async ({ page, served }) => {
  await openConsole(page, served, '#/emulator');
  const badge = page.getByTestId('emulator-running');
  await expect(badge).toHaveText('running');
  await served.stop();
  await expect(page.getByTestId('connection-banner')).toHaveAttribute('data-connection', 'closed');
  await expect(badge).toHaveText('not known');
  await expect(page.getByTestId('emulator-last-known')).toContainText('Last known: running at http://');
  // The lists under it are what the tab last heard too, and say so.
  await expect(page.getByRole('button', { name: 'Orders (last known: 0)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications (last known: 0)' })).toBeVisible();
  // Empty, they said "Send a checkout to the Local profile… and it appears here" (or, stopped,
  // "start it above"), though nothing sent reaches the console now and nothing is offered here.
  const orders = page.getByTestId('emulator-orders-empty');
  await expect(orders).toHaveText(
    'No orders when this tab last heard from the console. Nothing is known of them right now; the list is read again once the console answers.',
  );
  const deliveries = page.getByTestId('emulator-deliveries-empty');
  await expect(deliveries).toHaveText(
    'No notifications when this tab last heard from the console. Nothing is known of them right now; the list is read again once the console answers.',
  );
});
