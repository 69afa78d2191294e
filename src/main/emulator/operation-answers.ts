import type { EmulatorOrderRow } from '../store/emulator-orders-repository';
import { minorOf, textOf } from './operation-amounts';
import type { Move } from './order-machine';

/**
 * What each operation answers: the fields the official client reads from it (its Response
 * classes), so it builds its response object without a TypeError or a warning. The spec shows
 * none of these; docs/emulator-fidelity.md lists them.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function paymentTypeOf(order: EmulatorOrderRow): string | null {
  try {
    const payload: unknown = JSON.parse(order.payload);
    const type = isObject(payload) ? payload['payment_type'] : undefined;
    return typeof type === 'string' ? type : null;
  } catch {
    return null;
  }
}

const money = (amount: string, currency: string) => ({ amount, currency });
const first = (move: Move, kind: string) => move.transactions.find((row) => row.kind === kind);

/**
 * AuthoriseOrderResponse: order_expiry_time, payment_type, auto_captured, authorized_amount,
 * capture_id. order_expiry_time is the setting's days after the authorisation (never null: the
 * client makes a DateTime of it), not the unpaid checkout's expiry, past by then.
 */
export function authoriseAnswer({ order, authorisedUntilMs }: Move): Json {
  return {
    order_id: order.orderId,
    status: order.state,
    order_expiry_time: new Date(authorisedUntilMs ?? order.expiresAtMs).toISOString(),
    payment_type: paymentTypeOf(order),
    // The emulator never captures on its own: a capture is always the merchant's call.
    auto_captured: false,
    authorized_amount: money(
      textOf(minorOf(order.totalAmount, order.currency), order.currency),
      order.currency,
    ),
    capture_id: null,
  };
}

/**
 * The answer to a cancel or a capture: the order, the move's transaction id and amount under
 * the names the spec gives them, and the state the order is in now.
 */
function transactionAnswer(
  move: Move,
  kind: 'cancel' | 'capture',
  names: { id: string; amount: string },
): Json {
  const transaction = first(move, kind);
  return {
    order_id: move.order.orderId,
    [names.id]: transaction?.transactionId ?? null,
    status: move.order.state,
    [names.amount]: money(transaction?.amount ?? '0', move.order.currency),
  };
}

/** CancelResponse: order_id, cancel_id. */
export const cancelAnswer = (move: Move): Json =>
  transactionAnswer(move, 'cancel', { id: 'cancel_id', amount: 'canceled_amount' });

/** CaptureResponse: order_id, capture_id (and the captured amount, as the notification says it). */
export const captureAnswer = (move: Move): Json =>
  transactionAnswer(move, 'capture', { id: 'capture_id', amount: 'captured_amount' });

/** SimplifiedRefundResponse: order_id, comment, refund_id, capture_id, status, refunded_amount. */
export function simplifiedRefundAnswer(move: Move, body: unknown): Json {
  const parts = move.transactions.filter((row) => row.kind === 'refund');
  const comment = isObject(body) ? body['comment'] : undefined;
  const refunded = move.notifications[0]?.data;
  return {
    order_id: move.order.orderId,
    comment: typeof comment === 'string' ? comment : '',
    refund_id: parts[0]?.transactionId ?? null,
    // The first capture it refunds (a refund larger than one capture spreads over the next ones).
    capture_id: parts[0]?.captureId ?? null,
    status: move.order.state,
    refunded_amount: isObject(refunded) ? refunded['refunded_amount'] : money('0', move.order.currency),
  };
}

/** RefundResponse: order_id and refunds[] of { capture_id, refund_id }. */
export function capturesRefundAnswer(move: Move): Json {
  return {
    order_id: move.order.orderId,
    status: move.order.state,
    refunds: move.transactions.map((row) => ({
      capture_id: row.captureId,
      refund_id: row.transactionId,
      total_amount: money(row.amount, row.currency),
    })),
  };
}

/** UpdateReferenceIdResponse: message. */
export function updateReferenceAnswer({ order }: Move): Json {
  return {
    order_id: order.orderId,
    order_reference_id: order.referenceId,
    message: 'The order reference id was updated.',
  };
}
