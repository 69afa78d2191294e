import { z } from 'zod';
import { formatJsonPath } from '../json-path';

/** Stable machine codes of findings; tests, the emulator and the UI may switch on them. */
export const FINDING_CODES = [
  // One field's value
  'required',
  'wrong_type',
  'not_numeric',
  'not_integer',
  'too_long',
  'below_minimum',
  'above_maximum',
  'too_many_decimals',
  'not_one_of',
  'discount_currency_not_allowed',
  'invalid_uri',
  'invalid_email',
  'invalid_date_format',
  'not_a_real_date',
  'quantity_must_be_one',
  // An optional field given "" or null where the official client never sends one (warning):
  // how the service reads an empty value is not shown
  'empty_optional',
  // A text field given only blanks (warning): whether the service takes it as given is not shown
  'blank_text',
  // Across fields
  'not_supported_country_currency',
  'total_mismatch',
  'currency_mismatch',
  'discount_currency_conflict',
  'conflicting_expiry',
  'duplicate_expiry',
  // expires_in_minutes given while the emulator's "Honour expires_in_minutes" is off (warning):
  // the spec ignores it unless support enabled it, so the order expires after the default 30
  'expiry_ignored',
  'date_order',
  'negative_count',
  // An item of 0 units or fewer, an item total_amount or unit_price below 0 (warnings; no minimum
  // shown, but a line that takes money off is a discount the spec allows only for a coupon)
  'not_positive_quantity',
  'negative_amount',
  'empty_items',
  // instalments left out where the spec requires it but the official client never sends it
  // (warning; instalments.ts), and a count that does not fit payment_type (warning)
  'instalments_not_given',
  'instalments_payment_type',
  // Two items with one reference_id (warning): how the service takes it is not shown
  'duplicate_reference_id',
  // An order_reference_id another order of the emulator already has (warning; the emulator's
  // own, as only it holds the orders): how the service takes one given again is not shown
  'duplicate_order_reference_id',
  // A notification URL in the request longer than the portal's webhook form takes (warning): the
  // spec's 255 is that form's, none is shown for the request
  'webhook_url_too_long',
  'no_coupon_discount',
  'unknown_key',
  // The JSON text itself: a name given twice in one object (the last one wins)
  'duplicate_key',
  // The JSON text itself: a leading UTF-8 byte order mark (warning; json-byte-order-mark.ts)
  'byte_order_mark',
  // The body is over the request limit (the emulator's, or one given): the spec shows none
  // (request-size.ts)
  'over_request_limit',
  // The payload could not be inspected at all (nested too deep, a throwing getter or a proxy)
  'unreadable_payload',
] as const;
export type FindingCode = (typeof FINDING_CODES)[number];

export const findingSeveritySchema = z.enum(['error', 'warning']);
export type FindingSeverity = z.infer<typeof findingSeveritySchema>;

export const findingSchema = z.object({
  severity: findingSeveritySchema,
  /** The field, formatted like `items[2].sku` (`(root)` for the request itself). */
  path: z.string(),
  /** One or two sentences a person understands, naming the value and the limit. */
  message: z.string(),
  /** The spec rule it comes from, e.g. `Item: sku — maximum 128 characters`. */
  rule: z.string(),
  code: z.enum(FINDING_CODES),
});
export type Finding = z.infer<typeof findingSchema>;

/** A finding before its path is formatted; checks produce these. */
export interface RawFinding {
  severity: FindingSeverity;
  path: readonly (string | number)[];
  message: string;
  rule: string;
  code: FindingCode;
}

export function toFinding(raw: RawFinding): Finding {
  return {
    severity: raw.severity,
    path: formatJsonPath(raw.path),
    message: raw.message,
    rule: raw.rule,
    code: raw.code,
  };
}

/** Own-property read that never reaches the prototype (`constructor`, `__proto__`). */
export function ownValue(container: unknown, key: string | number): unknown {
  if (typeof container !== 'object' || container === null) return undefined;
  return Object.prototype.hasOwnProperty.call(container, key)
    ? (container as Record<string | number, unknown>)[key]
    : undefined;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isPresent(container: unknown, key: string | number): boolean {
  return (
    typeof container === 'object' &&
    container !== null &&
    Object.prototype.hasOwnProperty.call(container, key)
  );
}

/** A text quoted for a message, cut after 40 characters: a value can be a megabyte long. */
export function quoteShort(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}

/** Short, safe rendering of a value for messages: `"abc…" (130 characters)`, `number 12`, `null`. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the text ${quoteShort(value)}`;
  // JSON.parse reads 1e999 as Infinity, which no JSON can write back (JSON.stringify says null).
  if (typeof value === 'number')
    return Number.isFinite(value) ? `the number ${String(value)}` : 'a number too large to be held (1e999…)';
  if (typeof value === 'boolean') return `${String(value)} (a boolean)`;
  if (typeof value === 'object') return 'an object';
  return typeof value;
}
