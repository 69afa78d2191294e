import { randomUUID } from 'node:crypto';
import { blankTextFinding, isBlankText } from '../../shared/checkout/blank-text';
import { DEFAULT_EMPTY_OPTIONAL, type EmptyOptionalChoice } from '../../shared/checkout/empty-optional';
import { toFinding } from '../../shared/checkout/findings';
import { DEFAULT_EMULATOR_SETTINGS } from '../../shared/emulator';
import {
  CUSTOMER_ACTION_OUTCOME,
  operationAllowedIn,
  type CustomerAction,
} from '../../shared/orders/order-states';
import type { OperationName } from '../../shared/profile';
import { ORDER_STATE_WORDS, operationBlockedReason } from '../../shared/orders/operation-availability';
import type { EmulatorOrderRow } from '../store/emulator-orders-repository';
import type { TransactionRow } from '../store/emulator-transactions-repository';
import { EmulatorError } from './emulator-errors';
import { requestedAmount, textOf, totalAmountOf } from './operation-amounts';
import {
  checkSomethingUncaptured,
  orderAmounts,
  stateOfAmounts,
  uncapturedOf,
  type OrderAmounts,
} from './order-amount-state';
import type { Move } from './order-move';
import { TRANSACTION_DATA, transactionData } from './notification-data';
import { simplifiedRefundMove } from './refund-moves';

export type { Move } from './order-move';

export function wrongState(message: string, order: EmulatorOrderRow): EmulatorError {
  return new EmulatorError(409, 'invalid_order_state', message, [{ error_code: 'invalid_order_state' }], {
    order_id: order.orderId,
    status: order.state,
  });
}

/**
 * What the customer does on the checkout page (or through `/_emulator/orders/{id}/…`): only from
 * `new`, and only before the order's expiry. The expiry timer may fire late (it counts the
 * process's awake time: a laptop that slept), so the time itself is the judge, not the timer.
 */
export function customerMove(order: EmulatorOrderRow, action: CustomerAction, nowMs: number): Move {
  if (order.state !== 'new')
    throw wrongState(
      `The customer can ${action} only a new order; it is ${ORDER_STATE_WORDS[order.state]}.`,
      order,
    );
  if (action !== 'expire' && nowMs >= order.expiresAtMs)
    throw new EmulatorError(
      409,
      'order_expired',
      `The customer cannot ${action} this order: it expired at ${new Date(order.expiresAtMs).toISOString()}.`,
      [{ error_code: 'order_expired' }],
      { order_id: order.orderId, status: order.state, expires_at: new Date(order.expiresAtMs).toISOString() },
    );
  const outcome = CUSTOMER_ACTION_OUTCOME[action];
  return {
    order: { ...order, state: outcome.state, updatedAtMs: nowMs },
    notifications: outcome.eventType === null ? [] : [{ eventType: outcome.eventType, data: [] }],
    transactions: [],
  };
}

export function checkAllowed(operation: OperationName, order: EmulatorOrderRow): void {
  if (!operationAllowedIn(operation, order.state))
    throw wrongState(operationBlockedReason(operation, order.state) ?? 'Not allowed in this state.', order);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const fieldOf = (body: unknown, key: string): unknown => (isObject(body) ? body[key] : undefined);
const requestText = (body: unknown) => (body === undefined ? null : JSON.stringify(body));

/** An ISO 8601 date or date-time (what the official client sends: `2026-11-28T10:00:00+03:00`). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

const badShipping = (path: string, message: string) =>
  new EmulatorError(400, 'invalid_shipping_info', message, [{ error_code: 'invalid_shipping_info', path }]);

/**
 * A capture's `shipping_info`, judged before it is kept: the order record answers it back, and
 * the official client reads `shipped_at` as a date (`new DateTimeImmutable`, an exception on
 * anything else) and the rest as strings. Kept unjudged, one careless capture made every later
 * read of its order fail in the merchant's own code. Absent, it is shipped at capture time.
 */
function checkShippingInfo(info: unknown): void {
  if (info === undefined || info === null) return;
  if (!isObject(info))
    throw badShipping(
      'shipping_info',
      'shipping_info must be an object { shipped_at, shipping_company, … }.',
    );
  const shippedAt = info['shipped_at'];
  if (
    shippedAt !== undefined &&
    (typeof shippedAt !== 'string' || !ISO_TIME.test(shippedAt) || Number.isNaN(Date.parse(shippedAt)))
  )
    throw badShipping(
      'shipping_info.shipped_at',
      `shipping_info.shipped_at must be an ISO 8601 date-time such as 2026-11-28T10:00:00+03:00; got ${JSON.stringify(shippedAt)}.`,
    );
  if (info['shipping_company'] !== undefined && typeof info['shipping_company'] !== 'string')
    throw badShipping('shipping_info.shipping_company', 'shipping_info.shipping_company must be a string.');
  for (const key of ['tracking_number', 'tracking_url'])
    if (info[key] !== undefined && info[key] !== null && typeof info[key] !== 'string')
      throw badShipping(`shipping_info.${key}`, `shipping_info.${key} must be a string or null.`);
}

function captureMove(
  order: EmulatorOrderRow,
  body: unknown,
  nowMs: number,
  history: readonly TransactionRow[],
): Move {
  checkShippingInfo(fieldOf(body, 'shipping_info'));
  const { currency } = order;
  const amounts = orderAmounts(order, history);
  checkSomethingUncaptured(order, amounts, 'capture');
  const left = uncapturedOf(amounts);
  const amount = requestedAmount(totalAmountOf(body), order, left);
  if (amount > left)
    throw new EmulatorError(
      400,
      'amount_exceeds_remaining',
      `Capturing ${textOf(amount, currency)} ${currency} is more than the ${textOf(left, currency)} ${currency} left to capture.`,
      [{ error_code: 'amount_exceeds_remaining', path: 'total_amount.amount' }],
    );
  const after = amounts.captured + amount;
  const captureId = randomUUID();
  const capturedAmount = { amount: textOf(amount, currency), currency };
  return {
    order: {
      ...order,
      state: stateOfAmounts({ ...amounts, captured: after }),
      capturedAmount: textOf(after, currency),
      updatedAtMs: nowMs,
    },
    notifications: [
      {
        eventType: TRANSACTION_DATA.capture.eventType,
        data: transactionData('capture', { id: captureId, amount: capturedAmount }),
      },
    ],
    transactions: [
      {
        orderId: order.orderId,
        kind: 'capture',
        transactionId: captureId,
        captureId,
        amount: capturedAmount.amount,
        currency,
        request: requestText(body),
        createdAtMs: nowMs,
      },
    ],
  };
}

/**
 * What a cancel cancels: the whole open amount, all that is authorised and not yet captured
 * (the whole order before a capture; the rest after a partial one, whose captured part stays
 * refundable). Its `total_amount`, when given, is judged as a capture's is (the order's
 * currency, its decimals, a positive amount) and must be that whole amount: the service's
 * partial cancellation is not shown, so the emulator does not invent one, and cancelling the
 * whole order when a part was asked for would pass a test that should fail.
 */
function cancelAmount(order: EmulatorOrderRow, body: unknown, amounts: OrderAmounts): bigint {
  const { currency } = order;
  checkSomethingUncaptured(order, amounts, 'cancel');
  const open = uncapturedOf(amounts);
  const amount = requestedAmount(totalAmountOf(body), order, open);
  const asked = `${textOf(amount, currency)} ${currency}`;
  const whole = `${textOf(open, currency)} ${currency}`;
  if (amount > open)
    throw new EmulatorError(
      400,
      'amount_exceeds_remaining',
      `Cancelling ${asked} is more than the ${whole} open on the order.`,
      [{ error_code: 'amount_exceeds_remaining', path: 'total_amount.amount' }],
    );
  if (amount < open)
    throw new EmulatorError(
      400,
      'partial_cancel_not_supported',
      `Cancelling ${asked} of the ${whole} open: the emulator cancels whole orders only (the service's partial cancellation is not shown). Send total_amount ${whole}, or leave it out.`,
      [{ error_code: 'partial_cancel_not_supported', path: 'total_amount.amount' }],
    );
  return open;
}

/** How the emulator's settings weigh what the spec leaves open in an operation's body. */
export interface OperationChoices {
  /** "Empty and blank values": a blank order_reference_id, as at create. */
  emptyOptional: EmptyOptionalChoice;
  /** The authorise answer's order_expiry_time: this many days after the authorisation. */
  authorisedExpiryDays: number;
}

const DEFAULT_CHOICES: OperationChoices = {
  emptyOptional: DEFAULT_EMPTY_OPTIONAL,
  authorisedExpiryDays: DEFAULT_EMULATOR_SETTINGS.authorisedExpiryDays,
};
const DAY_MS = 86_400_000;

/**
 * A reference given only blanks is weighed as create weighs one (blank-text.ts): taken with the
 * blank_text warning by default, refused under `refuse`, silent under `accept`. Refused here
 * with "must be a non-empty string", it was untrue (" " is not empty) and the same value was
 * taken at create.
 */
function updateReferenceMove(
  order: EmulatorOrderRow,
  body: unknown,
  nowMs: number,
  choices: OperationChoices,
): Move {
  const reference = fieldOf(body, 'order_reference_id');
  if (typeof reference !== 'string' || reference === '')
    throw new EmulatorError(400, 'invalid_reference_id', 'order_reference_id must be a non-empty string.', [
      { error_code: 'invalid_reference_id', path: 'order_reference_id' },
    ]);
  const blank =
    isBlankText(reference) && choices.emptyOptional !== 'accept'
      ? toFinding(
          blankTextFinding(
            ['order_reference_id'],
            'Update reference id: order_reference_id',
            true,
            choices.emptyOptional,
          ),
        )
      : null;
  if (blank?.severity === 'error')
    throw new EmulatorError(400, 'blank_text', blank.message, [
      { error_code: 'blank_text', path: blank.path, message: blank.message },
    ]);
  return {
    order: { ...order, referenceId: reference, updatedAtMs: nowMs },
    notifications: [],
    transactions: [],
    ...(blank === null ? {} : { warnings: [blank] }),
  };
}

/**
 * A follow-up operation on an order, as the emulator enforces it (OPERATION_FROM_STATES). A call
 * in the wrong state, or with an amount beyond what is left, is refused and changes nothing.
 * `history` is the order's captures, refunds and cancellations so far.
 */
export function operationMove(
  order: EmulatorOrderRow,
  operation: Exclude<OperationName, 'getOrder'>,
  body: unknown,
  nowMs: number,
  history: readonly TransactionRow[] = [],
  choices: OperationChoices = DEFAULT_CHOICES,
): Move {
  checkAllowed(operation, order);
  switch (operation) {
    case 'authorise':
      return {
        order: { ...order, state: 'authorised', updatedAtMs: nowMs },
        notifications: [{ eventType: 'order_authorised', data: [] }],
        transactions: [],
        authorisedUntilMs: nowMs + choices.authorisedExpiryDays * DAY_MS,
      };
    case 'cancel': {
      const amounts = orderAmounts(order, history);
      const left = cancelAmount(order, body, amounts);
      return {
        order: {
          ...order,
          state: stateOfAmounts({ ...amounts, canceled: amounts.canceled + left }),
          updatedAtMs: nowMs,
        },
        notifications: [{ eventType: 'order_canceled', data: [] }],
        transactions: [
          {
            orderId: order.orderId,
            kind: 'cancel',
            transactionId: randomUUID(),
            captureId: null,
            amount: textOf(left, order.currency),
            currency: order.currency,
            request: requestText(body),
            createdAtMs: nowMs,
          },
        ],
      };
    }
    case 'capture':
      return captureMove(order, body, nowMs, history);
    case 'refund':
      return simplifiedRefundMove(order, body, nowMs, history);
    case 'updateReferenceId':
      return updateReferenceMove(order, body, nowMs, choices);
  }
}
