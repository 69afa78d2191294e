import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { ordersTable } from '../../src/main/cli/order-report';
import { deriveLifecycle } from '../../src/shared/orders/derive-lifecycle';
import { summariseLifecycle } from '../../src/shared/orders/order-lifecycle';
import { orderTotalWords } from '../../src/shared/orders/order-total-words';
import { importedCopy, ORDER_ID, resetRecords, webhook } from './helpers/order-records';

// An order known only from imported records: `orders` printed "unknown" for its amount where the
// Orders view's list showed "—". One owner gives the word to both (and to the view's detail).
describe('the total of an order no create-checkout call of this console names', () => {
  beforeEach(resetRecords);

  it('is one word, "unknown", in the orders table and from the owner the view takes', () => {
    const summary = summariseLifecycle(deriveLifecycle(ORDER_ID, [importedCopy(webhook('order_approved'))]));
    expect(summary.amount).toBeNull();
    expect(orderTotalWords(summary.amount, summary.currency)).toBe('unknown');
    const row = ordersTable([summary]).split('\n')[1] ?? '';
    expect(row).toMatch(/ unknown /);
    expect(orderTotalWords('100.00', 'SAR')).toBe('100.00 SAR');
  });

  it('is taken by the Orders list and detail, not written there again', () => {
    for (const file of ['orders-list.tsx', 'order-detail.tsx']) {
      const source = readFileSync(`src/renderer/src/features/orders/${file}`, 'utf8');
      expect(source, file).toContain('orderTotalWords(');
      expect(source, file).not.toMatch(/formatMoney\((order|facts)\.amount,/);
    }
  });
});
