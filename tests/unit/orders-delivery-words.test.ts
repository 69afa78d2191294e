import { beforeEach, describe, expect, it } from 'vitest';
import { deriveLifecycle } from '../../src/shared/orders/derive-lifecycle';
import { created, deliveryOf, ORDER_ID, resetRecords } from './helpers/order-records';

// An order whose notification URL is another local server, paid: its delivery record #8 read
// "the listener's record of it is the evidence", though no listener record of it exists (it went
// to that server). The delivery's words claim no record the order does not have.
describe("the emulator's delivery attempt of a notification", () => {
  beforeEach(resetRecords);

  it('claims no listener record of it, and says where it went', () => {
    const delivery = { ...deliveryOf('order_approved'), url: 'http://127.0.0.1:47912/n', status: 200 };
    const lifecycle = deriveLifecycle(ORDER_ID, [created(), delivery]);
    const entry = lifecycle.entries.find((candidate) => candidate.recordId === delivery.id);
    expect(entry?.evidence).not.toContain("the listener's record of it is the evidence");
    expect(entry?.evidence).toBe(
      "The emulator's delivery attempt of a notification to http://127.0.0.1:47912/n, its log of sending: never evidence; a listener's record of its arrival would be",
    );
  });
});

// The same order's strip said "Approved not reached" while its note said the emulator's
// notification of approval went to that server: a step the emulator's deliveries say it passed
// is "not seen" (docs/orders.md, "One order"), not "not reached".
describe('the strip of an order whose notifications went elsewhere', () => {
  beforeEach(resetRecords);

  it('a step the emulator delivered is not seen, not "not reached"', () => {
    const delivery = { ...deliveryOf('order_approved'), url: 'http://127.0.0.1:47912/n', status: 200 };
    const lifecycle = deriveLifecycle(ORDER_ID, [created(), delivery]);
    expect(lifecycle.state).toBe('new');
    const statuses = Object.fromEntries(lifecycle.strip.map((step) => [step.step, step.status]));
    expect(statuses).toMatchObject({ new: 'current', approved: 'unknown', authorised: 'pending' });
  });
});
