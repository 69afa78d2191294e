import type { Locator, Page } from '@playwright/test';
import { expect, openConsole, test } from '../fixtures/console-test';
import { BuilderPage } from '../pages/builder-page';
import { OrdersPage } from '../pages/orders-page';
import { createOrder, payOrder, postNotification } from '../pages/order-flow';
import { JwtPage } from '../pages/jwt-page';
import { TimelinePage } from '../pages/timeline-page';

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
});

/** A sample built in the builder, its merchant URLs on this machine, in `locale`, sent to Local. */
async function sendSample(page: Page, origin: string, locale: 'ar_SA' | 'en_US') {
  const builder = new BuilderPage(page);
  await page.getByRole('button', { name: 'Sample for a country' }).click();
  await page.getByRole('menuitem', { name: 'Saudi Arabia (SA)' }).click();
  await builder.field('Locale', 'Order').fill(locale);
  // Nowhere off this machine: the page redirects to these after the customer's choice.
  for (const [label, outcome] of [
    ['Success URL', 'success'],
    ['Failure URL', 'failure'],
    ['Cancel URL', 'cancel'],
  ] as const)
    await builder.field(label, 'Merchant URLs').fill(`${origin}/?shop=${outcome}`);
  // Left empty, so the console fills in its own listener.
  await builder.field('Notification URL', 'Merchant URLs').fill('');
  await expect(page.getByTestId('error-count')).toHaveText('0 errors');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('created-status')).toHaveText('new');
  const orderId = (await page.getByTestId('created-order_id').textContent()) ?? '';
  const checkoutUrl = (await page.getByTestId('created-checkout_url').textContent()) ?? '';
  const reference = String(((await builder.rawJson()) as { order_reference_id: string }).order_reference_id);
  return { orderId, checkoutUrl, reference };
}

test('the whole lifecycle offline: build, send to Local, pay on the checkout page, authorise, capture', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/builder');
  const { orderId, checkoutUrl, reference } = await sendSample(page, served.origin, 'ar_SA');
  expect(new URL(checkoutUrl).searchParams.get('order_id')).toBe(orderId);
  expect(new URL(checkoutUrl).searchParams.get('locale')).toBe('ar_SA');

  // The hosted page, in Arabic, right to left, with the countdown.
  await page.goto(checkoutUrl);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('#countdown')).toHaveText(/^\d+:\d\d$/);
  await page.getByRole('button', { name: 'ادفع' }).click();
  await expect(page).toHaveURL(`${served.origin}/?shop=success`);

  await page.goto(`${served.origin}/#/orders?id=${orderId}`);
  const orders = new OrdersPage(page);
  await expect(orders.state()).toHaveText('approved');
  // The approval came as a webhook the listener verified.
  await expect(orders.step('approved')).toContainText('by webhook');

  await orders.send('Authorise');
  await orders.closeEditor();
  await expect(orders.state()).toHaveText('authorised');
  await expect(orders.step('authorised')).toContainText('by webhook');

  const answer = await orders.send('Capture');
  await expect(answer.getByTestId('answer-status')).toHaveText('200');
  await orders.closeEditor();
  await expect(orders.state()).toHaveText('fully captured');
  // The webhook, and the emulator's delivery of it listed as a copy.
  const captured = orders.detail().getByTestId('order-record').filter({ hasText: 'order_captured' });
  await expect(captured).toHaveCount(2);
  await expect(orders.row(reference).getByText('fully captured', { exact: true })).toBeVisible();

  // The emulator's own view agrees, and every notification went out.
  await page.getByRole('navigation', { name: 'Main' }).getByText('Emulator', { exact: true }).click();
  await expect(page.getByTestId('emulator-running')).toHaveText('running');
  // By the service's name for it, as its API, `orders` and the Orders view say it.
  await expect(page.locator(`[data-testid="emulator-order"][data-order-id="${orderId}"]`)).toContainText(
    'fully captured',
  );
  await expect(page.locator('[data-testid="emulator-delivery"][data-status="delivered"]')).toHaveCount(3);
});

test('an emulator webhook shows up live with valid; a forged one shows invalid_signature, explained in the inspector', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/builder');
  const first = await sendSample(page, served.origin, 'en_US');
  const second = await sendSample(page, served.origin, 'en_US');

  // The second order signs with a wrong key on purpose (set in the Emulator view).
  await page.goto(`${served.origin}/#/emulator`);
  const secondRow = page.locator(`[data-testid="emulator-order"][data-order-id="${second.orderId}"]`);
  await secondRow.getByRole('button', { name: /^Faults:/ }).click();
  // Main decides: the switch follows once the order's faults are stored.
  await page.getByLabel('Own faults for this order').click();
  await expect(page.getByLabel('Own faults for this order')).toBeChecked();
  await page.getByRole('radiogroup', { name: 'Notification token' }).getByText('wrong signature').click();
  await expect(secondRow.getByRole('button', { name: /^Faults:/ })).toHaveText('Faults: wrong signature');
  await page.keyboard.press('Escape');

  // With the timeline open, the customer pays (the automation endpoint does what the page's button does).
  const timeline = new TimelinePage(page);
  await page.goto(`${served.origin}/#/timeline?kind=webhook`);
  await timeline.expectReady();
  await expect(timeline.rows()).toHaveCount(0);
  const emulator = new URL(first.checkoutUrl).origin;
  // The automation endpoint needs the order's page token (it is in checkout_url) or the API token.
  const pay = async ({ orderId, checkoutUrl }: { orderId: string; checkoutUrl: string }) => {
    const token = new URL(checkoutUrl).searchParams.get('token') ?? '';
    expect(
      (await page.request.post(`${emulator}/_emulator/orders/${orderId}/pay?token=${token}`)).status(),
    ).toBe(200);
  };
  await pay(first);
  await expect(timeline.rows()).toHaveCount(1);
  await expect(timeline.rows().first().getByTestId('token-verdict')).toHaveText('valid');
  await pay(second);
  await expect(timeline.rows()).toHaveCount(2);
  await expect(timeline.rows().first().getByTestId('token-verdict')).toHaveText('invalid_signature');

  // The forged one, opened in the JWT inspector, says why.
  await page.goto(`${served.origin}/#/timeline?kind=webhook&verdict=invalid_signature`);
  await expect(timeline.rows()).toHaveCount(1);
  const forgedId = Number(await timeline.rows().first().getAttribute('data-id'));
  await page.goto(`${served.origin}/#/jwt?event=${forgedId}`);
  await expect(page.getByText(`Arrived with webhook #${forgedId}`)).toBeVisible();
  await expect(new JwtPage(page).verdict()).toHaveAttribute('data-verdict', 'invalid_signature');
  await expect(new JwtPage(page).reason()).toContainText('signed with another key');

  // Its delivery says the emulator signed it wrong on purpose, and which attempt it was: the
  // merchant refusing it is not the merchant's fault.
  await page.goto(`${served.origin}/#/timeline?kind=delivery&order=${second.orderId}`);
  await expect(timeline.rows()).toHaveCount(1);
  await timeline.openRecord(Number(await timeline.rows().first().getAttribute('data-id')));
  await expect(page.getByTestId('delivery-attempt')).toContainText("The emulator's attempt 1/3");
  await expect(page.getByTestId('delivery-faults')).toContainText(
    "Injected by the emulator's faults: wrong signature. The emulator signed its token with a wrong key on purpose",
  );
});

/** Whether a click at the middle of `target` reaches it, and not something drawn over it. */
async function takesClicksAtItsMiddle(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });
}

test('webhooks that arrive while an order editor is open never cover its buttons, and show once it closes', async ({
  page,
  served,
}) => {
  // The narrowest supported window: there the toasts and the editor's buttons share a corner.
  await page.setViewportSize({ width: 1280, height: 800 });
  await openConsole(page, served, '#/builder');
  const order = await createOrder(page, served.origin);
  await payOrder(page, order);
  const { listener, token } = await new JwtPage(page).listenerAndValidToken();
  await page.goto(`${served.origin}/#/orders?id=${order.orderId}`);
  const orders = new OrdersPage(page);
  await expect(orders.state()).toHaveText('approved');
  await orders.action('Authorise').click();
  const editor = orders.editor();
  await expect(editor.getByLabel('URL')).not.toHaveValue('');

  // Two more webhooks about the order the builder follows: toasts stacked in the corner.
  for (const event of ['order_approved', 'order_authorised'])
    await postNotification(listener, token, JSON.stringify({ order_id: order.orderId, event_type: event }));
  const toasts = page.getByTestId('webhook-toast');
  await expect(toasts.filter({ hasText: 'order_authorised' })).toBeVisible();
  expect(await toasts.count()).toBeGreaterThanOrEqual(2);
  // Signed by the JWT inspector: the console's doing, and the toast says so.
  await expect(toasts.filter({ hasText: 'order_authorised' })).toContainText(
    'Webhook (crafted, moves nothing): order_authorised, token valid',
  );

  for (const name of ['Close', 'Send authorise'])
    expect(await takesClicksAtItsMiddle(editor.getByRole('button', { name, exact: true })), name).toBe(true);
  await orders.closeEditor();
  await expect(toasts.filter({ hasText: 'order_authorised' })).toBeVisible();
  expect(await takesClicksAtItsMiddle(toasts.filter({ hasText: 'order_authorised' }))).toBe(true);
});

test('a webhook toast and the answer to a click never cover each other; the builder lists the webhook as the Timeline does', async ({
  page,
  served,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openConsole(page, served, '#/builder');
  const order = await createOrder(page, served.origin);
  await payOrder(page, order);
  const { listener, token } = await new JwtPage(page).listenerAndValidToken();
  await page.goto(`${served.origin}/#/builder`);
  // The emulator's approval again, signed by the JWT inspector, with order_number a number: one finding.
  const crafted = await postNotification(
    listener,
    token,
    JSON.stringify({
      order_id: order.orderId,
      order_reference_id: order.reference,
      order_number: 16,
      event_type: 'order_approved',
      data: [],
    }),
  );
  const webhook = page.getByTestId('webhook-toast').first();
  await expect(webhook).toBeVisible();

  // The answer to a click, while the webhook's toast is up.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('dialog').getByLabel('Draft name').fill('While a webhook came');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  const saved = page.getByText('Saved "While a webhook came"');
  await expect(saved).toBeVisible();
  await expect(webhook).toBeVisible();
  // Webhook toasts sit beneath dialogs (the test above): wait for the name prompt to be gone.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('.mantine-Modal-overlay')).toHaveCount(0);

  const answer = await page.locator('.mantine-Notification-root').filter({ has: saved }).boundingBox();
  expect(answer).not.toBeNull();
  const toasts = page.getByTestId('webhook-toast');
  for (let index = 0; index < (await toasts.count()); index += 1) {
    const box = await toasts.nth(index).boundingBox();
    if (box === null || answer === null) continue;
    const overlap =
      box.x < answer.x + answer.width &&
      answer.x < box.x + box.width &&
      box.y < answer.y + answer.height &&
      answer.y < box.y + box.height;
    expect(
      overlap,
      `webhook toast ${JSON.stringify(box)} and the click's answer ${JSON.stringify(answer)}`,
    ).toBe(false);
  }
  expect(await takesClicksAtItsMiddle(webhook)).toBe(true);

  // Under "The order now", its row wears the chips the Timeline's does: the body's finding
  // counted (never a plain green "event"), and the console's mark.
  await page.getByRole('tab', { name: 'Response' }).click();
  const row = page
    .getByTestId('followed-webhook')
    .filter({ has: page.getByRole('link', { name: `#${crafted}`, exact: true }) });
  await expect(row.getByTestId('body-verdict')).toHaveText('event · 1 finding');
  await expect(row.getByTestId('body-verdict')).toHaveAttribute('data-findings', '1');
  await expect(row.getByTestId('record-provenance')).toHaveText('crafted');

  // The strip over the table writes the approval's time as the table does: it read "06:03:13 PM"
  // over the same record's "18:03:13.739".
  const approved = page
    .getByTestId('followed-order')
    .getByTestId('strip-step-approved')
    .getByRole('link')
    .first();
  const approvedId = ((await approved.getAttribute('href')) ?? '').replace('#/timeline?id=', '');
  const approvedRow = page
    .getByTestId('followed-webhook')
    .filter({ has: page.getByRole('link', { name: `#${approvedId}`, exact: true }) });
  await expect(approvedRow.getByRole('cell').first()).toHaveText((await approved.innerText()).trim());
});
