import { beforeEach, describe, expect, it } from 'vitest';
import { deriveLifecycle } from '../../src/shared/orders/derive-lifecycle';
import type { OrderRecord } from '../../src/shared/orders/order-record';
import { created, ORDER_ID, resetRecords } from './helpers/order-records';

// A service that answered every create-checkout with the same order_id merged three different
// checkouts into one order: the first one's reference and total, "findings none", and the
// others "confirmed". A later KWD capture would have been judged against the AED total.

/** Another checkout answered with the same order id: its own checkout id, reference and total. */
function anotherCheckout(
  amount: string,
  currency: string,
  reference: string,
  checkoutId: string,
): OrderRecord {
  const record = created({ amount, currency, reference });
  return {
    ...record,
    responseJson: { ...(record.responseJson as Record<string, unknown>), checkout_id: checkoutId },
  };
}

describe('two checkouts answered with one order id', () => {
  beforeEach(() => resetRecords());

  it('the second is a contradiction naming both records and what differs; the first stands', () => {
    const records = [
      created({ amount: '663.60', currency: 'AED', reference: 'ORD-1' }),
      anotherCheckout('401.625', 'KWD', 'REF-KW-1', 'c0ffee00-0000-4000-8000-000000000002'),
      anotherCheckout('663.60', 'AED', 'ORD-1', 'c0ffee00-0000-4000-8000-000000000003'),
    ];
    const lifecycle = deriveLifecycle(ORDER_ID, records);
    expect(lifecycle.state).toBe('new');
    expect(lifecycle.facts).toMatchObject({ referenceId: 'ORD-1', amount: '663.60', currency: 'AED' });
    expect(lifecycle.entries.map((entry) => entry.effect)).toEqual(['moved', 'contradicts', 'contradicts']);
    expect(lifecycle.findings).toEqual([
      {
        recordId: 2,
        severity: 'error',
        code: 'another_checkout',
        message:
          'A second create-checkout was answered with this order id, for another checkout than record #1: checkout_id c0ffee00-0000-4000-8000-000000000002 (record #1: c0ffee00-0000-4000-8000-000000000001), reference REF-KW-1 (record #1: ORD-1), total 401.625 KWD (record #1: 663.60 AED)',
      },
      {
        recordId: 3,
        severity: 'error',
        code: 'another_checkout',
        message:
          'A second create-checkout was answered with this order id, for another checkout than record #1: checkout_id c0ffee00-0000-4000-8000-000000000003 (record #1: c0ffee00-0000-4000-8000-000000000001)',
      },
    ]);
  });

  it('the same checkout answered again confirms it', () => {
    const lifecycle = deriveLifecycle(ORDER_ID, [created(), created()]);
    expect(lifecycle.entries.map((entry) => entry.effect)).toEqual(['moved', 'confirmed']);
    expect(lifecycle.findings).toEqual([]);
  });
});
