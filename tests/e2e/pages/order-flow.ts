import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { projectRoot } from '../fixtures/serve-process';
import { BuilderPage } from './builder-page';

export interface CreatedOrder {
  orderId: string;
  checkoutUrl: string;
  reference: string;
  /** The emulator's origin (`http://127.0.0.1:PORT`). */
  emulator: string;
}

/**
 * A valid general-form request whose total is `104.1 SAR` written as the number 104.1 (one
 * decimal, so every view has to add the second), expiring in 1440 minutes, with the merchant
 * URLs on this machine and the notification URL left for the console to fill in.
 */
export function checkoutPayload(origin: string, reference: string): Record<string, unknown> {
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
  payload['expires_in_minutes'] = 1440;
  payload['order_reference_id'] = reference;
  payload['merchant_url'] = {
    success: `${origin}/?shop=success`,
    failure: `${origin}/?shop=failure`,
    cancel: `${origin}/?shop=cancel`,
  };
  return payload;
}

/** Puts `payload` in the builder's raw JSON, as a paste would. */
export async function importPayload(page: Page, payload: unknown): Promise<void> {
  await new BuilderPage(page).pasteRaw(JSON.stringify(payload, null, 2));
}

/** Sends that request from the builder to the Local emulator; the page must show a fresh builder. */
export async function createOrder(page: Page, origin: string): Promise<CreatedOrder> {
  const reference = `REF-TRUTH-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  await importPayload(page, checkoutPayload(origin, reference));
  await expect(page.getByTestId('error-count')).toHaveText('0 errors');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('created-status')).toHaveText('new');
  const orderId = (await page.getByTestId('created-order_id').textContent()) ?? '';
  const checkoutUrl = (await page.getByTestId('created-checkout_url').textContent()) ?? '';
  return { orderId, checkoutUrl, reference, emulator: new URL(checkoutUrl).origin };
}

/** What the hosted page's Pay button does, through the emulator's automation endpoint. */
export async function payOrder(page: Page, order: CreatedOrder): Promise<void> {
  const response = await page.request.post(`${order.emulator}/_emulator/orders/${order.orderId}/pay`);
  expect(response.status()).toBe(200);
}
