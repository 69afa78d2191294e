import { beforeEach, describe, expect, it } from 'vitest';
import { deriveLifecycle } from '../../src/shared/orders/derive-lifecycle';
import { orderLifecycleSchema, type OrderLifecycle } from '../../src/shared/orders/order-lifecycle';
import type { OrderRecord } from '../../src/shared/orders/order-record';
import type { OrderState } from '../../src/shared/orders/order-states';
import {
  call,
  CAPTURE_1,
  CAPTURE_2,
  captured,
  created,
  money,
  ORDER_ID,
  resetRecords,
  webhook,
} from './helpers/order-records';

interface Case {
  name: string;
  records: () => OrderRecord[];
  state: OrderState | null;
  /** `step:status` for every step of the strip. */
  strip: string[];
  /** The effect of each entry, in order. */
  effects: string[];
  check?: (lifecycle: OrderLifecycle) => void;
}

const HAPPY_DONE = ['new:done', 'approved:done', 'authorised:done'];

const cases: Case[] = [
  {
    name: 'happy path by webhooks, captured in full',
    records: () => [
      created(),
      webhook('order_approved'),
      webhook('order_authorised'),
      captured(CAPTURE_1, '100.00'),
    ],
    state: 'fully_captured',
    strip: [...HAPPY_DONE, 'captured:current'],
    effects: ['moved', 'moved', 'moved', 'moved'],
    check: (lifecycle) => {
      expect(lifecycle.facts.capturedAmount).toBe('100.00');
      expect(lifecycle.facts.remainingToCapture).toBe('0.00');
      expect(lifecycle.facts.remainingToRefund).toBe('100.00');
      expect(lifecycle.strip[3]?.detail).toBe('100.00 SAR of 100.00 SAR');
    },
  },
  {
    name: 'authorise by response, then its webhook confirms it',
    records: () => [created(), webhook('order_approved'), call('authorise'), webhook('order_authorised')],
    state: 'authorised',
    strip: ['new:done', 'approved:done', 'authorised:current', 'captured:pending'],
    effects: ['moved', 'moved', 'moved', 'confirmed'],
    check: (lifecycle) => {
      // The strip links the strongest evidence: the webhook, not the answer.
      expect(lifecycle.strip[2]?.source).toBe('webhook');
      expect(lifecycle.strip[2]?.recordId).toBe(4);
      expect(lifecycle.strip[2]?.at).toBe(lifecycle.entries[2]?.at);
      // … and says what reached the step first, as the record list does (the answer moved it).
      expect(lifecycle.strip[2]?.reachedBy).toBe('response');
      expect(lifecycle.strip[2]?.reachedRecordId).toBe(3);
      expect(lifecycle.strip[1]).toMatchObject({
        source: 'webhook',
        reachedBy: 'webhook',
        reachedRecordId: 2,
      });
      expect(lifecycle.stateSource).toBe('webhook');
      expect(lifecycle.entries[3]?.evidence).toContain('confirms the answer');
    },
  },
  {
    name: 'declined at the checkout page',
    records: () => [created(), webhook('order_declined')],
    state: 'declined',
    strip: ['new:done', 'declined:current'],
    effects: ['moved', 'moved'],
  },
  {
    name: 'expired',
    records: () => [created(), webhook('order_expired')],
    state: 'expired',
    strip: ['new:done', 'expired:current'],
    effects: ['moved', 'moved'],
  },
  {
    name: 'canceled after authorisation (by response)',
    records: () => [created(), webhook('order_approved'), webhook('order_authorised'), call('cancel')],
    state: 'canceled',
    strip: [...HAPPY_DONE, 'canceled:current'],
    effects: ['moved', 'moved', 'moved', 'moved'],
  },
  {
    name: 'two partial captures make a full one',
    records: () => [
      created({ amount: '100.00' }),
      webhook('order_approved'),
      webhook('order_authorised'),
      captured(CAPTURE_1, '40.00'),
      captured(CAPTURE_2, '60.00'),
    ],
    state: 'fully_captured',
    strip: [...HAPPY_DONE, 'captured:current'],
    effects: ['moved', 'moved', 'moved', 'moved', 'moved'],
    check: (lifecycle) => {
      expect(lifecycle.entries[3]?.stateAfter).toBe('partially_captured');
      expect(lifecycle.entries[3]?.evidence).toContain('40.00 SAR of 100.00 SAR');
      expect(lifecycle.entries[4]?.stateAfter).toBe('fully_captured');
    },
  },
  {
    name: 'a partial capture by response, in a three-decimal currency',
    records: () => [
      created({ amount: '10.500', currency: 'KWD' }),
      webhook('order_approved'),
      call('authorise'),
      call('capture', { request: money('4.25', 'KWD') }),
    ],
    state: 'partially_captured',
    strip: ['new:done', 'approved:done', 'authorised:done', 'captured:current'],
    effects: ['moved', 'moved', 'moved', 'moved'],
    check: (lifecycle) => {
      expect(lifecycle.facts.amount).toBe('10.500');
      expect(lifecycle.facts.capturedAmount).toBe('4.250');
      expect(lifecycle.facts.remainingToCapture).toBe('6.250');
      expect(lifecycle.strip[3]?.detail).toBe('partially captured: 4.250 KWD of 10.500 KWD');
    },
  },
  {
    name: 'capture answered and notified: the same capture is counted once',
    records: () => [
      created({ amount: '100.00' }),
      webhook('order_approved'),
      webhook('order_authorised'),
      call('capture', { request: money('100.00') }),
      captured(CAPTURE_1, '100.00'),
    ],
    state: 'fully_captured',
    strip: [...HAPPY_DONE, 'captured:current'],
    effects: ['moved', 'moved', 'moved', 'moved', 'confirmed'],
    check: (lifecycle) => expect(lifecycle.facts.capturedAmount).toBe('100.00'),
  },
  {
    name: 'partial then full refund',
    records: () => [
      created({ amount: '100.00' }),
      webhook('order_approved'),
      webhook('order_authorised'),
      captured(CAPTURE_1, '100.00'),
      call('refund', { request: money('30.00') }),
      call('refund', { request: money('70.00') }),
    ],
    state: 'fully_refunded',
    strip: [...HAPPY_DONE, 'captured:done', 'refunded:current'],
    effects: ['moved', 'moved', 'moved', 'moved', 'moved', 'moved'],
    check: (lifecycle) => {
      expect(lifecycle.entries[4]?.stateAfter).toBe('partially_refunded');
      expect(lifecycle.facts.refundedAmount).toBe('100.00');
      expect(lifecycle.facts.remainingToRefund).toBe('0.00');
    },
  },
  {
    name: "the official client's refund against captures counts what its refunds list asks for",
    records: () => [
      created({ amount: '100.00' }),
      webhook('order_approved'),
      webhook('order_authorised'),
      captured(CAPTURE_1, '60.00'),
      captured(CAPTURE_2, '40.00'),
      // POST /payments/refund: { order_id, refunds: [{ capture_id, total_amount, comment }] }.
      call('refund', {
        request: {
          order_id: ORDER_ID,
          refunds: [
            { capture_id: CAPTURE_1, total_amount: { amount: '10.00', currency: 'SAR' }, comment: 'a' },
            { capture_id: CAPTURE_2, total_amount: { amount: 5, currency: 'SAR' }, comment: 'b' },
          ],
        },
      }),
    ],
    state: 'partially_refunded',
    strip: [...HAPPY_DONE, 'captured:done', 'refunded:current'],
    effects: ['moved', 'moved', 'moved', 'moved', 'moved', 'moved'],
    check: (lifecycle) => {
      expect(lifecycle.facts.refundedAmount).toBe('15.00');
      expect(lifecycle.facts.remainingToRefund).toBe('85.00');
    },
  },
  {
    name: 'a refunds list in two currencies is not summed: the refund is taken as whole',
    records: () => [
      created({ amount: '100.00' }),
      webhook('order_approved'),
      webhook('order_authorised'),
      captured(CAPTURE_1, '100.00'),
      call('refund', {
        request: {
          order_id: ORDER_ID,
          refunds: [
            { capture_id: CAPTURE_1, total_amount: { amount: '10.00', currency: 'SAR' } },
            { capture_id: CAPTURE_1, total_amount: { amount: '10.00', currency: 'AED' } },
          ],
        },
      }),
    ],
    state: 'fully_refunded',
    strip: [...HAPPY_DONE, 'captured:done', 'refunded:current'],
    effects: ['moved', 'moved', 'moved', 'moved', 'moved'],
    check: (lifecycle) => expect(lifecycle.facts.refundedAmount).toBe('100.00'),
  },
  {
    name: 'a refund notification with no readable amount refunds the whole capture',
    records: () => [
      created(),
      webhook('order_approved'),
      webhook('order_authorised'),
      captured(CAPTURE_1, '50.00'),
      webhook('order_refunded', {}),
    ],
    // The whole capture refunded; the rest of the order still to capture: partially refunded.
    state: 'partially_refunded',
    strip: [...HAPPY_DONE, 'captured:done', 'refunded:current'],
    effects: ['moved', 'moved', 'moved', 'moved', 'moved'],
    check: (lifecycle) => expect(lifecycle.facts.refundedAmount).toBe('50.00'),
  },
  // Each with its exact reason, in the words the listener's verdict of such a body gives.
  ...[
    [
      'too large for a double',
      Number.POSITIVE_INFINITY, // what JSON.parse makes of 1e400
      'amount must be a number or a numeric string such as 12.50, not a number too large to be held (1e999…)',
    ],
    ['negative', -50, 'amount -50 is negative'],
    [
      'not a number',
      'oops',
      'amount must be a number or a numeric string such as 12.50, not the text "oops"',
    ],
    [
      'finer than the currency (0.004 SAR)',
      '0.004',
      'amount 0.004 has 3 decimals; SAR has 2, so its smallest amount is 0.01',
    ],
  ].map(([what, amount, why]): Case => ({
    name: `a capture notification whose amount is given but ${String(what)} contradicts the order: not counted as the whole`,
    records: () => [
      created({ amount: '100.00' }),
      webhook('order_approved'),
      webhook('order_authorised'),
      captured(CAPTURE_1, '20.00'),
      webhook('order_captured', { capture_id: CAPTURE_2, captured_amount: { amount, currency: 'SAR' } }),
    ],
    state: 'partially_captured',
    strip: [...HAPPY_DONE, 'captured:current'],
    effects: ['moved', 'moved', 'moved', 'moved', 'contradicts'],
    check: (lifecycle) => {
      expect(lifecycle.facts.capturedAmount).toBe('20.00');
      expect(lifecycle.findings).toEqual([
        expect.objectContaining({
          recordId: 5,
          code: 'unreadable_amount',
          message: `order_captured gives captured_amount, but not as an amount that can be counted: ${String(why)}`,
        }),
      ]);
    },
  })),
  {
    name: 'trailing zeros past the currency’s decimals are the same amount (20.500 SAR is 20.50)',
    records: () => [
      created({ amount: '100.00' }),
      webhook('order_approved'),
      webhook('order_authorised'),
      captured(CAPTURE_1, '20.500'),
    ],
    state: 'partially_captured',
    strip: [...HAPPY_DONE, 'captured:current'],
    effects: ['moved', 'moved', 'moved', 'moved'],
    check: (lifecycle) => expect(lifecycle.facts.capturedAmount).toBe('20.50'),
  },
  {
    name: 'a refund notification with an unreadable amount refunds nothing',
    records: () => [
      created(),
      webhook('order_approved'),
      webhook('order_authorised'),
      captured(CAPTURE_1, '50.00'),
      webhook('order_refunded', { refunded_amount: { amount: 'oops', currency: 'SAR' } }),
    ],
    state: 'partially_captured',
    strip: [...HAPPY_DONE, 'captured:current'],
    effects: ['moved', 'moved', 'moved', 'moved', 'contradicts'],
    check: (lifecycle) => {
      expect(lifecycle.facts.refundedAmount).toBeNull();
      expect(lifecycle.findings.map((finding) => finding.code)).toEqual(['unreadable_amount']);
    },
  },
  {
    name: 'a refund call whose refunds[] entry has an unreadable amount is not taken as the whole',
    records: () => [
      created({ amount: '100.00' }),
      webhook('order_approved'),
      webhook('order_authorised'),
      captured(CAPTURE_1, '100.00'),
      call('refund', {
        request: {
          order_id: ORDER_ID,
          refunds: [
            { capture_id: CAPTURE_1, total_amount: { amount: '10.00', currency: 'SAR' } },
            { capture_id: CAPTURE_1, total_amount: { amount: -5, currency: 'SAR' } },
          ],
        },
      }),
    ],
    state: 'fully_captured',
    strip: [...HAPPY_DONE, 'captured:current'],
    effects: ['moved', 'moved', 'moved', 'moved', 'contradicts'],
    check: (lifecycle) => {
      expect(lifecycle.findings[0]?.message).toBe(
        'The refund call gives refunds[1].total_amount, but not as an amount that can be counted: amount -5 is negative, and the service answered 200',
      );
    },
  },
  {
    name: 'duplicate webhooks add no step',
    records: () => [
      created(),
      webhook('order_approved'),
      webhook('order_approved'),
      captured(CAPTURE_1, '20.00'),
      captured(CAPTURE_1, '20.00'),
    ],
    state: 'partially_captured',
    strip: ['new:done', 'approved:done', 'authorised:unseen', 'captured:current'],
    effects: ['moved', 'moved', 'duplicate', 'moved', 'duplicate'],
    check: (lifecycle) => {
      expect(lifecycle.facts.capturedAmount).toBe('20.00');
      expect(lifecycle.entries[2]?.evidence).toContain('record #2');
    },
  },
  {
    name: 'a late order_approved after authorised is flagged, not applied',
    records: () => [created(), webhook('order_authorised'), webhook('order_approved')],
    state: 'authorised',
    strip: ['new:done', 'approved:done', 'authorised:current', 'captured:pending'],
    effects: ['moved', 'moved', 'out_of_order'],
    check: (lifecycle) => {
      expect(lifecycle.outOfOrder).toBe(1);
      expect(lifecycle.entries[2]?.stateAfter).toBe('authorised');
      expect(lifecycle.entries[2]?.evidence).toContain('already authorised');
    },
  },
  {
    name: 'a notification after the order ended is flagged',
    records: () => [created(), webhook('order_declined'), webhook('order_approved')],
    state: 'declined',
    strip: ['new:done', 'approved:done', 'declined:current'],
    effects: ['moved', 'moved', 'out_of_order'],
  },
  {
    name: 'failed operations do not move the state',
    records: () => [
      created(),
      webhook('order_approved'),
      call('capture', {
        status: 409,
        details: { serviceError: { message: 'Order is not authorised', errorCodes: ['not_allowed_state'] } },
      }),
      call('authorise', {
        status: null,
        details: { failure: { kind: 'refused', message: 'ECONNREFUSED', code: 'ECONNREFUSED' } },
      }),
      call('cancel', { status: null }),
    ],
    state: 'approved',
    strip: ['new:done', 'approved:current', 'authorised:pending', 'captured:pending'],
    effects: ['moved', 'moved', 'failed', 'failed', 'pending'],
    check: (lifecycle) => {
      expect(lifecycle.entries[2]?.evidence).toBe(
        'capture answered 409 (not_allowed_state: Order is not authorised); state unchanged',
      );
      expect(lifecycle.entries[3]?.evidence).toContain('no answer: refused');
    },
  },
  {
    name: 'a get-order status overrides what was derived',
    records: () => [
      created(),
      webhook('order_approved'),
      call('authorise'),
      call('getOrder', { response: { status: 'approved' } }),
    ],
    state: 'approved',
    strip: ['new:done', 'approved:current', 'authorised:pending', 'captured:pending'],
    effects: ['moved', 'moved', 'moved', 'moved'],
    check: (lifecycle) => {
      expect(lifecycle.stateSource).toBe('get_order');
      expect(lifecycle.entries[3]?.evidence).toBe(
        'The service says the order is approved (the records before said authorised)',
      );
    },
  },
  {
    name: 'a get-order answer without a known status is listed',
    records: () => [
      created(),
      call('getOrder', { response: { status: 'shipped' } }),
      call('getOrder', { response: {} }),
    ],
    state: 'new',
    strip: ['new:current', 'approved:pending', 'authorised:pending', 'captured:pending'],
    effects: ['moved', 'unknown', 'info'],
  },
  {
    name: 'unknown event types are listed, not guessed',
    records: () => [created(), webhook('order_shipped', { carrier: 'x' }), webhook('order_approved')],
    state: 'approved',
    strip: ['new:done', 'approved:current', 'authorised:pending', 'captured:pending'],
    effects: ['moved', 'unknown', 'moved'],
    check: (lifecycle) => {
      expect(lifecycle.entries[1]?.step).toBeNull();
      expect(lifecycle.entries[1]?.evidence).toContain('"order_shipped" is not an event type');
    },
  },
  {
    name: 'a legacy order_status notification is an approval',
    records: () => [
      created(),
      webhook('order_approved', undefined, {
        bodyVerdict: 'legacy',
        requestJson: { order_id: ORDER_ID, order_reference_id: 'REF-1', order_status: 'approved' },
      }),
    ],
    state: 'approved',
    strip: ['new:done', 'approved:current', 'authorised:pending', 'captured:pending'],
    effects: ['moved', 'moved'],
    check: (lifecycle) => expect(lifecycle.entries[1]?.evidence).toContain('older form'),
  },
  {
    name: 'the older form with another status than approved is listed, not a step (documented for approval only)',
    records: () => [
      created(),
      webhook('order_approved'),
      webhook('order_declined', undefined, {
        bodyVerdict: 'legacy',
        requestJson: { order_id: ORDER_ID, order_reference_id: 'REF-1', order_status: 'declined' },
      }),
    ],
    state: 'approved',
    strip: ['new:done', 'approved:current', 'authorised:pending', 'captured:pending'],
    effects: ['moved', 'moved', 'unknown'],
    check: (lifecycle) =>
      expect(lifecycle.entries[2]?.evidence).toBe(
        'The older form (order_status) is documented only for "approved", not for order_declined; listed, state unchanged',
      ),
  },
  {
    name: 'a notification whose body could not be read is a finding: never "findings none"',
    records: () => [
      created(),
      webhook('order_approved', [], { unreadable: 'nested deeper than 100 levels' }),
    ],
    state: 'new',
    strip: ['new:current', 'approved:pending', 'authorised:pending', 'captured:pending'],
    effects: ['moved', 'unknown'],
    check: (lifecycle) =>
      expect(lifecycle.findings).toEqual([
        {
          recordId: 2,
          severity: 'warning',
          code: 'unreadable_body',
          message: 'The body of this order_approved could not be read (nested deeper than 100 levels)',
        },
      ]),
  },
  {
    name: 'a notification whose token is not valid is listed, never counted (it may not be the service’s)',
    records: () => [webhook('order_authorised', [], { tokenVerdict: 'invalid_signature' })],
    state: null,
    // No known state: no step is known to be unreached ("not reached" was untrue), each not seen.
    strip: ['new:unknown', 'approved:unknown', 'authorised:unknown', 'captured:unknown'],
    effects: ['unverified'],
    check: (lifecycle) => {
      expect(lifecycle.entries[0]?.unverified).toBe(true);
      expect(lifecycle.entries[0]?.evidence).toContain('token invalid_signature');
      expect(lifecycle.entries[0]?.evidence).toContain('does not move the order');
      expect(lifecycle.facts.referenceId).toBe('REF-1');
      expect(lifecycle.facts.amount).toBeNull();
      expect(lifecycle.facts.createRecordId).toBeNull();
    },
  },
  {
    name: 'replays and deliveries are listed as copies',
    records: () => [
      created(),
      webhook('order_approved'),
      { ...webhook('order_authorised'), kind: 'replay' as const },
    ],
    state: 'approved',
    strip: ['new:done', 'approved:current', 'authorised:pending', 'captured:pending'],
    effects: ['moved', 'moved', 'copy'],
  },
  {
    name: 'only failed calls: no known state',
    records: () => [call('getOrder', { status: 404 })],
    state: null,
    // No known state: no step is known to be unreached ("not reached" was untrue), each not seen.
    strip: ['new:unknown', 'approved:unknown', 'authorised:unknown', 'captured:unknown'],
    effects: ['failed'],
  },
];

describe('deriveLifecycle', () => {
  beforeEach(() => resetRecords());

  it.each(cases)('$name', ({ records, state, strip, effects, check }) => {
    const lifecycle = deriveLifecycle(ORDER_ID, records());
    expect(orderLifecycleSchema.parse(lifecycle)).toEqual(lifecycle);
    expect(lifecycle.state).toBe(state);
    expect(lifecycle.strip.map((step) => `${step.step}:${step.status}`)).toEqual(strip);
    expect(lifecycle.entries.map((entry) => entry.effect)).toEqual(effects);
    expect(lifecycle.entries.at(-1)?.stateAfter ?? null).toBe(state);
    check?.(lifecycle);
  });

  it('reads the order facts from the create-checkout exchange', () => {
    const lifecycle = deriveLifecycle(ORDER_ID, [created({ amount: 250, reference: 'REF-9' })]);
    expect(lifecycle.facts).toMatchObject({
      referenceId: 'REF-9',
      orderNumber: 'N-1',
      amount: '250.00',
      currency: 'SAR',
      checkoutId: 'c0ffee00-0000-4000-8000-000000000001',
      checkoutUrl: `https://pay.example/checkout?order_id=${ORDER_ID}&locale=en_US`,
      profileName: 'Local',
      createRecordId: 1,
      recordCount: 1,
      remainingToCapture: '250.00',
      capturedAmount: null,
    });
  });

  it('follows a reference id update', () => {
    const lifecycle = deriveLifecycle(ORDER_ID, [
      created({ reference: 'REF-1' }),
      call('updateReferenceId', { request: { order_reference_id: 'REF-2' } }),
    ]);
    expect(lifecycle.facts.referenceId).toBe('REF-2');
    expect(lifecycle.entries[1]?.evidence).toContain('reference id is now REF-2');
  });

  it('takes the reference the service names in a later notification (updated outside the console)', () => {
    const records = [created({ reference: 'REF-1' }), webhook('order_approved'), webhook('order_authorised')];
    const renamed = captured(CAPTURE_1, '100.00');
    renamed.requestJson = { ...(renamed.requestJson as object), order_reference_id: 'REF-NEW' };
    const lifecycle = deriveLifecycle(ORDER_ID, [...records, renamed]);
    expect(lifecycle.facts.referenceId).toBe('REF-NEW');
    // A crafted notification naming another reference is the console's own: it renames nothing.
    const crafted = webhook('order_approved', [], { provenance: 'crafted' });
    crafted.requestJson = { ...(crafted.requestJson as object), order_reference_id: 'REF-CRAFTED' };
    expect(deriveLifecycle(ORDER_ID, [created({ reference: 'REF-1' }), crafted]).facts.referenceId).toBe(
      'REF-1',
    );
  });

  it('gives the same answer whatever order the records are passed in', () => {
    const records = [created(), webhook('order_approved'), call('authorise'), captured(CAPTURE_1, '100.00')];
    const forward = deriveLifecycle(ORDER_ID, records);
    expect(deriveLifecycle(ORDER_ID, [...records].reverse())).toEqual(forward);
  });
});
