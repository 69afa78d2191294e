import type { OrderFinding } from '@shared/orders/order-lifecycle';
import { isCountedFinding } from '@shared/orders/order-lifecycle';

/** The hue of the Orders view's findings box. */
export function orderFindingsColor(findings: readonly Pick<OrderFinding, 'code' | 'severity'>[]): string {
  // Red while any finding's record is not counted; orange when every one still counts.
  return findings.every(isCountedFinding) ? 'orange' : 'red';
}
