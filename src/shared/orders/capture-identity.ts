import { isJsonObject, type OrderRecord } from './order-record';
import type { AmountProblem, Walk } from './lifecycle-walk';
import { UUID_PATTERN } from '../webhook/notification-payload';

/**
 * A capture the service reports must name itself (capture_id, a UUID in the spec): the same
 * capture_id again is the same capture (a duplicate, or a contradiction when its amount
 * changed), and one that names nothing cannot be told apart from the others.
 */
export function captureIdProblem(
  walk: Walk,
  record: OrderRecord,
  data: unknown,
  minor: bigint | null,
): AmountProblem | 'duplicate' | null {
  const captureId = isJsonObject(data) ? data['capture_id'] : undefined;
  if (typeof captureId !== 'string' || !UUID_PATTERN.test(captureId))
    return {
      code: 'unknown_capture',
      message: `order_captured names no capture it can be told apart by (capture_id ${JSON.stringify(captureId ?? null)}; the spec gives a UUID)`,
    };
  const known = walk.captures.get(captureId);
  if (known === undefined) {
    walk.captures.set(captureId, { recordId: record.id, minor });
    return null;
  }
  if (known.minor === minor) return 'duplicate';
  return {
    code: 'capture_amount_changed',
    message: `capture ${captureId} was reported as ${walk.money(known.minor)} by record #${known.recordId} and now as ${walk.money(minor)}`,
  };
}
