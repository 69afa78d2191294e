import { isJsonObject, type OrderRecord } from './order-record';
import type { AmountProblem, Walk } from './lifecycle-walk';

/**
 * An `order_refunded` that names its refund (refund_id; the spec does not document the event,
 * the emulator and the official client give one): the same refund_id again is the same refund,
 * counted once however its JSON is written ("10" for "10.00", keys reordered), or a
 * contradiction when its amount changed. One that names none is counted on its own, as before.
 */
export function refundIdProblem(
  walk: Walk,
  record: OrderRecord,
  data: unknown,
  minor: bigint | null,
): AmountProblem | 'duplicate' | null {
  const refundId = isJsonObject(data) ? data['refund_id'] : undefined;
  if (typeof refundId !== 'string' || refundId.trim() === '') return null;
  const known = walk.refunds.get(refundId);
  if (known === undefined) {
    walk.refunds.set(refundId, { recordId: record.id, minor });
    return null;
  }
  if (known.minor === minor) return 'duplicate';
  return {
    code: 'refund_amount_changed',
    message: `refund ${refundId} was reported as ${walk.money(known.minor)} by record #${known.recordId} and now as ${walk.money(minor)}`,
  };
}
