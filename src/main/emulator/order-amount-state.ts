import type { OrderState } from '../../shared/orders/order-states';
import type { EmulatorOrderRow } from '../store/emulator-orders-repository';
import type { TransactionRow } from '../store/emulator-transactions-repository';
import { EmulatorError } from './emulator-errors';
import { minorOf, textOf } from './operation-amounts';

/** An order's amounts in minor units of its currency. */
export interface OrderAmounts {
  total: bigint;
  captured: bigint;
  refunded: bigint;
  canceled: bigint;
}

export function orderAmounts(
  order: Pick<EmulatorOrderRow, 'currency' | 'totalAmount' | 'capturedAmount' | 'refundedAmount'>,
  history: readonly TransactionRow[],
): OrderAmounts {
  const { currency } = order;
  return {
    total: minorOf(order.totalAmount, currency),
    captured: minorOf(order.capturedAmount, currency),
    refunded: minorOf(order.refundedAmount, currency),
    canceled: history
      .filter((row) => row.kind === 'cancel')
      .reduce((sum, row) => sum + minorOf(row.amount, currency), 0n),
  };
}

/** What is still authorised and neither captured nor cancelled: what a capture or cancel may take. */
export function uncapturedOf(amounts: OrderAmounts): bigint {
  const left = amounts.total - amounts.captured - amounts.canceled;
  return left > 0n ? left : 0n;
}

/**
 * The state after a capture, refund or cancel, from all the amounts (the spec shows none of these
 * states; docs/defaults.md "Orders and their states"). A refund makes the order refunded, fully
 * only when everything captured is refunded and nothing is left to capture: a part captured and
 * refunded with the rest still authorised is not a fully refunded order, and the rest can still
 * be captured or cancelled. Without a refund, captured in full or in part; a part captured with
 * the rest cancelled stays partially captured (what was captured is still refundable, which a
 * canceled order is not). Nothing captured and something cancelled: canceled.
 */
export function stateOfAmounts(amounts: OrderAmounts): OrderState {
  const left = uncapturedOf(amounts);
  if (amounts.refunded > 0n)
    return amounts.refunded >= amounts.captured && left === 0n ? 'fully_refunded' : 'partially_refunded';
  if (amounts.captured > 0n)
    return amounts.captured >= amounts.total ? 'fully_captured' : 'partially_captured';
  return amounts.canceled > 0n ? 'canceled' : 'authorised';
}

/**
 * A capture or cancel on an order whose state allows one (OPERATION_FROM_STATES) but with
 * nothing left to take: refused as a wrong state, saying where the order's money went.
 */
export function checkSomethingUncaptured(
  order: EmulatorOrderRow,
  amounts: OrderAmounts,
  what: 'capture' | 'cancel',
): void {
  if (uncapturedOf(amounts) > 0n) return;
  const { currency } = order;
  const of = (units: bigint) => `${textOf(units, currency)} ${currency}`;
  const canceled = amounts.canceled > 0n ? ` and ${of(amounts.canceled)} canceled` : '';
  throw new EmulatorError(
    409,
    'invalid_order_state',
    `Nothing is left to ${what}: of the ${of(amounts.total)} order, ${of(amounts.captured)} is captured${canceled}.`,
    [{ error_code: 'invalid_order_state' }],
    { order_id: order.orderId, status: order.state },
  );
}
