import { randomUUID } from 'node:crypto';
import { formatMinorUnits, parseAmount, toMinorUnits } from '../../shared/checkout/money';
import { isCurrency, precisionOf } from '../../shared/checkout';
import {
  CUSTOMER_ACTION_OUTCOME,
  operationAllowedIn,
  type CustomerAction,
  type OrderEventType,
} from '../../shared/orders/order-states';
import type { OperationName } from '../../shared/profile';
import { ORDER_STATE_WORDS, operationBlockedReason } from '../../shared/orders/operation-availability';
import type { EmulatorOrderRow } from '../store/emulator-repository';
import { EmulatorError } from './emulator-errors';

/** What a move did: the order after it, and the notification it sends (null: none). */
export interface Move {
  order: EmulatorOrderRow;
  notification: { eventType: OrderEventType; data: unknown } | null;
}

const precisionFor = (currency: string) => (isCurrency(currency) ? precisionOf(currency) : 2);
const minor = (amount: string, currency: string) => {
  const parsed = parseAmount(amount);
  return parsed === undefined ? 0n : toMinorUnits(parsed, precisionFor(currency));
};
const text = (units: bigint, currency: string) => formatMinorUnits(units, precisionFor(currency));

function wrongState(message: string, order: EmulatorOrderRow): EmulatorError {
  return new EmulatorError(409, 'invalid_order_state', message, [{ error_code: 'invalid_order_state' }], {
    order_id: order.orderId,
    status: order.state,
  });
}

/** What the customer does on the checkout page (or through `/_emulator/orders/{id}/…`): only from `new`. */
export function customerMove(order: EmulatorOrderRow, action: CustomerAction, nowMs: number): Move {
  if (order.state !== 'new')
    throw wrongState(
      `The customer can ${action} only a new order; it is ${ORDER_STATE_WORDS[order.state]}.`,
      order,
    );
  const outcome = CUSTOMER_ACTION_OUTCOME[action];
  return {
    order: { ...order, state: outcome.state, updatedAtMs: nowMs },
    notification: outcome.eventType === null ? null : { eventType: outcome.eventType, data: [] },
  };
}

/** Reads `total_amount` of a capture or refund body: the amount in minor units of the order's currency. */
function requestedAmount(body: unknown, order: EmulatorOrderRow, fallback: bigint): bigint {
  const money =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)['total_amount']
      : undefined;
  if (money === undefined) return fallback;
  if (typeof money !== 'object' || money === null)
    throw new EmulatorError(
      400,
      'invalid_amount',
      'total_amount must be a Money object { amount, currency }.',
      [{ error_code: 'invalid_amount', path: 'total_amount' }],
    );
  const { amount, currency } = money as Record<string, unknown>;
  if (currency !== undefined && currency !== order.currency)
    throw new EmulatorError(
      400,
      'currency_mismatch',
      `total_amount.currency ${JSON.stringify(currency)} is not the order's currency ${order.currency}.`,
      [{ error_code: 'currency_mismatch', path: 'total_amount.currency' }],
    );
  const parsed = parseAmount(amount);
  if (parsed === undefined || parsed.negative || parsed.value === 0)
    throw new EmulatorError(400, 'invalid_amount', 'total_amount.amount must be a positive number.', [
      { error_code: 'invalid_amount', path: 'total_amount.amount' },
    ]);
  return toMinorUnits(parsed, precisionFor(order.currency));
}

function checkAllowed(operation: OperationName, order: EmulatorOrderRow): void {
  if (!operationAllowedIn(operation, order.state))
    throw wrongState(operationBlockedReason(operation, order.state) ?? 'Not allowed in this state.', order);
}

/**
 * A follow-up operation on an order, as the emulator enforces it (OPERATION_FROM_STATES). A call
 * in the wrong state, or with an amount beyond what is left, is refused and changes nothing.
 */
export function operationMove(
  order: EmulatorOrderRow,
  operation: Exclude<OperationName, 'getOrder'>,
  body: unknown,
  nowMs: number,
): Move {
  checkAllowed(operation, order);
  const { currency } = order;
  const total = minor(order.totalAmount, currency);
  const captured = minor(order.capturedAmount, currency);
  const refunded = minor(order.refundedAmount, currency);
  switch (operation) {
    case 'authorise':
      return {
        order: { ...order, state: 'authorised', updatedAtMs: nowMs },
        notification: { eventType: 'order_authorised', data: [] },
      };
    case 'cancel':
      return {
        order: { ...order, state: 'canceled', updatedAtMs: nowMs },
        notification: { eventType: 'order_canceled', data: [] },
      };
    case 'capture': {
      const left = total - captured;
      const amount = requestedAmount(body, order, left);
      if (amount > left)
        throw new EmulatorError(
          400,
          'amount_exceeds_remaining',
          `Capturing ${text(amount, currency)} ${currency} is more than the ${text(left, currency)} ${currency} left to capture.`,
          [{ error_code: 'amount_exceeds_remaining', path: 'total_amount.amount' }],
        );
      const now = captured + amount;
      const capturedAmount = { amount: text(amount, currency), currency };
      return {
        order: {
          ...order,
          state: now === total ? 'fully_captured' : 'partially_captured',
          capturedAmount: text(now, currency),
          updatedAtMs: nowMs,
        },
        notification: {
          eventType: 'order_captured',
          data: { capture_id: randomUUID(), captured_amount: capturedAmount },
        },
      };
    }
    case 'refund': {
      const left = captured - refunded;
      const amount = requestedAmount(body, order, left);
      if (amount > left)
        throw new EmulatorError(
          400,
          'amount_exceeds_remaining',
          `Refunding ${text(amount, currency)} ${currency} is more than the ${text(left, currency)} ${currency} captured and not refunded.`,
          [{ error_code: 'amount_exceeds_remaining', path: 'total_amount.amount' }],
        );
      const now = refunded + amount;
      return {
        order: {
          ...order,
          state: now === captured ? 'fully_refunded' : 'partially_refunded',
          refundedAmount: text(now, currency),
          updatedAtMs: nowMs,
        },
        notification: {
          eventType: 'order_refunded',
          data: { refund_id: randomUUID(), refunded_amount: { amount: text(amount, currency), currency } },
        },
      };
    }
    case 'updateReferenceId': {
      const reference =
        typeof body === 'object' && body !== null
          ? (body as Record<string, unknown>)['order_reference_id']
          : undefined;
      if (typeof reference !== 'string' || reference.trim() === '')
        throw new EmulatorError(
          400,
          'invalid_reference_id',
          'order_reference_id must be a non-empty string.',
          [{ error_code: 'invalid_reference_id', path: 'order_reference_id' }],
        );
      return { order: { ...order, referenceId: reference, updatedAtMs: nowMs }, notification: null };
    }
  }
}
