/**
 * The `data` of a notification, built in one place for every sender: the emulator's moves, the
 * endpoint check's battery and a scenario's send-webhook step. The spec gives order_captured an
 * object (`capture_id`, `captured_amount`) and order_approved and order_authorised an empty
 * array; the emulator's order_refunded names its refund the same way (`refund_id`,
 * `refunded_amount`). Every other event carries an empty array.
 */

import { TRANSACTION_EVENT_DATA, type TransactionEventType } from '../../shared/webhook/notification-payload';

/** A Money as a notification writes it: the amount a text with the currency's decimals. */
export interface NotificationMoney {
  amount: string;
  currency: string;
}

/** The capture or refund a notification's data names. */
export interface NotificationTransaction {
  id: string;
  amount: NotificationMoney;
}

export type TransactionKind = 'capture' | 'refund';

/** The names one transaction's data gives its id and amount, as the listener judges them (one table). */
const namesOf = (eventType: TransactionEventType) => ({
  eventType,
  id: TRANSACTION_EVENT_DATA[eventType].id,
  amount: TRANSACTION_EVENT_DATA[eventType].amount,
});

/** Each kind's event, and the names its data gives the transaction's id and amount. */
export const TRANSACTION_DATA = {
  capture: namesOf('order_captured'),
  refund: namesOf('order_refunded'),
} as const satisfies Record<TransactionKind, { eventType: string; id: string; amount: string }>;

/** The amount a notification says when nothing says another (check-endpoint's cases, an order unknown here). */
export const STAND_IN_MONEY: NotificationMoney = { amount: '100.00', currency: 'SAR' };

/** The kind of transaction a notification of `eventType` names in its data; null: its data is `[]`. */
export function transactionKindOf(eventType: string): TransactionKind | null {
  if (eventType === TRANSACTION_DATA.capture.eventType) return 'capture';
  if (eventType === TRANSACTION_DATA.refund.eventType) return 'refund';
  return null;
}

/** The data naming one capture or refund: `{ capture_id, captured_amount }`, `{ refund_id, refunded_amount }`. */
export function transactionData(kind: TransactionKind, transaction: NotificationTransaction) {
  const names = TRANSACTION_DATA[kind];
  return { [names.id]: transaction.id, [names.amount]: transaction.amount };
}

/**
 * The data of a notification of `eventType`; `transactionFor` is asked only for an event whose
 * data names a capture or refund, so a sender that has none to name never invents one.
 */
export function notificationData(
  eventType: string,
  transactionFor: (kind: TransactionKind) => NotificationTransaction,
): Record<string, unknown> | never[] {
  const kind = transactionKindOf(eventType);
  return kind === null ? [] : transactionData(kind, transactionFor(kind));
}
