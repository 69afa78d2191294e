import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import { createCheckout, notification } from './helpers/order-events';
import { openTempConsole } from './helpers/temp-console';

// An authorise sent from order A's editor, answered for order B ({"order_id":B,…}), is filed
// under B, as documented; but A kept no trace of it: 'Records 1', no finding, as if nothing had
// been sent for it. A lists the call too now, as contradicting it, naming the record and B.

const A = '5a1c3e7d-2b4f-4c6a-9d8e-0f1a2b3c4d5e';
const B = '11111111-1111-4111-8111-111111111111';
const body = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('a call sent for one order and answered for another', () => {
  let core: ConsoleCore;
  let dispose: () => Promise<void>;
  beforeEach(async () => {
    ({ core, dispose } = await openTempConsole());
  });
  afterEach(async () => dispose());

  it('is listed under the order it was sent for, as a contradiction naming the other order', () => {
    core.recorder.recordMany([createCheckout(A, 'REF-A', 1_000), notification(A, 'order_approved', 2_000)]);
    // As the client stores it: filed under A when sent, under B once the answer named B.
    const sent = core.recorder.record({
      kind: 'request',
      atMs: 3_000,
      profileId: 1,
      profileName: 'Local',
      method: 'POST',
      path: `/api/v1/orders/${A}/authorise`,
      status: null,
      orderId: A,
      requestBody: body({ order_id: A }),
      details: {
        operation: 'authorise',
        sentForOrder: A,
        pathTemplate: '/api/v1/orders/{order_id}/authorise',
      },
    });
    core.recorder.update(sent.id, {
      status: 200,
      orderId: B,
      responseBody: body({ order_id: B, status: 'authorised' }),
    });
    const a = core.orders.detail(A).lifecycle;
    expect(a.state).toBe('approved');
    expect(a.facts.recordCount).toBe(3);
    expect(a.entries.at(-1)).toMatchObject({ recordId: sent.id, effect: 'contradicts' });
    expect(a.findings).toEqual([
      expect.objectContaining({
        recordId: sent.id,
        code: 'names_another_order',
        message: expect.stringContaining(B),
      }),
    ]);
    const listed = core.orders.list({ limit: 10 }).items.find((order) => order.orderId === A);
    expect(listed).toMatchObject({ state: 'approved', findings: 1 });
    // Filed under B, as before: B moves by it.
    expect(core.orders.detail(B).lifecycle.state).toBe('authorised');
  });

  it('one filed under the other order from the start marks the order it was sent for too', () => {
    core.recorder.recordMany([createCheckout(A, 'REF-A', 1_000)]);
    expect(core.orders.list({ limit: 10 }).items.map((order) => order.findings)).toEqual([0]);
    // Its URL named B: filed under B as it was sent.
    core.recorder.recordMany([
      {
        kind: 'request',
        atMs: 2_000,
        profileId: 1,
        profileName: 'Local',
        method: 'GET',
        path: `/api/v1/merchants/orders/${B}`,
        status: 200,
        orderId: B,
        responseBody: body({ order_id: B, status: 'approved' }),
        details: { operation: 'getOrder', sentForOrder: A, pathTemplate: '/merchants/orders/{order_id}' },
      },
    ]);
    const listed = core.orders.list({ limit: 10 }).items.find((order) => order.orderId === A);
    expect(listed).toMatchObject({ state: 'new', findings: 1, recordCount: 2 });
  });
});
