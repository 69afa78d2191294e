import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { projectRoot } from '../fixtures/serve-process';
import { closeToasts } from '../fixtures/toasts-seen';
import { BuilderPage } from './builder-page';
import { OrdersPage } from './orders-page';
import { ProfilesPage } from './profiles-page';
import { TimelinePage } from './timeline-page';

export interface CreatedOrder {
  orderId: string;
  checkoutUrl: string;
  reference: string;
  /** The emulator's origin (`http://127.0.0.1:PORT`). */
  emulator: string;
}

/**
 * A valid general-form request whose total is `104.1 SAR` written as the number 104.1 (one
 * decimal, so every view has to add the second), with the merchant URLs on this machine and the
 * notification URL left for the console to fill in. No expiry: the emulator ignores one by
 * default (with the expiry_ignored warning); `extra` adds one where a test honours it.
 */
export function checkoutPayload(
  origin: string,
  reference: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const payload = JSON.parse(
    readFileSync(join(projectRoot, 'tests', 'fixtures', 'general-valid.json'), 'utf8'),
  ) as Record<string, unknown> & { items: Record<string, unknown>[] };
  const [item] = payload.items;
  if (item === undefined) throw new Error('The fixture has no item');
  item['total_amount'] = { amount: 100.1, currency: 'SAR' };
  item['unit_price'] = { amount: 100.1, currency: 'SAR' };
  item['quantity'] = 1;
  delete item['tax_amount'];
  delete item['discount_amount'];
  payload.items = [item];
  delete payload['discount'];
  payload['tax_amount'] = { amount: 4, currency: 'SAR' };
  payload['shipping_amount'] = { amount: 0, currency: 'SAR' };
  payload['total_amount'] = { amount: 104.1, currency: 'SAR' };
  payload['order_reference_id'] = reference;
  payload['merchant_url'] = {
    success: `${origin}/?shop=success`,
    failure: `${origin}/?shop=failure`,
    cancel: `${origin}/?shop=cancel`,
  };
  return { ...payload, ...extra };
}

/** Puts `payload` in the builder's raw JSON, as a paste would. */
export async function importPayload(page: Page, payload: unknown): Promise<void> {
  await new BuilderPage(page).pasteRaw(JSON.stringify(payload, null, 2));
}

/** Sends that request from the builder to the Local emulator; the page must show a fresh builder. */
export async function createOrder(
  page: Page,
  origin: string,
  extra: Record<string, unknown> = {},
): Promise<CreatedOrder> {
  const reference = `REF-TRUTH-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  await importPayload(page, checkoutPayload(origin, reference, extra));
  await expect(page.getByTestId('error-count')).toHaveText('0 errors');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('created-status')).toHaveText('new');
  // Settled before the caller reads or clicks: the order's strip arrives a moment after the
  // answer, and keeps its room while it loads (the layout specs guard that), so this waits for
  // its content, not for the page to stop moving. The reference, new, is this order's alone:
  // said by the answer (send-again-hint), nothing above the form.
  await expect(page.getByTestId('send-response').getByTestId('lifecycle-strip')).toBeVisible();
  await expect(page.getByTestId('send-response').getByTestId('send-again-hint')).toBeVisible();
  const orderId = (await page.getByTestId('created-order_id').textContent()) ?? '';
  const checkoutUrl = (await page.getByTestId('created-checkout_url').textContent()) ?? '';
  return { orderId, checkoutUrl, reference, emulator: new URL(checkoutUrl).origin };
}

/**
 * What the hosted page's Pay button does, through the emulator's automation endpoint, with the
 * order's page token that checkout_url carries.
 */
export async function payOrder(page: Page, order: CreatedOrder): Promise<void> {
  const token = new URL(order.checkoutUrl).searchParams.get('token') ?? '';
  const response = await page.request.post(
    `${order.emulator}/_emulator/orders/${order.orderId}/pay?token=${encodeURIComponent(token)}`,
  );
  expect(response.status()).toBe(200);
}

/** The body the issue replayed: a capture with a 3-decimal amount, an unknown currency, no UUID. */
export const editedCapture = (orderId: string, reference: string) =>
  JSON.stringify({
    order_id: orderId,
    order_reference_id: reference,
    order_number: reference,
    event_type: 'order_captured',
    data: { capture_id: 'not-a-uuid', captured_amount: { amount: '1.999', currency: 'XYZ' } },
  });

/**
 * POSTs one notification to the console's listener with `token` in both places, as the service
 * would (from outside the page: no console cookie rides along); returns its record id.
 */
export async function postNotification(
  listener: string,
  token: string | null,
  body: string,
): Promise<number> {
  const query = token === null ? '' : `?serviceToken=${token}`;
  const response = await fetch(`${listener}/notify${query}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
    },
    body,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: number }).id;
}

/** Replays record `id` to this console's listener with `body` typed into the editor. */
export async function replayEdited(page: Page, origin: string, id: number, body: string): Promise<void> {
  await page.goto(`${origin}/#/replay?ids=${id}`);
  await expect(page.getByTestId('replay-plan')).toContainText('1 send to http://127.0.0.1:');
  await page.getByLabel('Edit the body (the stored original is never changed)').click();
  await page.locator('.cm-content').last().click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(body);
  // The webhooks of an order the builder follows are toasts over Replay 1 for 8 s each.
  await closeToasts(page);
  await page.getByRole('button', { name: /^Replay 1$/ }).click();
  await expect(page.getByTestId('replay-progress')).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('replay-count')).toHaveText('1 of 1 sent');
}

/** An order created, paid, authorised and captured in full from the Orders view; left open there. */
export async function capturedOrder(page: Page, origin: string): Promise<CreatedOrder> {
  const order = await createOrder(page, origin);
  await payOrder(page, order);
  const orders = new OrdersPage(page);
  await page.goto(`${origin}/#/orders?id=${order.orderId}`);
  await expect(orders.state()).toHaveText('approved');
  await orders.send('Authorise');
  await orders.closeEditor();
  await orders.send('Capture');
  await orders.closeEditor();
  await expect(orders.state()).toHaveText('fully captured');
  return order;
}

/** The listener's record of the service's order_captured for `orderId`. */
export async function capturedWebhookId(page: Page, origin: string, orderId: string): Promise<number> {
  const timeline = new TimelinePage(page);
  await page.goto(`${origin}/#/timeline?kind=webhook&order=${orderId}&event=order_captured`);
  await expect(timeline.rows()).toHaveCount(1);
  return Number(await timeline.rows().first().getAttribute('data-id'));
}

/** A capture of the order reported in AED: the service contradicting a SAR order. */
export const foreignCurrencyCapture = (order: CreatedOrder) =>
  JSON.stringify({
    order_id: order.orderId,
    order_reference_id: order.reference,
    order_number: order.reference,
    event_type: 'order_captured',
    data: { capture_id: randomUUID(), captured_amount: { amount: '5.00', currency: 'AED' } },
  });

/** The Local profile's notification token once `signedAsTheService` has set it. */
const SERVICE_SECRET = 'e2e-the-service-notification-token-0001';

/**
 * A token signed as the service signs one: with the Local profile's notification token, set to a
 * known value through the Profiles form, by this test rather than by the console. A token the
 * console signs (the JWT inspector) is remembered and marks its webhook crafted, so it can no
 * longer stand in for the service's.
 */
export async function signedAsTheService(page: Page, origin: string): Promise<string> {
  await page.goto(`${origin}/#/profiles`);
  const profiles = new ProfilesPage(page);
  await profiles.profileInList('Local').click();
  await profiles.setSecret('Notification token', SERVICE_SECRET);
  // Webhooks of the test's order are toasts over Save profile (8 s each, queued): the click
  // waited them out, 7 s of a test, where a person closes them.
  await closeToasts(page);
  await profiles.form().getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Saved profile "Local"')).toBeVisible();
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode(SERVICE_SECRET));
}
