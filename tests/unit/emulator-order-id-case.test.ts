import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEmulator, validPayload, type EmulatorHarness } from './helpers/emulator-harness';

/**
 * An order id is a UUID ("string (UUID)"), and RFC 4122 reads a UUID's hex digits in either case
 * on input. A client that upper-cased the id it stored got 404 order_not_found, and one whose
 * path and body differed only in case got 400 order_id_mismatch for the same order. The emulator
 * now takes a UUID in any case, in the path and in the body (order-id.ts canonicalOrderId), and
 * answers with the id as it gave it, in lower case (docs/emulator-fidelity.md).
 */

let emulator: EmulatorHarness;
beforeEach(async () => {
  emulator = await openEmulator();
});
afterEach(async () => {
  await emulator.dispose();
});

async function paidOrder(): Promise<string> {
  const { json } = await emulator.call('POST', '/checkout', validPayload(null));
  const orderId = String(json['order_id']);
  expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
  expect((await emulator.call('POST', `/_emulator/orders/${orderId}/pay`)).status).toBe(200);
  return orderId;
}

describe('an order id in capitals', () => {
  it('finds the order in a path, and answers with its own (lower-case) id', async () => {
    const orderId = await paidOrder();
    const upper = orderId.toUpperCase();
    const read = await emulator.call('GET', `/merchants/orders/${upper}`);
    expect(read.status).toBe(200);
    expect(read.json['order_id']).toBe(orderId);
    expect((await emulator.call('GET', `/orders/${upper}`)).json['order_id']).toBe(orderId);
  });

  it('in the body is the order in the path, whichever of the two is capitalised', async () => {
    const orderId = await paidOrder();
    const authorised = await emulator.call('POST', `/orders/${orderId}/authorise`, {
      order_id: orderId.toUpperCase(),
    });
    expect(authorised.status).toBe(200);
    expect(authorised.json).toMatchObject({ order_id: orderId, status: 'authorised' });
    const captured = await emulator.call('POST', '/payments/capture', {
      order_id: orderId.toUpperCase(),
      total_amount: { amount: '10.00', currency: 'SAR' },
    });
    expect(captured.status).toBe(200);
    const canceled = await emulator.call('POST', `/orders/${orderId.toUpperCase()}/cancel`, {
      order_id: orderId,
    });
    expect(canceled.status).toBe(200);
  });

  it('another order in the body is still a mismatch, and an unknown id still not found', async () => {
    const orderId = await paidOrder();
    const other = await paidOrder();
    const mixed = await emulator.call('POST', `/orders/${orderId}/authorise`, {
      order_id: other.toUpperCase(),
    });
    expect(mixed.status).toBe(400);
    expect(mixed.json['errors']).toEqual([expect.objectContaining({ error_code: 'order_id_mismatch' })]);
    const unknown = await emulator.call('GET', '/merchants/orders/00000000-0000-4000-8000-00000000000A');
    expect(unknown.status).toBe(404);
    expect(unknown.json['message']).toBe('No order 00000000-0000-4000-8000-00000000000a in the emulator.');
  });
});
