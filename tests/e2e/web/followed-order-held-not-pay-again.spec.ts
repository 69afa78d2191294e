import { expect, openConsole, test } from '../fixtures/console-test';
import { closeToasts } from '../fixtures/toasts-seen';
import { openEmulatorSettings } from '../pages/emulator-settings';
import { createOrder, payOrder } from '../pages/order-flow';

// An order paid while the emulator drops every notification: the Builder's "The order now" said
// the emulator holds it as approved and its notification was never sent (dropped by a fault),
// and directly under that "No webhook yet. Pay on the checkout page", asking to pay an order
// already paid, which cannot bring the webhook. The note that says why none came is the one
// truth shown.
test('an order paid with its notification dropped says why no webhook came, and not to pay it again', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/emulator');
  const retries = await openEmulatorSettings(page, 'Settings: retries and faults');
  await retries.getByLabel('Drop').check();
  await retries.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Emulator settings saved')).toBeVisible();
  await closeToasts(page);

  await page.evaluate(() => {
    window.location.hash = '#/builder';
  });
  const order = await createOrder(page, served.origin);
  const followed = page.getByTestId('followed-order');
  // Before it is paid, paying is the way to a webhook, and the panel says so.
  await expect(followed.getByTestId('followed-webhooks-empty')).toContainText('Pay on the checkout page');

  await payOrder(page, order);
  await expect(followed.getByTestId('followed-order-emulator-state')).toContainText(
    /The emulator holds this order as approved; its notification was never sent \(#\d+: dropped by its fault injection\)/,
  );
  await expect(followed.getByTestId('followed-webhooks-empty')).toHaveCount(0);
  await expect(followed.getByText('Pay on the checkout page')).toHaveCount(0);
});
