import { describe, expect, it } from 'vitest';
import {
  landingHeadline,
  renderLandingPage,
  type LandingOutcome,
} from '../../src/main/emulator/merchant-landing-page';
import type { EmulatorOrderRow } from '../../src/main/store/emulator-repository';
import type { OrderState } from '../../src/shared/orders/order-states';

// The local merchant page's headline was built from its own address (/success, /failure,
// /cancel): a failure URL wired to the success page read "Paid: order_approved sent to …" over
// a declined order whose only notification was order_declined, and "sent" was said of a
// notification only queued (all its attempts failed against a closed port).

const order = (state: OrderState): EmulatorOrderRow => ({
  orderId: '7d0e3f7a-4b4c-4d2e-9a51-2f1f4f1c0b11',
  checkoutId: 'c',
  state,
  payload: '{}',
  referenceId: 'R-1',
  orderNumber: 'R-1',
  locale: 'en_US',
  currency: 'SAR',
  totalAmount: '72.98',
  capturedAmount: '0',
  refundedAmount: '0',
  notificationUrl: 'http://127.0.0.1:4702/hook',
  legacyApproved: false,
  faults: null,
  pageToken: 't',
  createdAtMs: 0,
  expiresAtMs: 0,
  updatedAtMs: 0,
});

const page = (outcome: LandingOutcome, state: OrderState, notifiedUrl: string | null) =>
  renderLandingPage(
    { outcome, order: order(state), asked: null, unreachable: null, consoleOrderUrl: null, notifiedUrl },
    'nonce',
  );

describe('the local merchant page says what happened to the order, from its state', () => {
  it('a declined order on the success page: declined, its own notification, and a note that the page is not its outcome’s', () => {
    expect(landingHeadline('success', order('declined'), 'http://127.0.0.1:4702/hook')).toBe(
      'Declined: order_declined queued for http://127.0.0.1:4702/hook',
    );
    const html = page('success', 'declined', 'http://127.0.0.1:4702/hook');
    expect(html).not.toContain('Paid');
    expect(html).toContain('data-testid="landing-mismatch"');
    expect(html).toContain("This is the merchant's success page, but the order is declined");
  });

  it('a paid order on its own page: paid, no note; a later state was paid first', () => {
    for (const state of ['approved', 'authorised', 'fully_captured'] as const) {
      expect(landingHeadline('success', order(state), 'http://h/x')).toMatch(
        /^Paid: order_approved queued for http:\/\/h\/x$/,
      );
      expect(page('success', state, 'http://h/x')).not.toContain('landing-mismatch');
    }
  });

  it('an order not acted on yet, an expired one, and a cancel (which sends nothing)', () => {
    expect(landingHeadline('success', order('new'), null)).toBe(
      'Not paid: the order is still new; the customer has not paid, declined or canceled',
    );
    expect(landingHeadline('failure', order('expired'), 'http://h/x')).toMatch(
      /^Expired: order_expired queued for/,
    );
    expect(landingHeadline('cancel', order('canceled'), null)).toBe(
      'Canceled: the customer left the checkout; no notification is sent for that',
    );
    expect(page('cancel', 'canceled', null)).not.toContain('landing-mismatch');
    // Nothing was queued for a new order or a cancel: the page does not say a notification is.
    expect(page('success', 'new', null)).not.toContain('queued');
    expect(page('cancel', 'canceled', 'http://h/x')).not.toContain('queued');
    expect(page('success', 'approved', 'http://h/x')).toContain(
      'The notification is queued, not yet delivered',
    );
  });
});
