import { describe, expect, it } from 'vitest';
import {
  landingHeadline,
  renderLandingPage,
  type LandingOutcome,
} from '../../src/main/emulator/merchant-landing-page';
import { notificationState, type NotificationState } from '../../src/main/emulator/notification-state-words';
import type { EmulatorOrderRow } from '../../src/main/store/emulator-orders-repository';
import type { OutboxRow } from '../../src/main/store/emulator-outbox-repository';
import { NO_FAULTS } from '../../src/shared/emulator';
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

/** An outbox row of the order's notification, as the dispatcher leaves it. */
const row = (fields: Partial<OutboxRow>): OutboxRow => ({
  id: 1,
  orderId: '7d0e3f7a-4b4c-4d2e-9a51-2f1f4f1c0b11',
  eventType: 'order_approved',
  url: 'http://127.0.0.1:4702/hook',
  body: '{}',
  faults: NO_FAULTS,
  attempts: 0,
  maxAttempts: 3,
  nextAttemptAtMs: 0,
  status: 'pending',
  lastStatus: null,
  lastError: null,
  heldForNext: false,
  createdAtMs: 0,
  updatedAtMs: 0,
  damaged: null,
  ...fields,
});

/** A notification queued for `url` and not attempted yet (null: none owed). */
const queued = (eventType: string, url: string | null): NotificationState | null =>
  url === null ? null : notificationState(eventType, [row({ eventType, url })]);

const page = (outcome: LandingOutcome, state: OrderState, notifiedUrl: string | null) =>
  renderLandingPage(
    {
      outcome,
      order: order(state),
      asked: null,
      unreachable: null,
      consoleOrderUrl: null,
      notification: queued(state === 'declined' ? 'order_declined' : 'order_approved', notifiedUrl),
    },
    'nonce',
  );

describe('the local merchant page says what happened to the order, from its state', () => {
  it('a declined order on the success page: declined, its own notification, and a note that the page is not its outcome’s', () => {
    expect(
      landingHeadline('success', order('declined'), queued('order_declined', 'http://127.0.0.1:4702/hook')),
    ).toBe('Declined: order_declined queued for http://127.0.0.1:4702/hook');
    const html = page('success', 'declined', 'http://127.0.0.1:4702/hook');
    expect(html).not.toContain('Paid');
    expect(html).toContain('data-testid="landing-mismatch"');
    expect(html).toContain("This is the merchant's success page, but the order is declined");
  });

  it('a paid order on its own page: paid, no note; a later state was paid first', () => {
    for (const state of ['approved', 'authorised', 'fully_captured'] as const) {
      expect(landingHeadline('success', order(state), queued('order_approved', 'http://h/x'))).toMatch(
        /^Paid: order_approved queued for http:\/\/h\/x$/,
      );
      expect(page('success', state, 'http://h/x')).not.toContain('landing-mismatch');
    }
  });

  it('an order not acted on yet, an expired one, and a cancel (which sends nothing)', () => {
    expect(landingHeadline('success', order('new'), null)).toBe(
      'Not paid: the order is still new; the customer has not paid, declined or canceled',
    );
    expect(landingHeadline('failure', order('expired'), queued('order_expired', 'http://h/x'))).toMatch(
      /^Expired: order_expired queued for/,
    );
    expect(landingHeadline('cancel', order('canceled'), null)).toBe(
      'Canceled: the customer left the checkout; no notification is sent for that',
    );
    expect(page('cancel', 'canceled', null)).not.toContain('landing-mismatch');
    // Nothing was queued for a new order or a cancel: the page does not say a notification is.
    expect(page('success', 'new', null)).not.toContain('queued');
    expect(page('cancel', 'canceled', 'http://h/x')).not.toContain('queued');
    expect(page('success', 'approved', 'http://h/x')).toContain('The notification is not delivered yet');
  });
});

describe('the page and `emulator pay` say where the notification stands, from the outbox', () => {
  const headline = (rows: OutboxRow[]) =>
    landingHeadline('success', order('approved'), notificationState('order_approved', rows));
  const html = (rows: OutboxRow[]) =>
    renderLandingPage(
      {
        outcome: 'success',
        order: order('approved'),
        asked: null,
        unreachable: null,
        consoleOrderUrl: null,
        notification: notificationState('order_approved', rows),
      },
      'nonce',
    );

  it('dropped by the Drop fault, never sendable, delivered, given up: each said so, none "queued"', () => {
    const cases: [Partial<OutboxRow>, string][] = [
      [
        { status: 'dropped', nextAttemptAtMs: null },
        'Paid: order_approved dropped by the Drop fault: never sent to http://127.0.0.1:4702/hook',
      ],
      [
        {
          status: 'unsent',
          url: 'ftp://x.example/n',
          maxAttempts: 0,
          lastError:
            'Not sent: the notification URL ftp://x.example/n is not an http:// or https:// URL, and the service delivers notifications by HTTP POST.',
        },
        'Paid: order_approved not sent: the notification URL ftp://x.example/n is not an http:// or https:// URL, and the service delivers notifications by HTTP POST.',
      ],
      [
        { status: 'delivered', attempts: 1, lastStatus: 200 },
        'Paid: order_approved delivered to http://127.0.0.1:4702/hook (answered 200, attempt 1/3)',
      ],
      [
        { status: 'failed', attempts: 3, lastStatus: 403, lastError: 'The target answered 403.' },
        'Paid: order_approved not delivered to http://127.0.0.1:4702/hook: gave up after attempt 3/3 (answered 403)',
      ],
      [
        { status: 'pending', attempts: 1, lastStatus: 503 },
        'Paid: order_approved to http://127.0.0.1:4702/hook: attempt 1/3 answered 503; it is tried again',
      ],
    ];
    for (const [fields, words] of cases) {
      expect(headline([row(fields)])).toBe(words);
      const shown = html([row(fields)]);
      expect(shown).not.toContain('queued');
      expect(shown.includes('not delivered yet'), words).toBe(fields.status === 'pending');
    }
  });

  it('a duplicate is said beside the first', () => {
    expect(headline([row({ status: 'delivered', attempts: 1, lastStatus: 200 }), row({ id: 2 })])).toBe(
      'Paid: order_approved delivered to http://127.0.0.1:4702/hook (answered 200, attempt 1/3); its duplicate (Duplicate fault) queued for http://127.0.0.1:4702/hook',
    );
  });
});
