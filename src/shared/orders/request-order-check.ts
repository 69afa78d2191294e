import type { Walk } from './lifecycle-walk';
import { operationOf, type OrderRecord } from './order-record';
import { callSource } from './read-call-record';
import { judgeNamedOrder } from './request-order-names';

/**
 * Whether a console operation's record filed under `orderId` is evidence about it. The record's
 * order is the one the request named and the service answered for, not the one it was filed
 * under (records stored before the client filed them so were filed under the order whose editor
 * sent them, whatever their URL said). One that names another order is listed, a finding, and
 * moves nothing here; one that names this order but disagrees otherwise (sent from another
 * order's editor, another order in its body) counts, and is a finding too.
 */
export function readsAsThisOrder(walk: Walk, orderId: string, record: OrderRecord): boolean {
  const operation = operationOf(record);
  if (operation === null || operation === 'createCheckout') return true;
  const { concerns, finding } = judgeNamedOrder(operation, record, orderId);
  if (!concerns) {
    const { code, message } = finding ?? { code: 'names_another_order', message: 'Names another order' };
    walk.contradict(record, `${operation} → ${record.status ?? 'no answer'}`, callSource(operation), {
      code,
      message,
    });
    return false;
  }
  if (finding !== null) walk.findings.push({ recordId: record.id, ...finding });
  return true;
}
