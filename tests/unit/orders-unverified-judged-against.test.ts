import { beforeEach, describe, expect, it } from 'vitest';
import { deriveLifecycle } from '../../src/shared/orders/derive-lifecycle';
import { emulatorHeldStateNote } from '../../src/shared/orders/emulator-held-state';
import { created, deliveryArrivedAs, ORDER_ID, resetRecords, webhook } from './helpers/order-records';

// A checkout sent with --profile Local while Slow (no notification token) was active, then paid:
// the emulator signed #2 order_approved with Local's token, the listener judged it against
// Slow's (none), so it was stored no_secret. Orders then said "no record here says so yet"
// beside "Latest record #2 (unverified)", and its row advised "set the profile's notification
// token" though the order's profile, Local, has one: the token was judged against Slow.
describe('a notification judged against another profile than the order was sent with', () => {
  beforeEach(resetRecords);

  // The emulator's delivery names the listener's record of it (delivery-arrival.ts).
  const records = () => {
    const create = created();
    const arrival = webhook('order_approved', [], {
      tokenVerdict: 'no_secret',
      profileId: 2,
      profileName: 'Slow',
    });
    return [create, arrival, deliveryArrivedAs(arrival)];
  };

  it("the emulator's note names the record that arrived and why it did not count", () => {
    expect(emulatorHeldStateNote('new', 'approved', records())).toBe(
      "The emulator holds this order as approved; #2 order_approved arrived, but its token was judged against profile Slow (the listener's when it arrived), which has no notification token, so it does not count and this order's state is from its records.",
    );
  });

  it('its record names the profile its token was judged against', () => {
    const entry = deriveLifecycle(ORDER_ID, records()).entries.find((row) => row.recordId === 2);
    expect(entry?.evidence).toBe(
      "Notification order_approved with token no_secret: not verified as the service's, so it does not move the order; its token was judged against profile Slow (the listener's when it arrived), which has no notification token: set one there, or make the profile whose token signed it active, to check it",
    );
  });

  it('another verdict is said against that profile too; a record of another step is not named', () => {
    const create = created();
    const signedElsewhere = webhook('order_approved', [], {
      tokenVerdict: 'invalid_signature',
      profileName: 'Slow',
    });
    const forged = [create, signedElsewhere, deliveryArrivedAs(signedElsewhere)];
    expect(emulatorHeldStateNote('new', 'approved', forged)).toContain(
      "#2 order_approved arrived, but its token was judged invalid_signature against profile Slow's notification token (the listener's when it arrived), so it does not count",
    );
    // An order_authorised that did not count says nothing of the approval the emulator holds.
    const authorised = webhook('order_authorised', [], { tokenVerdict: 'no_secret' });
    const other = [create, authorised, deliveryArrivedAs(authorised)];
    expect(emulatorHeldStateNote('new', 'approved', other)).toContain('no record here says so yet');
  });
});
