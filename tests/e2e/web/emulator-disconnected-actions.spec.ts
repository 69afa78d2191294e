import { expect, openConsole, test } from '../fixtures/console-test';
import { droppableConnection } from '../fixtures/droppable-connection';
import { createOrder } from '../pages/order-flow';

// Browser mode: cut off from the console, the Emulator view's rows still offered Pay, Decline,
// Cancel, Expire, the faults editor and "Legacy approved", and both settings forms their Save,
// though nothing made while the socket is down is sent. Each now says why it is not available;
// the rows stay shown, as last known.
const CUT_OFF =
  'Not available while this tab is cut off from the console: nothing can be sent from here until it answers again.';

test('cut off from the console, the Emulator view offers nothing that would send, and says why', async ({
  page,
  served,
}) => {
  const connection = await droppableConnection(page);
  await openConsole(page, served, '#/builder');
  const order = await createOrder(page, served.origin);
  await page.evaluate(() => {
    window.location.hash = '#/emulator';
  });
  const row = page.locator(`[data-testid="emulator-order"][data-order-id="${order.orderId}"]`);
  const pay = row.getByRole('button', { name: 'Pay', exact: true });
  await expect(pay).toBeEnabled();
  const expires = row.getByRole('cell').nth(3); // Expires
  await expect(expires).toHaveText(/^in \d+ minutes?$/);

  await connection.drop();
  await expect(page.getByTestId('connection-banner')).toHaveAttribute('data-connection', 'closed');
  // The row is still shown, as what was last heard.
  await expect(row).toContainText(order.reference);
  // Its expiry as a time, not a countdown that would say "expired" of an order perhaps paid since.
  // An expiry on another day than today's (a run near midnight) says the day above the clock, and
  // one in another year (a run on New Year's Eve) its year too: 'at Jan 01, 2027, 00:13:46.523'.
  await expect(expires).toHaveText(/^at ([A-Z][a-z]{2} \d{2}, (\d{4}, )?)?\d{2}:\d{2}/);
  for (const name of ['Pay', 'Decline', 'Cancel', 'Expire'])
    await expect(row.getByRole('button', { name, exact: true })).toBeDisabled();
  await pay.hover();
  await expect(page.getByRole('tooltip')).toHaveText(CUT_OFF);
  // A click sends nothing and says no failure: it is not offered.
  await pay.click({ force: true });
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);

  // The faults last heard stay in the label; the editor that would send each change does not open.
  const faults = row.getByRole('button', { name: 'Faults: emulator defaults' });
  await expect(faults).toBeDisabled();
  await faults.click({ force: true });
  await expect(page.getByText('Own faults for this order')).toHaveCount(0);
  await expect(row.getByRole('switch', { name: 'Legacy approved' })).toBeDisabled();

  for (const [section, form] of [
    ['Settings: retries and faults', 'emulator-retries-settings'],
    ['Settings: where the spec is open', 'emulator-spec-settings'],
  ] as const) {
    await page.getByRole('button', { name: section }).click();
    const save = page.getByTestId(form).getByRole('button', { name: 'Save settings' });
    await expect(save).toBeDisabled();
    await save.hover();
    await expect(page.getByRole('tooltip')).toHaveText(CUT_OFF);
  }

  // Back: offered again, and they work.
  await connection.restore();
  await expect(page.getByTestId('connection-banner')).toHaveCount(0, { timeout: 15_000 });
  await expect(pay).toBeEnabled();
  await expect(expires).toHaveText(/^in \d+ minutes?$/);
  await expect(faults).toBeEnabled();
  await expect(
    page.getByTestId('emulator-retries-settings').getByRole('button', { name: 'Save settings' }),
  ).toBeEnabled();
  await pay.click();
  await expect(row.getByText('approved', { exact: true })).toBeVisible();
  await expect(pay).toBeDisabled();
});
