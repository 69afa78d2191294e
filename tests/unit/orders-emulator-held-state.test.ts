import { beforeEach, describe, expect, it } from 'vitest';
import { emulatorHeldStateNote } from '../../src/shared/orders/emulator-held-state';
import { created, deliveryOf, resetRecords, webhook } from './helpers/order-records';

// After `emulator cancel <order>` (the customer cancels in the emulator) the Emulator view said
// CANCELED while Orders and `orders show` said new, Cancel and Authorise enabled, and no word of
// why: the customer's cancel sends no notification, and an order's state comes only from the
// service's evidence. The order's detail now says what the emulator holds, beside its state,
// and never moves the state.
describe("what this console's emulator holds of an order, beside the order's state", () => {
  it('cancelled by the customer there: said, with why the state stays new', () => {
    expect(emulatorHeldStateNote('new', 'canceled')).toBe(
      "The emulator holds this order as canceled (the customer cancelled it there); the service sends no notification for that, so this order's state is from its records.",
    );
  });

  it('another state the records have not reached: said, with where its notification may be', () => {
    expect(emulatorHeldStateNote('new', 'approved')).toBe(
      "The emulator holds this order as approved; no record here says so yet (its notification may be on its way, dropped by a fault, or sent elsewhere), so this order's state is from its records.",
    );
    // Cancelled after approval: no customer can, so not said to be the customer's.
    expect(emulatorHeldStateNote('approved', 'canceled')).toContain(
      'The emulator holds this order as canceled; no record here says so yet',
    );
    expect(emulatorHeldStateNote(null, 'partially_captured')).toContain(
      'The emulator holds this order as partially captured;',
    );
  });

  it('nothing to say when the two agree, or the emulator does not hold the order', () => {
    expect(emulatorHeldStateNote('canceled', 'canceled')).toBeNull();
    expect(emulatorHeldStateNote('new', undefined)).toBeNull();
  });
});

// An order created on the emulator with its notification URL elsewhere (a merchant's own server):
// orders show listed six deliveries, each answered 200 there, under "no record here says so yet
// (its notification may be on its way, dropped by a fault, or sent elsewhere)". The console knows
// where they went: it says so.
describe('an order whose notifications the emulator delivered to another endpoint', () => {
  beforeEach(resetRecords);
  const elsewhere = (eventType: string, url = 'http://127.0.0.1:8099/n') => ({
    ...deliveryOf(eventType),
    url,
  });

  it('names where they went, not "may be on its way"', () => {
    const records = [elsewhere('order_approved'), elsewhere('order_captured'), elsewhere('order_refunded')];
    expect(emulatorHeldStateNote(null, 'partially_refunded', records)).toBe(
      "The emulator holds this order as partially refunded; its notifications went to http://127.0.0.1:8099/n, not to this console's listener, so this order's state is from its records.",
    );
  });

  it('says only what it knows: a listener of this console received some, or none was answered', () => {
    // One of them arrived here: the rest may yet.
    const here = [created(), webhook('order_approved'), elsewhere('order_approved')];
    expect(emulatorHeldStateNote('new', 'authorised', here)).toContain('no record here says so yet');
    // Dropped or unanswered: where it went is not known to have been reached.
    const unanswered = [{ ...elsewhere('order_approved'), status: null }];
    expect(emulatorHeldStateNote(null, 'approved', unanswered)).toContain('no record here says so yet');
  });
});

// An order sent with a profile whose checkout had no notification URL, then `emulator pay`:
// orders show said "no record here says so yet (its notification may be on its way, dropped by
// a fault, or sent elsewhere)" above its own record #9, "never sent (Not sent: the checkout
// request had no notification URL…)". The note says what that record says.
describe('an order whose notification the emulator never sent', () => {
  beforeEach(resetRecords);
  const never = (notSent: 'unsent' | 'dropped') => ({
    ...deliveryOf('order_approved'),
    status: null,
    notSent,
    error: notSent === 'unsent' ? 'Not sent: the checkout request had no notification URL' : null,
  });

  it('says it was never sent, naming the record, not "may be on its way"', () => {
    const unsent = never('unsent');
    expect(emulatorHeldStateNote('new', 'approved', [created(), unsent])).toBe(
      `The emulator holds this order as approved; its notification was never sent (#${unsent.id}: Not sent: the checkout request had no notification URL), so this order's state is from its records.`,
    );
    const dropped = never('dropped');
    expect(emulatorHeldStateNote('new', 'approved', [dropped])).toBe(
      `The emulator holds this order as approved; its notification was never sent (#${dropped.id}: dropped by its fault injection), so this order's state is from its records.`,
    );
  });

  it('an attempt a stop cancelled before it was written is not sent, but its notification is still owed', () => {
    // Its record reads `not sent` (cancelled), and the emulator sends it again when it runs next.
    const cancelled = {
      ...deliveryOf('order_approved'),
      status: null,
      notSent: 'cancelled' as const,
      error: 'Cancelled before the request was sent whole, so the service cannot have acted on it.',
    };
    expect(emulatorHeldStateNote('new', 'approved', [created(), cancelled])).toContain(
      'no record here says so yet (its notification may be on its way',
    );
  });
});

// The emulator's row of an order damaged (a column of emulator_orders that is not what the
// console writes): the Emulator view named it, while the order's detail and `orders show` read as
// though the emulator did not hold the order. The note names the row in its reader's sentence.
describe("an order whose row in the emulator's table is damaged", () => {
  const sentence =
    "Emulator order ord_1's stored state is damaged in the database (not what the console writes)";

  it('names the damaged row, whatever the records say', () => {
    const note = `${sentence}: what the emulator holds of this order cannot be read, so this order's state is from its records.`;
    expect(emulatorHeldStateNote('new', { damaged: sentence })).toBe(note);
    expect(emulatorHeldStateNote(null, { damaged: sentence })).toBe(note);
  });
});

// An order whose notification URL is a merchant's own endpoint, paid on the emulator: the note
// said truly where its notifications went, until a hand-sent `order_approved` with no token was
// posted to this console's listener. Then it read "#3 order_approved arrived, but its token was
// judged missing…", naming a request anyone could have sent as the emulator's notification, and
// no longer said where the emulator's went. Only the listener's record of the emulator's own
// delivery (the delivery names it, delivery-arrival.ts) is named as the one that arrived.
describe("a webhook that is not the emulator's delivery", () => {
  beforeEach(resetRecords);
  const sink = 'http://127.0.0.1:8099/n?serviceToken=••••UBAY';

  it('a hand-sent one is never named, and never hides where its notifications went', () => {
    const delivered = { ...deliveryOf('order_approved'), url: sink };
    const handSent = webhook('order_approved', [], { tokenVerdict: 'missing' });
    expect(emulatorHeldStateNote('new', 'approved', [created(), delivered, handSent])).toBe(
      `The emulator holds this order as approved; its notifications went to ${sink}, not to this console's listener, so this order's state is from its records.`,
    );
    // Nothing delivered yet: said as not known, not as the hand-sent record.
    resetRecords();
    const alone = [created(), webhook('order_approved', [], { tokenVerdict: 'invalid_signature' })];
    expect(emulatorHeldStateNote('new', 'approved', alone)).toContain('no record here says so yet');
  });

  it("the listener's record of the emulator's delivery, judged invalid, is still named", () => {
    const arrival = webhook('order_approved', [], { tokenVerdict: 'no_secret', profileName: 'Slow' });
    const delivery = {
      ...deliveryOf('order_approved'),
      url: 'http://127.0.0.1:4310/',
      relatedId: arrival.id,
    };
    const handSent = webhook('order_approved', [], { tokenVerdict: 'missing' });
    expect(emulatorHeldStateNote('new', 'approved', [created(), arrival, delivery, handSent])).toContain(
      `; #${arrival.id} order_approved arrived, but its token was judged against profile Slow`,
    );
  });
});
