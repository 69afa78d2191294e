import { describe, expect, it } from 'vitest';
import {
  firstRunGuidedOrder,
  firstRunKeptOrder,
  firstRunPayWords,
  firstRunSendWords,
} from '../../src/renderer/src/features/builder/first-run-progress';

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
