import { randomUUID } from 'node:crypto';
import type { EmulatorOrderRow } from '../store/emulator-orders-repository';
import type { TransactionRow } from '../store/emulator-transactions-repository';
import { EmulatorError } from './emulator-errors';
import { TRANSACTION_DATA, transactionData } from './notification-data';
import type { Move } from './order-move';
import { minorOf, requestedAmount, textOf, totalAmountOf } from './operation-amounts';
import { orderAmounts, stateOfAmounts } from './order-amount-state';
import { allocateRefund, refundableCaptures } from './refund-allocation';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function tooMuch(amount: bigint, left: bigint, currency: string, what: string, path: string): EmulatorError {
  return new EmulatorError(
    400,
    'amount_exceeds_remaining',
    `Refunding ${textOf(amount, currency)} ${currency} is more than the ${textOf(left, currency)} ${currency} ${what}.`,
    [{ error_code: 'amount_exceeds_remaining', path }],
  );
}

/**
 * The order after refunding `amount` more, and the notification it sends. Fully refunded only
 * when nothing is left to capture either (stateOfAmounts).
 */
function refunded(
  order: EmulatorOrderRow,
  amount: bigint,
  refundId: string,
  nowMs: number,
  history: readonly TransactionRow[],
) {
  const { currency } = order;
  const amounts = orderAmounts(order, history);
  const after = amounts.refunded + amount;
  return {
    order: {
      ...order,
      state: stateOfAmounts({ ...amounts, refunded: after }),
      refundedAmount: textOf(after, currency),
      updatedAtMs: nowMs,
    },
    notification: {
      eventType: TRANSACTION_DATA.refund.eventType,
      data: transactionData('refund', {
        id: refundId,
        amount: { amount: textOf(amount, currency), currency },
      }),
    },
  };
}

/**
 * `POST /payments/simplified-refund/{order_id}`: an amount (all that is captured and not refunded
 * when none is given), spread over the captures oldest first; one refund id for all its parts.
 */
export function simplifiedRefundMove(
  order: EmulatorOrderRow,
  body: unknown,
  nowMs: number,
  history: readonly TransactionRow[],
): Move {
  const { currency } = order;
  const captures = refundableCaptures(history, order);
  const left = minorOf(order.capturedAmount, currency) - minorOf(order.refundedAmount, currency);
  const amount = requestedAmount(totalAmountOf(body), order, left);
  if (amount > left)
    throw tooMuch(amount, left, currency, 'captured and not refunded', 'total_amount.amount');
  const refundId = randomUUID();
  const after = refunded(order, amount, refundId, nowMs, history);
  const request = body === undefined ? null : JSON.stringify(body);
  return {
    order: after.order,
    notifications: [after.notification],
    transactions: allocateRefund(captures, amount).map((part) => ({
      orderId: order.orderId,
      kind: 'refund',
      transactionId: refundId,
      captureId: part.captureId,
      amount: textOf(part.amount, currency),
      currency,
      request,
      createdAtMs: nowMs,
    })),
  };
}

/**
 * `POST /payments/refund` (the official client's full refund): `{ order_id, refunds: [{
 * capture_id, total_amount, … }] }`, each refund against the capture it names, each with its own
 * refund id and notification. All or nothing: one refund that does not fit refuses the call.
 */
export function capturesRefundMove(
  order: EmulatorOrderRow,
  body: unknown,
  nowMs: number,
  history: readonly TransactionRow[],
): Move {
  const refunds = isObject(body) ? body['refunds'] : undefined;
  if (!Array.isArray(refunds) || refunds.length === 0)
    throw new EmulatorError(
      400,
      'invalid_request',
      'refunds must be a non-empty array of { capture_id, total_amount }.',
      [{ error_code: 'required', path: 'refunds' }],
    );
  const { currency } = order;
  const captures = refundableCaptures(history, order);
  let current = order;
  const move: Move = { order, notifications: [], transactions: [] };
  refunds.forEach((refund: unknown, index) => {
    const path = `refunds[${index}]`;
    const captureId = isObject(refund) ? refund['capture_id'] : undefined;
    const capture = captures.find((candidate) => candidate.captureId === captureId);
    if (capture === undefined)
      throw new EmulatorError(
        400,
        'capture_not_found',
        `${path}.capture_id ${JSON.stringify(captureId ?? null)} is not a capture of order ${order.orderId}.`,
        [{ error_code: 'capture_not_found', path: `${path}.capture_id` }],
      );
    const amount = requestedAmount(
      totalAmountOf(refund, `${path}.`),
      order,
      capture.refundable,
      `${path}.total_amount`,
    );
    if (amount > capture.refundable)
      throw tooMuch(
        amount,
        capture.refundable,
        currency,
        `left of capture ${capture.captureId}`,
        `${path}.total_amount.amount`,
      );
    capture.refundable -= amount;
    const refundId = randomUUID();
    const after = refunded(current, amount, refundId, nowMs, history);
    current = after.order;
    move.notifications.push(after.notification);
    move.transactions.push({
      orderId: order.orderId,
      kind: 'refund',
      transactionId: refundId,
      captureId: capture.captureId,
      amount: textOf(amount, currency),
      currency,
      request: JSON.stringify(refund),
      createdAtMs: nowMs,
    });
  });
  return { ...move, order: current };
}
