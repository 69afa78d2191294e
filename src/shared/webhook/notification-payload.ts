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
