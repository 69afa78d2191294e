import { expect, test } from '@playwright/test';
import { openConsole } from '../e2e/fixtures/console-test';
import { startServedConsole } from '../e2e/fixtures/serve-process';
import { screenshotTaker } from './review-shots';
import { JwtPage } from '../e2e/pages/jwt-page';
import {
  capturedOrder,
  capturedWebhookId,
  createOrder,
  editedCapture,
  foreignCurrencyCapture,
  payOrder,
  postNotification,
  replayEdited,
  signedAsTheService,
} from '../e2e/pages/order-flow';
import { OrdersPage } from '../e2e/pages/orders-page';
import { TimelinePage } from '../e2e/pages/timeline-page';

// The views issue 14 changed: an order with a replay beside it and a contradicting webhook, the
// operation editor after a send without Authorization, the JWT inspector on an edited copy of
// a record's token, and a webhook's Request tab. TRUTH_SHOTS=dir takes every size and theme
// there (for review); otherwise the docs pictures.
const review = process.env['TRUTH_SHOTS'];
const shoot = screenshotTaker(review);

test('truthful views: orders, operation editor, JWT inspector, a webhook’s Request tab', async ({ page }) => {
  test.setTimeout(300_000);
  const served = await startServedConsole();
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openConsole(page, served, '#/builder');
    const order = await capturedOrder(page, served.origin);
    const orders = new OrdersPage(page);
    const orderUrl = `${served.origin}/#/orders?id=${order.orderId}`;

    // The console's replay of the capture, edited, and a verified webhook in another currency.
    const timeline = new TimelinePage(page);
    const captureId = await capturedWebhookId(page, served.origin, order.orderId);
    await replayEdited(page, served.origin, captureId, editedCapture(order.orderId, order.reference));
    // Signed as the service signs: a token from the JWT inspector is crafted, and moves nothing.
    const token = await signedAsTheService(page, served.origin);
    await page.goto(`${served.origin}/#/listener`);
    const jwt = new JwtPage(page);
    const listener = await jwt.listenerUrl();
    const webhookId = await postNotification(listener, token, foreignCurrencyCapture(order));

    await shoot(page, 'orders-provenance', async () => {
      await page.goto(orderUrl);
      await expect(orders.findings()).toHaveCount(1);
    });
    if (review)
      await shoot(page, 'orders-records', async () => {
        await orders.records('crafted').scrollIntoViewIfNeeded();
      });

    // A second order, authorised without Authorization: 401, and the button now asks first.
    await page.goto(`${served.origin}/#/builder`);
    const second = await createOrder(page, served.origin);
    await payOrder(page, second);
    await page.goto(`${served.origin}/#/orders?id=${second.orderId}`);
    await expect(orders.state()).toHaveText('approved');
    const editor = await orders.sendWithoutAuthorization('Authorise');
    await shoot(page, 'operation-editor-negative', async () => {
      await expect(editor.getByRole('button', { name: 'Send again' })).toBeVisible();
    });
    await orders.closeEditor();

    await page.goto(`${served.origin}/#/jwt?event=${webhookId}`);
    await page.getByRole('button', { name: 'Edit a copy' }).click();
    await page.getByRole('textbox', { name: 'Token' }).fill(`${token.slice(0, -2)}AA`);
    await expect(jwt.verdict()).toHaveText('invalid_signature');
    await shoot(
      page,
      'jwt-inspector-edited',
      async () => {
        await page.getByRole('heading', { name: 'JWT inspector' }).scrollIntoViewIfNeeded();
      },
      review !== undefined,
    );

    await page.goto(`${served.origin}/#/timeline?id=${webhookId}`);
    await expect(timeline.detail()).toHaveAttribute('data-id', String(webhookId));
    await timeline.detail().getByRole('tab', { name: 'Request' }).click();
    await shoot(page, 'webhook-request', async () => {
      await expect(timeline.detail().getByTestId('request-section')).toContainText('Bearer ••••');
    });
  } finally {
    await served.stop();
  }
});
