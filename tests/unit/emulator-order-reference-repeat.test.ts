import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEmulatorOrdersRepository } from '../../src/main/store/emulator-orders-repository';
import { openEmulator, validPayload, type EmulatorHarness } from './helpers/emulator-harness';
import { statementRecordingDb } from './helpers/statement-recording-db';

/**
 * The spec calls order_reference_id the "Merchant's unique order id"; what the service does with
 * one given again is not shown. The emulator takes it, as before, but no longer in silence: the
 * answer's X-Emulator-Warnings names `duplicate_order_reference_id` and the other order, at create
 * and when PUT /orders/{id}/reference-id gives an order a reference another order has.
 */

let emulator: EmulatorHarness;
beforeEach(async () => {
  emulator = await openEmulator();
});
afterEach(async () => {
  await emulator.dispose();
});

const repeated = (orderId: string) =>
  `1 warning: duplicate_order_reference_id at order_reference_id (as order ${orderId})`;

async function create(reference: string) {
  const created = await emulator.createCheckout(validPayload(null, { order_reference_id: reference }));
  expect(created.status).toBe(200);
  return { orderId: String(created.json['order_id']), warnings: created.warnings };
}

async function setReference(orderId: string, reference: string) {
  const response = await fetch(`${emulator.url}/orders/${orderId}/reference-id`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${emulator.apiToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ order_reference_id: reference }),
  });
  expect(response.status).toBe(200);
  return response.headers.get('x-emulator-warnings');
}

describe('an order_reference_id another order already has', () => {
  it('is taken at create with the duplicate_order_reference_id warning naming the other order', async () => {
    const first = await create('REPEAT-1');
    expect(first.warnings).toBeNull();
    const second = await create('REPEAT-1');
    expect(second.warnings).toBe(repeated(first.orderId));
    // Each later one names the newest before it; looking the reference up answers the newest.
    const third = await create('REPEAT-1');
    expect(third.warnings).toBe(repeated(second.orderId));
    const looked = await emulator.call('GET', '/merchants/orders/reference-id/REPEAT-1');
    expect(looked.json['order_id']).toBe(third.orderId);
    // A fresh one: no warning.
    expect((await create('REPEAT-2')).warnings).toBeNull();
  });

  it('is taken by PUT /orders/{id}/reference-id with the warning; its own reference again is not one', async () => {
    const holder = await create('HELD-1');
    const mover = await create('MOVER-1');
    expect(await setReference(mover.orderId, 'FRESH-1')).toBeNull();
    expect(await setReference(mover.orderId, 'HELD-1')).toBe(repeated(holder.orderId));
    expect(await setReference(holder.orderId, 'HELD-1')).toBe(repeated(mover.orderId));
    expect(await setReference(mover.orderId, 'FRESH-2')).toBeNull();
    expect(await setReference(mover.orderId, 'FRESH-2')).toBeNull();
  });
});

describe("the lookup of another order's reference", () => {
  it("is answered from the reference index, not a scan of the emulator's orders", () => {
    const { db, seen, plan } = statementRecordingDb();
    createEmulatorOrdersRepository(db);
    const lookup = seen.filter((sql) => /reference_id = \?/.test(sql) && /order_id <> \?/.test(sql));
    expect(lookup).toHaveLength(1);
    const steps = plan(lookup[0] ?? '', 'R', 'O').join('\n');
    expect(steps).toMatch(/USING (COVERING )?INDEX emulator_orders_reference/);
    expect(steps).not.toMatch(/^SCAN|TEMP B-TREE/m);
    db.close();
  });
});
