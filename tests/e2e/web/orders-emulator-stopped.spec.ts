import { expect, openConsole, test } from '../fixtures/console-test';
import { OrdersPage } from '../pages/orders-page';
import { createOrder, payOrder } from '../pages/order-flow';

// With the emulator stopped from the Emulator view, an order's follow-up editor on the Local
// profile offered Send as if something would answer, and the send ended in "no answer
// (Connection refused …)". It says the emulator is stopped first, with the builder's Start.
test('the follow-up editor says a stopped emulator before a send, and its Start lets the send through', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/builder');
  const order = await createOrder(page, served.origin);
  await payOrder(page, order);
  // The approved notification goes out after pay answers; Stop cancels an attempt still in
  // flight and keeps it owed until the next start, so the order is approved only once it landed.
  const orders = new OrdersPage(page);
  await page.goto(`${served.origin}/#/orders?id=${order.orderId}`);
  await expect(orders.state()).toHaveText('approved');
  await page.goto(`${served.origin}/#/emulator`);
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.getByTestId('emulator-running')).toHaveText('stopped');

  await page.goto(`${served.origin}/#/orders?id=${order.orderId}`);
  await expect(orders.state()).toHaveText('approved');
  await orders.action('Authorise').click();
  const notice = orders.editor().getByTestId('emulator-stopped');
  await expect(notice).toContainText('The local emulator is stopped');
  await notice.getByRole('button', { name: 'Start the emulator' }).click();
  await expect(notice).toHaveCount(0);
  await orders.editor().getByRole('button', { name: 'Send authorise' }).click();
  await expect(orders.editor().getByTestId('operation-answer').getByTestId('answer-status')).toHaveText(
    '200',
  );
});
