import { isPlainObject } from '../../shared/checkout/findings';

/**
 * The checkout page's language when a request names none. The spec: "a new customer gets
 * `ar_SA`; an existing customer keeps the stored preference". It does not show what identifies
 * a customer; the service's customers sign in by phone, so the emulator knows one by the
 * consumer's `phone_number`, as written (docs/defaults.md). The stored preference is the locale
 * of that customer's newest order that named one (emulator-orders-repository.ts).
 */

const DEFAULT_LOCALE = 'ar_SA';

/** The customer a request is for: its consumer's phone number, or null where it gives none. */
export function customerOf(payload: Record<string, unknown>): string | null {
  const consumer = payload['consumer'];
  const phone = isPlainObject(consumer) ? consumer['phone_number'] : undefined;
  return typeof phone === 'string' && phone !== '' ? phone : null;
}

export interface OrderLocale {
  locale: string;
  /** The customer whose preference this order names (null: it named no locale, or no customer). */
  localeCustomer: string | null;
}

/**
 * The order's locale: the one it names, else its customer's stored preference, else ar_SA.
 * `storedLocaleOf` is asked only when the request names none ("" is the official client's "none").
 */
export function orderLocale(
  payload: Record<string, unknown>,
  storedLocaleOf: ((customer: string) => string | undefined) | undefined,
): OrderLocale {
  const named = payload['locale'];
  const customer = customerOf(payload);
  if (typeof named === 'string' && named !== '') return { locale: named, localeCustomer: customer };
  const stored = customer === null ? undefined : storedLocaleOf?.(customer);
  return { locale: stored ?? DEFAULT_LOCALE, localeCustomer: null };
}
