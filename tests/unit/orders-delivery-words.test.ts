import { beforeEach, describe, expect, it } from 'vitest';
import { deriveLifecycle } from '../../src/shared/orders/derive-lifecycle';
import { created, deliveryOf, ORDER_ID, resetRecords, webhook } from './helpers/order-records';

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

// A delivery to this console's own listener read "a listener's record of its arrival would be"
// while that record was the next row of the same order: the delivery names its listener record
// (the record it was paired with when it completed, delivery-attempt.ts) when the order has it.
describe("the emulator's delivery attempt that reached this console's listener", () => {
  beforeEach(resetRecords);

  it('names the listener record of its arrival when the order holds it', () => {
    const sent = { ...deliveryOf('order_approved'), url: 'http://127.0.0.1:4455/n', status: 200 };
    const arrival = webhook('order_approved');
    const delivery = { ...sent, relatedId: arrival.id };
    const lifecycle = deriveLifecycle(ORDER_ID, [created(), delivery, arrival]);
    const entry = lifecycle.entries.find((candidate) => candidate.recordId === delivery.id);
    expect(entry?.evidence).toBe(
      `The emulator's delivery attempt of a notification to http://127.0.0.1:4455/n, its log of sending: never evidence; its arrival is record #${arrival.id}`,
    );
    expect(entry?.effect).toBe('copy');
    expect(lifecycle.state).toBe('approved');
  });

  it("claims none when the record it names is not among the order's", () => {
    const delivery = { ...deliveryOf('order_approved'), url: 'http://127.0.0.1:4455/n', relatedId: 99 };
    const lifecycle = deriveLifecycle(ORDER_ID, [created(), delivery]);
    const entry = lifecycle.entries.find((candidate) => candidate.recordId === delivery.id);
    expect(entry?.evidence).toMatch(/a listener's record of its arrival would be$/);
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
