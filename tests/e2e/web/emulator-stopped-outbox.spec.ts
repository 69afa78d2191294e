import { expect, openConsole, test } from '../fixtures/console-test';
import { createOrder } from '../pages/order-flow';

// A notification owed while the emulator is stopped: its row said "Next attempt 08:36:55 AM", a
// time already past, as if it were being sent or had been forgotten. It now says when it really
// goes. And Pay on a stopped emulator is refused, as `emulator pay` refuses it: it moved the order
// and queued a notification nothing would send, saying nothing. The notification is owed here by a
// delay fault (Pay, then Stop within it), the one way a move made while running waits.
test('a notification owed while the emulator is stopped says it goes once the emulator runs, then goes; Pay while stopped is refused', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/builder');
  const order = await createOrder(page, served.origin);
  await page.evaluate(() => {
    window.location.hash = '#/emulator';
  });
  const row = page.locator(`[data-testid="emulator-order"][data-order-id="${order.orderId}"]`);
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Start', exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(
    page.getByText(/^Not paid, and nothing changed: the emulator is not running at /),
  ).toBeVisible();
  await expect(row.getByText('new', { exact: true })).toBeVisible();
  await expect(page.getByTestId('emulator-delivery').filter({ hasText: 'order_approved' })).toHaveCount(0);

  // Running, with a delay long enough to stop it before the first attempt.
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeVisible();
  await row.getByRole('button', { name: /^Faults:/ }).click();
  await page.getByLabel('Own faults for this order').click();
  await expect(page.getByLabel('Own faults for this order')).toBeChecked();
  // The order's own (the Settings form below has one of the same name).
  const delay = page.getByRole('dialog').getByLabel('Delay before the first attempt (ms)');
  await delay.fill('8000');
  await delay.press('Tab');
  await expect(row.getByRole('button', { name: /^Faults:/ })).toHaveText('Faults: delay 8000 ms');
  await page.keyboard.press('Escape');
  await row.getByRole('button', { name: 'Pay', exact: true }).click();
  const delivery = page.getByTestId('emulator-delivery').filter({ hasText: 'order_approved' });
  await expect(delivery).toHaveAttribute('data-status', 'pending');
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Start', exact: true })).toBeVisible();
  // Queued, Order, Event, Status, Attempts, Last answer, Next attempt.
  const nextAttempt = delivery.getByRole('cell').nth(6);
  await expect(nextAttempt).toHaveText('once the emulator runs');

  // Started again, it goes: delivered, and the row no longer speaks of a next attempt.
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(delivery).toHaveAttribute('data-status', 'delivered');
  await expect(nextAttempt).toHaveText('—');
});
