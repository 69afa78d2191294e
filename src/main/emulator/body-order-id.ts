import { describeValue } from '../../shared/checkout/findings';
import { EmulatorError } from './emulator-errors';
import { canonicalOrderId } from './order-id';

/**
 * The `order_id` a call's body gives, for every operation, as the emulator stores order ids
 * (canonicalOrderId: a UUID in any case); undefined when it gives none. One that
 * is not an order id (a number, an array, "") is refused as what it is: read as missing, a
 * capture of `{ "order_id": 123 }` was told the field it had sent was required.
 */
export function bodyOrderId(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('order_id' in body))
    return undefined;
  const named = (body as Record<string, unknown>)['order_id'];
  if (typeof named === 'string' && named !== '') return canonicalOrderId(named);
  throw new EmulatorError(
    400,
    'invalid_order_id',
    `order_id in the body (${describeValue(named)}) is not an order id: it must be the order's id, as text.`,
    [{ error_code: 'invalid_order_id', path: 'order_id' }],
  );
}

/** The order a payment call (capture, refund) is about: `order_id` of its body, which it must give. */
export function requiredBodyOrderId(body: unknown): string {
  const orderId = bodyOrderId(body);
  if (orderId === undefined)
    throw new EmulatorError(400, 'invalid_request', 'order_id is required in the body.', [
      { error_code: 'required', path: 'order_id' },
    ]);
  return orderId;
}

/**
 * A call with its order in the path (authorise, cancel, simplified refund, reference id): a body
 * that names an order must name that one, a merchant's mix-up never guessed at. Both ids come
 * canonical (the route's orderIdAt, bodyOrderId), so a difference only in case is no mix-up.
 */
export function checkBodyOrderId(body: unknown, orderId: string): void {
  const named = bodyOrderId(body);
  if (named !== undefined && named !== orderId)
    throw new EmulatorError(
      400,
      'order_id_mismatch',
      `order_id in the body (${describeValue(named)}) is not the order in the path (${orderId}).`,
      [{ error_code: 'order_id_mismatch', path: 'order_id' }],
    );
}
