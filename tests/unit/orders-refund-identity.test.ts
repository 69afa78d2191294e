import { beforeEach, describe, expect, it } from 'vitest';
import { deriveLifecycle } from '../../src/shared/orders/derive-lifecycle';
import { CAPTURE_1, captured, created, ORDER_ID, resetRecords, webhook } from './helpers/order-records';

const REFUND_1 = '3b241101-e2bb-4255-8caf-4136c566a962';

// The same order_refunded sent again with its JSON written another way (keys reordered, 10 for
// "10.00") was a new body, so the one refund was counted twice: 20.00 refunded of 10.00.
const refunded = (amount: string | number, refundId: string | undefined, reordered = false) =>
  webhook(
    'order_refunded',
    reordered
      ? {
          refunded_amount: { currency: 'SAR', amount },
          ...(refundId === undefined ? {} : { refund_id: refundId }),
        }
      : {
          ...(refundId === undefined ? {} : { refund_id: refundId }),
          refunded_amount: { amount, currency: 'SAR' },
        },
  );

const captured100 = () => [
  created({ amount: '100.00' }),
  webhook('order_approved'),
  webhook('order_authorised'),
  captured(CAPTURE_1, '100.00'),
];

describe('a refund the service names by refund_id', () => {
  beforeEach(() => resetRecords());

  it('counts the same refund_id and amount once, however its JSON is written', () => {
    const lifecycle = deriveLifecycle(ORDER_ID, [
      ...captured100(),
      refunded('10.00', REFUND_1),
      refunded(10, REFUND_1, true),
    ]);
    expect(lifecycle.facts.refundedAmount).toBe('10.00');
    expect(lifecycle.entries.at(-1)?.effect).toBe('duplicate');
    expect(lifecycle.findings).toEqual([]);
  });

  it('is a finding when the same refund_id comes with another amount', () => {
    const lifecycle = deriveLifecycle(ORDER_ID, [
      ...captured100(),
      refunded('10.00', REFUND_1),
      refunded('15.00', REFUND_1),
    ]);
    expect(lifecycle.facts.refundedAmount).toBe('10.00');
    expect(lifecycle.entries.at(-1)?.effect).toBe('contradicts');
    expect(lifecycle.findings.map((finding) => finding.code)).toEqual(['refund_amount_changed']);
  });

  it('still counts refunds that name no refund_id, each on its own', () => {
    const lifecycle = deriveLifecycle(ORDER_ID, [
      ...captured100(),
      refunded('10.00', undefined),
      refunded('5.00', undefined),
    ]);
    expect(lifecycle.facts.refundedAmount).toBe('15.00');
    expect(lifecycle.findings).toEqual([]);
  });
});
