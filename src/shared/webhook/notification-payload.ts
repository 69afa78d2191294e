import { EXTENSION_EVENT_TYPES, SPEC_EVENT_TYPES } from '../orders/order-states';

/** The three event types the spec lists (order-states.ts owns the list), and what each one's `data` holds. */
export const KNOWN_EVENT_TYPES = SPEC_EVENT_TYPES;
export type KnownEventType = (typeof KNOWN_EVENT_TYPES)[number];

/** An event type the console's emulator sends for a move the spec does not show (order_refunded…). */
export function isExtensionEventType(value: string): boolean {
  return (EXTENSION_EVENT_TYPES as readonly string[]).includes(value);
}

export function isKnownEventType(value: string): value is KnownEventType {
  return (KNOWN_EVENT_TYPES as readonly string[]).includes(value);
}

/**
 * The events whose `data` names one transaction, the names it gives its id and amount, and the
 * word for what the amount says was done: the spec's order_captured, and the emulator's
 * order_refunded, named alike (main/emulator/notification-data.ts builds both from this table).
 * The listener judges both by one rule, so an order_refunded of 5.005 SAR gets the finding an
 * order_captured of it gets, not a bare "not in the spec".
 */
export const TRANSACTION_EVENT_DATA = {
  order_captured: { id: 'capture_id', amount: 'captured_amount', done: 'captured' },
  order_refunded: { id: 'refund_id', amount: 'refunded_amount', done: 'refunded' },
} as const satisfies Record<string, { id: string; amount: string; done: string }>;
export type TransactionEventType = keyof typeof TRANSACTION_EVENT_DATA;

export function isTransactionEventType(value: string): value is TransactionEventType {
  return Object.hasOwn(TRANSACTION_EVENT_DATA, value);
}

/** The fields of the current payload form, in the spec's order. */
export const CURRENT_FORM_FIELDS = [
  'order_id',
  'order_reference_id',
  'order_number',
  'event_type',
  'data',
] as const;

export const MONEY_CURRENCIES = ['SAR', 'AED', 'BHD', 'KWD', 'OMR'] as const;

/** Two decimals by default, three for BHD and KWD. */
export function maxDecimals(currency: string): number {
  return currency === 'BHD' || currency === 'KWD' ? 3 : 2;
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The legacy form carries `order_status` instead of `event_type`. Its event type column is
 * recorded as `order_<status>` (`approved` → `order_approved`) so filters and the per-order
 * strip treat it as the approval it is; the body verdict `legacy` keeps the difference visible.
 */
export function eventTypeOfLegacyStatus(status: string): string {
  return `order_${status}`;
}
