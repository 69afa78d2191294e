import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEmulator, validPayload, type EmulatorHarness } from './helpers/emulator-harness';

/**
 * The authorise answer's order_expiry_time (the official client makes it a DateTime) was the
 * unpaid checkout's expiry, created + 30 minutes, already past for an order authorised later,
 * though the emulator never expires an authorised order. It is now the time of authorisation
 * plus a setting's days (the spec shows neither the field nor how long an authorisation lasts).
 */

let emulator: EmulatorHarness;
beforeEach(async () => {
  emulator = await openEmulator();
});
afterEach(async () => {
  await emulator.dispose();
});

async function authorise(): Promise<{ expiry: number; at: number; checkoutExpiry: number }> {
  const { json } = await emulator.call('POST', '/checkout', validPayload(null));
  const orderId = String(json['order_id']);
  const order = emulator.core.store.emulatorOrders.get(orderId);
  await emulator.call('POST', `/_emulator/orders/${orderId}/pay?token=${order?.pageToken ?? ''}`);
  const at = Date.now();
  const answer = await emulator.call('POST', `/orders/${orderId}/authorise`);
  return {
    expiry: Date.parse(String(answer.json['order_expiry_time'])),
    at,
    checkoutExpiry: order?.expiresAtMs ?? 0,
  };
}

const DAY = 86_400_000;

describe('order_expiry_time in the answer to authorise', () => {
  it('is the time of authorisation plus the setting (30 days by default), not the checkout expiry', async () => {
    const byDefault = await authorise();
    expect(byDefault.expiry).not.toBe(byDefault.checkoutExpiry);
    expect(byDefault.expiry - byDefault.at).toBeGreaterThanOrEqual(30 * DAY - 1000);
    expect(byDefault.expiry - byDefault.at).toBeLessThanOrEqual(30 * DAY + 5000);

    emulator.core.emulator.updateSettings({ authorisedExpiryDays: 7 });
    const week = await authorise();
    expect(week.expiry - week.at).toBeGreaterThanOrEqual(7 * DAY - 1000);
    expect(week.expiry - week.at).toBeLessThanOrEqual(7 * DAY + 5000);
  });
});
