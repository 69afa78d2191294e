import { beforeEach, describe, expect, it } from 'vitest';
import { emulatorHeldStateNote } from '../../src/shared/orders/emulator-held-state';
import {
  firstRunOrderStep,
  type FirstRunOrderStepInput,
} from '../../src/renderer/src/features/builder/first-run-order-step';
import {
  firstRunGuidedOrder,
  firstRunKeptOrder,
  firstRunPayWords,
  firstRunSendWords,
} from '../../src/renderer/src/features/builder/first-run-progress';
import { deriveLifecycle } from '../../src/shared/orders/derive-lifecycle';
import {
  arrivalOf,
  call,
  created,
  deliveryArrivedAs,
  ORDER_ID,
  replayOf,
  resetRecords,
  webhook,
} from './helpers/order-records';

// A tester's first ten minutes: with the emulator stopped the guide still said "Pay as the
// customer would… Open the checkout page" (a dead page) under the builder's "The local emulator
// is stopped"; after a second Send it followed the newer order, so authorising the first (paid)
// one in Orders never moved it on; and it said "Send it to Local" while Slow was active.
describe('the first-run guide says what is true now', () => {
  const first = { orderId: 'A', checkoutUrl: 'http://127.0.0.1:4010/checkout/A', profileName: 'Local' };
  const second = { orderId: 'B', checkoutUrl: 'http://127.0.0.1:4010/checkout/B', profileName: 'Local' };

  it('keeps the order that has come further; a newer send takes over otherwise', () => {
    // Paid first, then a second send: the guide stays with the paid one, to authorise it.
    expect(firstRunGuidedOrder({ order: first, state: 'approved' }, { order: second, state: 'new' })).toBe(
      first,
    );
    expect(firstRunGuidedOrder({ order: first, state: 'approved' }, { order: second, state: null })).toBe(
      first,
    );
    // As far as each other (both new, or the first ended): the newest, as the guide's "send
    // again" asks.
    expect(firstRunGuidedOrder({ order: first, state: 'new' }, { order: second, state: 'new' })).toBe(second);
    expect(firstRunGuidedOrder({ order: first, state: 'declined' }, { order: second, state: 'new' })).toBe(
      second,
    );
    // The newer paid past it: the newer.
    expect(
      firstRunGuidedOrder({ order: first, state: 'approved' }, { order: second, state: 'authorised' }),
    ).toBe(second);
    expect(firstRunGuidedOrder(null, { order: second, state: null })).toBe(second);
    expect(firstRunGuidedOrder({ order: first, state: 'approved' }, null)).toBe(first);
    expect(firstRunGuidedOrder(null, null)).toBeNull();
  });

  it('holds the order it kept through a reload until its state is read again, and lets one gone go', () => {
    // Reloaded: the kept (paid) order's records are not read yet; taken as new, the newer send
    // would win the tie and replace it for good.
    const reading = { order: first, state: null, reading: true, gone: false };
    expect(firstRunKeptOrder(reading, { order: second, state: 'new' })).toBe(first);
    expect(
      firstRunKeptOrder({ ...reading, reading: false, state: 'approved' }, { order: second, state: 'new' }),
    ).toBe(first);
    expect(
      firstRunKeptOrder({ ...reading, reading: false, state: 'new' }, { order: second, state: 'new' }),
    ).toBe(second);
    // No longer in the data directory (another data directory, the records removed): forgotten.
    const gone = { ...reading, reading: false, gone: true };
    expect(firstRunKeptOrder(gone, { order: second, state: null })).toBe(second);
    expect(firstRunKeptOrder(gone, null)).toBeNull();
    expect(firstRunKeptOrder(null, { order: second, state: null })).toBe(second);
  });

  it('names the active profile, and asks for the emulator when it is not that', () => {
    expect(firstRunSendWords('Local', 'Local', true)).toBe(
      'Send it to Local, the built-in emulator: Send to Local (top right) or Ctrl+Enter. The answer carries the order id and its checkout page.',
    );
    expect(firstRunSendWords('Slow', 'Local', true)).toBe(
      'Sends go to the active profile, Slow, not the built-in emulator (profile Local): switch to Local for the way through the emulator, where nothing leaves this machine.',
    );
    expect(firstRunSendWords('Local', 'Local', false)).toBe(
      'The local emulator is stopped, so a send to Local finds nothing there: start it (Start the emulator, above the form), then Send to Local or Ctrl+Enter.',
    );
  });

  it('says to start a stopped emulator before paying on its page', () => {
    expect(firstRunPayWords(true)).toBe(
      'Pay as the customer would, on the checkout page. The emulator then sends order_approved, and the Response tab shows it arrive.',
    );
    expect(firstRunPayWords(false)).toBe(
      'The local emulator is stopped, so the checkout page does not open: start it (Start the emulator, above the form), then pay as the customer would on the checkout page.',
    );
  });
});

// A tester's Send to Local, then Sandbox chosen in the header, then Pay: order_approved arrived
// judged against Sandbox (no_secret), so the order stayed new here while the emulator held it
// approved. The guide still said "Pay as the customer would…" with Open the checkout page (a page
// that said the order was approved), never named Sandbox after the send, and at Authorise said
// "Paid (approved)…" with Sandbox active: its steps after the send read neither the active
// profile nor the emulator.
describe('after the send, the guide reads the active profile and what the emulator holds', () => {
  beforeEach(resetRecords);
  const step = (input: Partial<FirstRunOrderStepInput>) =>
    firstRunOrderStep({
      progress: 2,
      state: 'new',
      held: undefined,
      records: [],
      active: 'Local',
      emulatorProfile: 'Local',
      emulatorRunning: true,
      ...input,
    });
  const labels = (answer: ReturnType<typeof firstRunOrderStep>) =>
    answer.actions.map((action) => action.label);
  const SANDBOX =
    "The active profile is Sandbox, not the emulator's (Local): the listener judges the emulator's notifications against Sandbox's notification token, so they arrive unverified and do not move the order. Switch to Local before going on.";

  it('at Pay, Authorise and Capture, names another active profile and offers Switch to Local', () => {
    expect(step({})).toEqual({
      text: firstRunPayWords(true),
      actions: [{ kind: 'checkout', label: 'Open the checkout page' }],
    });
    const pay = step({ active: 'Sandbox' });
    expect(pay.text).toBe(`${SANDBOX} ${firstRunPayWords(true)}`);
    expect(labels(pay)).toEqual(['Switch to Local', 'Open the checkout page']);
    const authorise = step({ progress: 3, state: 'approved', held: 'approved', active: 'Sandbox' });
    expect(authorise.text).toBe(
      `${SANDBOX} Paid (approved). As the merchant, confirm receipt: Authorise, in the order.`,
    );
    expect(labels(authorise)).toEqual(['Switch to Local', 'Authorise in Orders']);
    const capture = step({ progress: 4, state: 'authorised', active: 'Slow' });
    expect(capture.text).toMatch(/^The active profile is Slow, not the emulator's \(Local\)/);
    expect(labels(capture)).toEqual(['Switch to Local', 'Capture in Orders']);
    // The emulator's own profile active: nothing to switch.
    expect(labels(step({ progress: 3, state: 'approved' }))).toEqual(['Authorise in Orders']);
  });

  it("says an approval judged against another profile did not count, in Orders' words, and no Pay again", () => {
    // The emulator's delivery names the listener's record of it (delivery-arrival.ts).
    const create = created();
    const arrival = webhook('order_approved', [], {
      tokenVerdict: 'no_secret',
      profileId: 2,
      profileName: 'Sandbox',
    });
    const records = [create, arrival, deliveryArrivedAs(arrival)];
    const paid = { held: 'approved' as const, records };
    const note = emulatorHeldStateNote('new', 'approved', records);
    expect(note).toContain('#2 order_approved arrived, but its token was judged against profile Sandbox');
    const advice =
      "It cannot be paid again. Get order, in the order, asks the emulator for its state: its answer is this console's own evidence and moves the order on here (a replay never moves an order). Or send again and pay the new order: a new send starts the guide over on it.";
    // Sandbox still active: what happened, then the profile, then the way on.
    const sandbox = step({ ...paid, active: 'Sandbox' });
    expect(sandbox.text).toBe(`${note} ${SANDBOX} ${advice}`);
    expect(labels(sandbox)).toEqual(['Switch to Local', 'Get order in Orders']);
    // Back on Local: the same order is still new here, and still not to be paid again.
    const local = step(paid);
    expect(local.text).toBe(`${note} ${advice}`);
    expect(local.text).not.toContain('Pay as the customer would');
    expect(labels(local)).toEqual(['Get order in Orders']);
    // What it advises is what moves the order: a replay judged valid against Local does not, the
    // emulator's answer to Get order does.
    const unverified = records[1];
    if (unverified === undefined) throw new Error('no webhook');
    const replay = replayOf(unverified);
    const replayed = [...records, replay, arrivalOf(replay, 'valid')];
    expect(deriveLifecycle(ORDER_ID, replayed).state).toBe('new');
    const asked = [...replayed, call('getOrder', { response: { order_id: ORDER_ID, status: 'approved' } })];
    expect(deriveLifecycle(ORDER_ID, asked).state).toBe('approved');
    // Authorised there, approved here: Get order again, and no new send offered over a paid order.
    const authorisation = webhook('order_authorised', [], {
      tokenVerdict: 'no_secret',
      profileName: 'Sandbox',
    });
    const authorised = step({
      progress: 3,
      state: 'approved',
      held: 'authorised',
      records: [...records, authorisation, deliveryArrivedAs(authorisation)],
    });
    expect(authorised.text).toMatch(
      /^The emulator holds this order as authorised; #\d+ order_authorised arrived/,
    );
    expect(authorised.text).toContain(
      "Get order, in the order, asks the emulator for its state: its answer is this console's own evidence and moves the order on here (a replay never moves an order).",
    );
    expect(authorised.text).not.toContain('send again');
    expect(labels(authorised)).toEqual(['Get order in Orders']);
  });

  it('asks to pay while the emulator holds the order no further than the records', () => {
    expect(step({ held: 'new' }).text).toBe(firstRunPayWords(true));
    // A cancel there is no step past Pay (the ended states are said before the steps).
    expect(step({ held: 'canceled' }).text).toBe(firstRunPayWords(true));
    expect(labels(step({ emulatorRunning: false }))).toEqual([]);
  });
});
