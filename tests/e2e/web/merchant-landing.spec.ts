import { expect, openConsole, test } from '../fixtures/console-test';
import { OrdersPage } from '../pages/orders-page';

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

/**
 * Issue 16 point 2, in browser mode: a sample sent to Local and paid on the hosted page ends on
 * the local emulator's merchant page, which says what happened and leads back to the order.
 */
test('Pay on the hosted page ends on the local merchant page, which links back to the order', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/builder');
  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('created-status')).toHaveText('new');
  const orderId = (await page.getByTestId('created-order_id').textContent()) ?? '';
  const checkoutUrl = (await page.getByTestId('created-checkout_url').textContent()) ?? '';
  const emulator = new URL(checkoutUrl).origin;

  await page.goto(checkoutUrl);
  // The sample's person decides the page's language; the button is the same either way.
  await page.locator('button[data-action="pay"]').click();

  await expect(page).toHaveURL(new RegExp(`^${emulator}/_emulator/merchant/success\\?`));
  expect(new URL(page.url()).searchParams.get('order_id')).toBe(orderId);
  await expect(page.getByTestId('landing-headline')).toHaveText(
    // Where the notification stands as the page is read: queued, or delivered to the listener already.
    /^Paid: order_approved (queued for http:\/\/127\.0\.0\.1:\d+\S*|delivered to http:\/\/127\.0\.0\.1:\d+\S* \(answered 200, attempt 1\/\d\))$/,
  );
  await expect(page.getByTestId('landing-order-id')).toHaveText(orderId);
  await expect(page.getByTestId('landing-state')).toHaveText('approved');

  await page.getByTestId('landing-console-link').click();
  await expect(page).toHaveURL(`${served.origin}/#/orders?id=${orderId}`);
  const orders = new OrdersPage(page);
  await expect(orders.state()).toHaveText('approved');
  await expect(orders.step('approved')).toContainText('by webhook');
});

/**
 * The hosted checkout page is one of the console's own pages (the merchant page, the sign-in
 * page): in a dark system scheme it is dark too, not a white card in a dark browser.
 */
test('the hosted checkout page and the merchant page after it follow a dark system scheme', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/builder');
  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('created-status')).toHaveText('new');
  const checkoutUrl = (await page.getByTestId('created-checkout_url').textContent()) ?? '';

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(checkoutUrl);
  const card = page.locator('main');
  await expect(card).toHaveCSS('background-color', 'rgb(37, 38, 43)');
  await expect(page.locator('body')).toHaveCSS('color', 'rgb(233, 236, 239)');
  await expect(page.locator('button[data-action="cancel"]')).toHaveCSS('color', 'rgb(233, 236, 239)');

  await page.locator('button[data-action="pay"]').click();
  await expect(page.getByTestId('landing-headline')).toBeVisible();
  await expect(card).toHaveCSS('background-color', 'rgb(37, 38, 43)');
});
