import { describe, expect, it } from 'vitest';
import type { BuilderStore } from '../../src/renderer/src/features/builder/builder-store';
import { madeByOwnSend } from '../../src/renderer/src/features/builder/own-send-order';

// The notice about a reference already used is quiet grey when the builder's own Send made that
// order, orange when another did (docs/builder.md). After a successful Send it was grey; a Send
// that then failed (the emulator stopped: ECONNREFUSED, nothing created) turned it orange for
// good, as if another had made the order. The last Send that made an order keeps counting.
type SendState = Pick<BuilderStore, 'lastSend' | 'followedOrder'>;

const ORDER = '3737ab8c-3527-49ff-a222-5d91042a0001';
const followed = { orderId: ORDER, checkoutUrl: 'http://127.0.0.1:41210/checkout/x', profileName: 'Local' };
const madeSend = {
  recordId: 23,
  profileName: 'Local',
  at: '2026-12-02T14:45:24.945Z',
  status: 201,
  orderId: ORDER,
  checkoutUrl: followed.checkoutUrl,
};
const made: SendState = { lastSend: madeSend, followedOrder: followed };
/** What a Send that created nothing leaves: its own record, no order, the followed order kept. */
const thenCreatedNothing = (status: number | null): SendState => ({
  lastSend: {
    recordId: 24,
    profileName: 'Local',
    at: '2026-12-02T14:46:00.000Z',
    status,
    orderId: null,
    checkoutUrl: null,
  },
  followedOrder: followed,
});

describe('whether the order a reference is already used by was made by the builder’s own Send', () => {
  it('is, right after the Send that made it', () => {
    expect(madeByOwnSend(ORDER, made)).toBe(true);
  });

  it('still is after a later Send got no answer (nothing created)', () => {
    expect(madeByOwnSend(ORDER, thenCreatedNothing(null))).toBe(true);
  });

  it('still is after a later Send was refused with a 4xx (nothing created)', () => {
    expect(madeByOwnSend(ORDER, thenCreatedNothing(400))).toBe(true);
  });

  it('is not once a later Send made another order', () => {
    const other = '9a0b1c2d-0000-4000-8000-000000000002';
    const state: SendState = {
      lastSend: { ...madeSend, recordId: 25, orderId: other },
      followedOrder: { ...followed, orderId: other },
    };
    expect(madeByOwnSend(ORDER, state)).toBe(false);
  });

  it('is not when this builder never sent', () => {
    const never: SendState = { lastSend: null, followedOrder: null };
    expect(madeByOwnSend(ORDER, never)).toBe(false);
  });
});
