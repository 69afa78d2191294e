import { isJsonObject, type OrderRecord } from './order-record';
import type { AmountProblem, Walk } from './lifecycle-walk';
import { amountChangedFrom, amountChangedProblem, noteNamedAmount } from './named-amounts';
import { UUID_PATTERN } from '../webhook/notification-payload';

/**
 * A capture the service reports must name itself (capture_id, a UUID in the spec): the same
 * capture_id again is the same capture (a duplicate, or a contradiction when its amount
 * changed), and one that names nothing cannot be told apart from the others. A capture first
 * named by a call's answer is confirmed by its notification when the amounts agree.
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
  const known = amountChangedFrom(walk.captures, captureId, minor);
  if (known !== null) return amountChangedProblem(walk, 'capture', captureId, known, minor);
  return noteNamedAmount(walk.captures, captureId, record.id, minor, 'notified');
}

/**
 * A capture call's 2xx answer that names its capture (capture_id, captured_amount): the same
 * capture as an `order_captured` with that capture_id, so the two must give one amount, whichever
 * came first (the ledger would otherwise take the larger and hide the disagreement). `minor` is
 * what the call counts; the answer's own amount, when it gives one, is what is compared.
 * Null for an answer that names no capture: it is counted as before.
 */
export function answeredCaptureProblem(
  walk: Walk,
  record: OrderRecord,
  answeredMinor: bigint | null,
): AmountProblem | 'duplicate' | null {
  const answer = record.responseJson;
  const captureId = isJsonObject(answer) ? answer['capture_id'] : undefined;
  if (typeof captureId !== 'string' || !UUID_PATTERN.test(captureId)) return null;
  const known = amountChangedFrom(walk.captures, captureId, answeredMinor);
  if (known !== null) return amountChangedProblem(walk, 'capture', captureId, known, answeredMinor);
  // The same capture answered twice (a call sent again): counted once.
  return noteNamedAmount(walk.captures, captureId, record.id, answeredMinor, 'answered');
}
