import { beforeEach, describe, expect, it } from 'vitest';
import { ordersTable } from '../../src/main/cli/order-report';
import { deriveLifecycle } from '../../src/shared/orders/derive-lifecycle';
import { LAST_ACTIVITY_LABEL, summariseLifecycle } from '../../src/shared/orders/order-lifecycle';
import { created, deliveryOf, ORDER_ID, resetRecords } from './helpers/order-records';

// The Orders view showed "Last activity 06:20:42.586" beside "Latest record #8 (service) …
// 06:20:47.644", and the list and `orders` LAST ACTIVITY matched the former: the time is the
// service's evidence's, and every place now says so in one label.
describe("an order's last activity", () => {
  beforeEach(resetRecords);

  it("is labelled as the service's evidence's, in the list, the view and orders", () => {
    expect(LAST_ACTIVITY_LABEL).toBe('Last evidence');
    const create = created();
    const delivery = deliveryOf('order_approved');
    const summary = summariseLifecycle(deriveLifecycle(ORDER_ID, [create, delivery]));
    expect(summary.lastActivityAt).toBe(create.at);
    const table = ordersTable([summary]);
    expect(table).toContain('LAST EVIDENCE');
    expect(table).not.toContain('LAST ACTIVITY');
  });
});
