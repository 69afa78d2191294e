import { describe, expect, it } from 'vitest';
import { emulatorHeldStateNote } from '../../src/shared/orders/emulator-held-state';

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
