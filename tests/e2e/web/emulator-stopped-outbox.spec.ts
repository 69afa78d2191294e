import { expect, openConsole, test } from '../fixtures/console-test';
import { createOrder } from '../pages/order-flow';

// A customer paid while the emulator was stopped: the order_approved it owes is held until the
// emulator runs again, yet its row said "Next attempt 08:36:55 AM", a time already past, as if
// it were being sent or had been forgotten. It now says when it really goes.
test('a notification owed while the emulator is stopped says it goes once the emulator runs, then goes', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/builder');
  const order = await createOrder(page, served.origin);
  await page.evaluate(() => {
    window.location.hash = '#/emulator';
  });
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Start', exact: true })).toBeVisible();

  const row = page.locator(`[data-testid="emulator-order"][data-order-id="${order.orderId}"]`);
  await row.getByRole('button', { name: 'Pay', exact: true }).click();
  const delivery = page.getByTestId('emulator-delivery').filter({ hasText: 'order_approved' });
  await expect(delivery).toHaveAttribute('data-status', 'pending');
  // Queued, Order, Event, Status, Attempts, Last answer, Next attempt.
  const nextAttempt = delivery.getByRole('cell').nth(6);
  await expect(nextAttempt).toHaveText('once the emulator runs');

  // Started again, it goes: delivered, and the row no longer speaks of a next attempt.
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(delivery).toHaveAttribute('data-status', 'delivered');
  await expect(nextAttempt).toHaveText('—');
});
