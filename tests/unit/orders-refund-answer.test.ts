import { beforeEach, describe, expect, it } from 'vitest';
import { deriveLifecycle } from '../../src/shared/orders/derive-lifecycle';
import { orderLifecycleSchema } from '../../src/shared/orders/order-lifecycle';
import {
  call,
  CAPTURE_1,
  captured,
  created,
  money,
  ORDER_ID,
  resetRecords,
  webhook,
} from './helpers/order-records';

const REFUND_1 = '3b241101-e2bb-4255-8caf-4136c566a962';
const REFUND_2 = '5d8f1c2a-7b3e-4a6d-9c01-2e4f6a8b0c1d';

/** A 2xx simplified-refund answer as the emulator gives it: the refund it made, and its amount. */
function refundCall(asked: string, answered: string, refundId: string | null = REFUND_1) {
  return call('refund', {
    request: money(asked),
    response: {
      order_id: ORDER_ID,
      comment: '',
      ...(refundId === null ? {} : { refund_id: refundId }),
      capture_id: CAPTURE_1,
      status: 'partially_refunded',
      refunded_amount: { amount: answered, currency: 'SAR' },
    },
  });
}

const refunded = (refundId: string, amount: string) =>
  webhook('order_refunded', { refund_id: refundId, refunded_amount: { amount, currency: 'SAR' } });

const captured100 = () => [
  created({ amount: '100.00' }),
  webhook('order_approved'),
  webhook('order_authorised'),
  captured(CAPTURE_1, '100.00'),
];

describe('a refund the service answered and notified', () => {
  beforeEach(() => resetRecords());

  it('confirms the answer when order_refunded names the same refund and amount', () => {
    const lifecycle = deriveLifecycle(ORDER_ID, [
      ...captured100(),
      refundCall('10.00', '10.00'),
      refunded(REFUND_1, '10.00'),
    ]);
    expect(lifecycle.entries.slice(4).map((entry) => entry.effect)).toEqual(['moved', 'confirmed']);
    expect(lifecycle.findings).toEqual([]);
    expect(lifecycle.facts.refundedAmount).toBe('10.00');
  });

  it('is a finding, not the larger amount, when order_refunded gives the answered refund another amount', () => {
    const lifecycle = deriveLifecycle(ORDER_ID, [
      ...captured100(),
      refundCall('10.00', '10.00'),
      refunded(REFUND_1, '15.00'),
    ]);
    expect(lifecycle.entries.at(-1)?.effect).toBe('contradicts');
    expect(lifecycle.findings.map((finding) => [finding.recordId, finding.code])).toEqual([
      [6, 'refund_amount_changed'],
    ]);
    expect(lifecycle.findings[0]?.message).toContain('10.00 SAR');
    expect(lifecycle.findings[0]?.message).toContain('15.00 SAR');
    expect(lifecycle.facts.refundedAmount).toBe('10.00');
  });

  it('is a finding when the answer comes after order_refunded and disagrees with it', () => {
    const lifecycle = deriveLifecycle(ORDER_ID, [
      ...captured100(),
      refunded(REFUND_1, '10.00'),
      refundCall('15.00', '15.00'),
    ]);
    expect(lifecycle.entries.at(-1)?.effect).toBe('contradicts');
    expect(lifecycle.findings.map((finding) => [finding.recordId, finding.code])).toEqual([
      [6, 'refund_amount_changed'],
    ]);
    expect(lifecycle.facts.refundedAmount).toBe('10.00');
    expect(lifecycle.state).toBe('partially_refunded');
  });

  it('compares the amount the answer gives, not only what the call asked for', () => {
    const lifecycle = deriveLifecycle(ORDER_ID, [
      ...captured100(),
      refunded(REFUND_1, '10.00'),
      refundCall('10.00', '12.00'),
    ]);
    expect(lifecycle.findings.map((finding) => finding.code)).toEqual(['refund_amount_changed']);
    expect(lifecycle.facts.refundedAmount).toBe('10.00');
  });

  it('counts a refund answered twice (the call sent again) once', () => {
    const lifecycle = deriveLifecycle(ORDER_ID, [
      ...captured100(),
      refundCall('10.00', '10.00'),
      refundCall('10.00', '10.00'),
      refunded(REFUND_1, '10.00'),
    ]);
    expect(orderLifecycleSchema.parse(lifecycle)).toEqual(lifecycle);
    expect(lifecycle.entries.slice(4).map((entry) => entry.effect)).toEqual([
      'moved',
      'duplicate',
      'confirmed',
    ]);
    expect(lifecycle.facts.refundedAmount).toBe('10.00');
    expect(lifecycle.state).toBe('partially_refunded');
  });

  it('matches each refund of a refunds[] answer (the official client) with its notification', () => {
    const before = captured100();
    const answer = call('refund', {
      request: {
        order_id: ORDER_ID,
        refunds: [{ capture_id: CAPTURE_1, total_amount: { amount: '10.00', currency: 'SAR' } }],
      },
      response: {
        order_id: ORDER_ID,
        status: 'partially_refunded',
        refunds: [
          { capture_id: CAPTURE_1, refund_id: REFUND_2, total_amount: { amount: '10.00', currency: 'SAR' } },
        ],
      },
    });
    const lifecycle = deriveLifecycle(ORDER_ID, [...before, answer, refunded(REFUND_2, '20.00')]);
    expect(lifecycle.findings.map((finding) => finding.code)).toEqual(['refund_amount_changed']);
    expect(lifecycle.facts.refundedAmount).toBe('10.00');
  });

  it('counts only the new refunds of a refunds[] answer that repeats an earlier one', () => {
    const entry = (refundId: string, amount: string) => ({
      capture_id: CAPTURE_1,
      refund_id: refundId,
      total_amount: { amount, currency: 'SAR' },
    });
    const asked = (amounts: string[]) => ({
      order_id: ORDER_ID,
      refunds: amounts.map((amount) => ({
        capture_id: CAPTURE_1,
        total_amount: { amount, currency: 'SAR' },
      })),
    });
    const before = captured100();
    const first = call('refund', {
      request: asked(['10.00']),
      response: { order_id: ORDER_ID, status: 'partially_refunded', refunds: [entry(REFUND_1, '10.00')] },
    });
    // The answer to a later call lists the refund already answered, and a new one of 5.00.
    const second = call('refund', {
      request: asked(['10.00', '5.00']),
      response: {
        order_id: ORDER_ID,
        status: 'partially_refunded',
        refunds: [entry(REFUND_1, '10.00'), entry(REFUND_2, '5.00')],
      },
    });
    const lifecycle = deriveLifecycle(ORDER_ID, [...before, first, second]);
    expect(lifecycle.findings).toEqual([]);
    expect(lifecycle.facts.refundedAmount).toBe('15.00');
    expect(lifecycle.entries.at(-1)?.effect).toBe('moved');
    expect(lifecycle.entries.at(-1)?.evidence).toContain(
      `refund ${REFUND_1} was answered before, by record #5`,
    );
    // Its notifications agree with both, and count nothing more.
    const notified = deriveLifecycle(ORDER_ID, [
      ...before,
      first,
      second,
      refunded(REFUND_1, '10.00'),
      refunded(REFUND_2, '5.00'),
    ]);
    expect(notified.findings).toEqual([]);
    expect(notified.facts.refundedAmount).toBe('15.00');
  });

  it('says "confirms the answer" on every notification a refunds[] answer is confirmed by, not the first alone', () => {
    const entry = (refundId: string, amount: string) => ({
      capture_id: CAPTURE_1,
      refund_id: refundId,
      total_amount: { amount, currency: 'SAR' },
    });
    const before = captured100();
    const answer = call('refund', {
      request: { order_id: ORDER_ID, refunds: [] },
      response: {
        order_id: ORDER_ID,
        status: 'partially_refunded',
        refunds: [entry(REFUND_1, '2.00'), entry(REFUND_2, '3.00')],
      },
    });
    const both = deriveLifecycle(ORDER_ID, [
      ...before,
      answer,
      refunded(REFUND_1, '2.00'),
      refunded(REFUND_2, '3.00'),
    ]);
    expect(both.findings).toEqual([]);
    expect(
      both.entries.slice(5).map((entry) => [entry.effect, entry.evidence.endsWith('; confirms the answer')]),
    ).toEqual([
      ['confirmed', true],
      ['confirmed', true],
    ]);
  });

  it('is a zero_amount finding when the only new refund of a partly repeated refunds[] answer is 0.00', () => {
    const before = captured100();
    const entry = (refundId: string, amount: string) => ({
      capture_id: CAPTURE_1,
      refund_id: refundId,
      total_amount: { amount, currency: 'SAR' },
    });
    const first = call('refund', {
      request: money('10.00'),
      response: { order_id: ORDER_ID, status: 'partially_refunded', refunds: [entry(REFUND_1, '10.00')] },
    });
    // A later answer lists the refund already answered beside a new one of nothing.
    const second = call('refund', {
      request: money('0.00'),
      response: {
        order_id: ORDER_ID,
        status: 'partially_refunded',
        refunds: [entry(REFUND_1, '10.00'), entry(REFUND_2, '0.00')],
      },
    });
    const lifecycle = deriveLifecycle(ORDER_ID, [...before, first, second]);
    expect(lifecycle.facts.refundedAmount).toBe('10.00');
    expect(lifecycle.findings.map((finding) => finding.code)).toEqual(['zero_amount']);
    expect(lifecycle.findings[0]?.message).toContain(`new refund`);
    expect(lifecycle.entries.at(-1)?.evidence ?? '').not.toContain('refunded 0.00');
  });

  it('counts a refund its refunds[] answer lists twice once, and says so', () => {
    const before = captured100();
    const entry = {
      capture_id: CAPTURE_1,
      refund_id: REFUND_1,
      total_amount: { amount: '10.00', currency: 'SAR' },
    };
    const answer = call('refund', {
      request: {
        order_id: ORDER_ID,
        refunds: [{ capture_id: CAPTURE_1, total_amount: { amount: '10.00', currency: 'SAR' } }],
      },
      response: { order_id: ORDER_ID, status: 'partially_refunded', refunds: [entry, entry] },
    });
    const lifecycle = deriveLifecycle(ORDER_ID, [...before, answer]);
    expect(lifecycle.facts.refundedAmount).toBe('10.00');
    const evidence = lifecycle.entries.at(-1)?.evidence ?? '';
    expect(evidence).toContain(`refund ${REFUND_1} is listed twice in this answer, and counted once`);
    expect(evidence).not.toContain('; ,');
    // Its notification confirms it, and counts nothing more.
    const notified = deriveLifecycle(ORDER_ID, [...before, answer, refunded(REFUND_1, '10.00')]);
    expect(notified.findings).toEqual([]);
    expect(notified.facts.refundedAmount).toBe('10.00');
  });

  it('is a refund_amount_changed finding when its refunds[] answer lists one refund twice with two amounts', () => {
    const before = captured100();
    const entry = (amount: string) => ({
      capture_id: CAPTURE_1,
      refund_id: REFUND_1,
      total_amount: { amount, currency: 'SAR' },
    });
    const answer = call('refund', {
      request: money('10.00'),
      response: {
        order_id: ORDER_ID,
        status: 'partially_refunded',
        refunds: [entry('10.00'), entry('5.00')],
      },
    });
    const lifecycle = deriveLifecycle(ORDER_ID, [...before, answer]);
    expect(lifecycle.findings.map((finding) => finding.code)).toEqual(['refund_amount_changed']);
    expect(lifecycle.findings[0]?.message).toContain(`refund ${REFUND_1} is listed twice in this answer`);
    expect(lifecycle.findings[0]?.message).toContain('10.00 SAR');
    expect(lifecycle.findings[0]?.message).toContain('5.00 SAR');
    expect(lifecycle.facts.refundedAmount).toBeNull();
  });

  it('says so when the answer names no refund_id, and counts it with its notification once', () => {
    const lifecycle = deriveLifecycle(ORDER_ID, [
      ...captured100(),
      refundCall('10.00', '10.00', null),
      refunded(REFUND_1, '10.00'),
    ]);
    expect(lifecycle.entries[4]?.evidence).toContain('names no refund_id');
    expect(lifecycle.facts.refundedAmount).toBe('10.00');
    expect(lifecycle.findings).toEqual([]);
  });
});

describe('what a refund answer says was refunded', () => {
  beforeEach(() => resetRecords());

  it('is what counts, not what the call asked for', () => {
    const lifecycle = deriveLifecycle(ORDER_ID, [...captured100(), refundCall('10.00', '8.00')]);
    expect(lifecycle.findings).toEqual([]);
    expect(lifecycle.facts.refundedAmount).toBe('8.00');
    expect(lifecycle.entries.at(-1)?.evidence).toContain('asked for 10.00 SAR');
  });

  it('is the sum of its refunds[] entries (the official client)', () => {
    const before = captured100();
    const answer = call('refund', {
      request: {
        order_id: ORDER_ID,
        refunds: [{ capture_id: CAPTURE_1, total_amount: { amount: '10.00', currency: 'SAR' } }],
      },
      response: {
        order_id: ORDER_ID,
        status: 'partially_refunded',
        refunds: [
          { capture_id: CAPTURE_1, refund_id: REFUND_2, total_amount: { amount: '7.50', currency: 'SAR' } },
        ],
      },
    });
    const lifecycle = deriveLifecycle(ORDER_ID, [...before, answer]);
    expect(lifecycle.facts.refundedAmount).toBe('7.50');
  });
  it('is a finding, not counted, when one of its refunds[] is in another currency than the order', () => {
    // A refunds[] answer in two currencies has no one sum: the call's amount was counted
    // instead, and the refund in AED was taken for SAR (15.00 SAR refunded).
    const before = captured100();
    const answer = call('refund', {
      request: {
        order_id: ORDER_ID,
        refunds: [{ capture_id: CAPTURE_1, total_amount: { amount: '15.00', currency: 'SAR' } }],
      },
      response: {
        order_id: ORDER_ID,
        status: 'partially_refunded',
        refunds: [
          { capture_id: CAPTURE_1, refund_id: REFUND_1, total_amount: { amount: '10.00', currency: 'SAR' } },
          { capture_id: CAPTURE_1, refund_id: REFUND_2, total_amount: { amount: '5.00', currency: 'AED' } },
        ],
      },
    });
    const lifecycle = deriveLifecycle(ORDER_ID, [...before, answer]);
    expect(lifecycle.findings.map((finding) => finding.code)).toEqual(['currency_mismatch']);
    expect(lifecycle.findings[0]?.message).toContain('refunds[1]');
    expect(lifecycle.findings[0]?.message).toContain('AED');
    expect(lifecycle.facts.refundedAmount).not.toBe('15.00');
  });
});
