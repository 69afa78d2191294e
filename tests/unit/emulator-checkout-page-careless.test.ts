import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEmulator, validPayload, type EmulatorHarness } from './helpers/emulator-harness';

/**
 * The hosted checkout page under a careless customer: Pay clicked twice, the page open in two
 * tabs. A browser shows whatever the last answer is, so every answer to a button must be a page
 * to go to, never the service's JSON refusal.
 */

let emulator: EmulatorHarness;
beforeEach(async () => {
  emulator = await openEmulator();
});
afterEach(async () => {
  await emulator.dispose();
});

async function newOrder(): Promise<{ orderId: string; token: string; checkoutUrl: string }> {
  const landing = `${emulator.url}/_emulator/merchant`;
  const payload = validPayload(null, {
    locale: 'en_US',
    merchant_url: {
      success: `${landing}/success`,
      failure: `${landing}/failure`,
      cancel: `${landing}/cancel`,
    },
  });
  const { status, json } = await emulator.call('POST', '/checkout', payload);
  expect(status).toBe(200);
  const checkoutUrl = String(json['checkout_url']);
  return {
    orderId: String(json['order_id']),
    token: new URL(checkoutUrl).searchParams.get('token') ?? '',
    checkoutUrl,
  };
}

const press = (orderId: string, action: string, token: string) =>
  fetch(`${emulator.url}/checkout-page/${orderId}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `token=${token}`,
    redirect: 'manual',
  });

describe('the checkout page buttons pressed again', () => {
  it('Pay twice (a double click): the second answer sends the customer where the first did, and nothing moves twice', async () => {
    const { orderId, token } = await newOrder();
    const first = await press(orderId, 'pay', token);
    expect(first.status).toBe(303);
    const second = await press(orderId, 'pay', token);
    expect(second.headers.get('content-type') ?? '').not.toContain('json');
    expect(second.status).toBe(303);
    expect(second.headers.get('location')).toBe(first.headers.get('location'));
    const { json } = await emulator.call('GET', `/merchants/orders/${orderId}`);
    expect(json['status']).toBe('approved');
    const approvals = emulator.core.emulator
      .deliveries(50)
      .filter((delivery) => delivery.orderId === orderId && delivery.eventType === 'order_approved');
    expect(approvals).toHaveLength(1);
  });

  it('Cancel in a second tab after Pay in the first: back to the checkout page, which says the order is approved', async () => {
    const { orderId, token, checkoutUrl } = await newOrder();
    expect((await press(orderId, 'pay', token)).status).toBe(303);
    const late = await press(orderId, 'cancel', token);
    expect(late.status).toBe(303);
    expect(late.headers.get('location')).toBe(checkoutUrl);
    const page = await (await fetch(checkoutUrl)).text();
    expect(page).toContain('data-state="approved"');
    const { json } = await emulator.call('GET', `/merchants/orders/${orderId}`);
    expect(json['status']).toBe('approved');
  });
});
