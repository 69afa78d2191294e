import {
  checkCounts,
  checkDateOrder,
  checkExpiryIgnored,
  checkExpirySpellings,
  checkItemsNotEmpty,
  checkNoCouponDiscount,
  checkNotificationUrl,
} from './consistency-checks';
import type { CountryCurrencyPair } from './country-currency-pairs';
import { checkCountryCurrency, checkOneCurrency, checkTotal } from './cross-checks';
import type { RawFinding } from './findings';
import { checkItemLines } from './item-lines';
import { checkNegativeDiscount } from './negative-discount';
import type { CheckoutForm } from './request-parts';
import type { SourceTextAt } from './written-amounts';

export interface CrossFieldOptions {
  /** The form judged (the education form's items have a quantity rule of their own); default general. */
  form?: CheckoutForm;
  /** The request field that carries the notification URL; default `merchant_url.notification`. */
  notificationField?: string;
  /** The supported country/currency pairs; default each country with its own currency. */
  pairs?: readonly CountryCurrencyPair[];
  /** Whose table `pairs` is (cross-checks.ts's PairTableSource); default the emulator's. */
  pairsSource?: 'emulator' | 'flag';
  /** "Honour expires_in_minutes" (the emulator's setting, off by default): off, a given expiry is said to be ignored. */
  honourExpiresInMinutes?: boolean;
  /** Where the JSON text the payload was parsed from writes a value, so a finding can quote its digits as written. */
  sourceTextAt?: SourceTextAt | undefined;
}

/** Every rule between fields, on any payload (each check reads defensively and skips what it cannot read). */
export function crossFieldFindings(payload: unknown, options: CrossFieldOptions = {}): RawFinding[] {
  return [
    ...checkCountryCurrency(payload, options.pairs, options.pairsSource),
    ...checkOneCurrency(payload),
    ...checkTotal(payload, options.sourceTextAt),
    ...checkNoCouponDiscount(payload),
    ...checkNegativeDiscount(payload),
    ...checkExpirySpellings(payload),
    ...checkExpiryIgnored(payload, options.honourExpiresInMinutes === true),
    ...checkDateOrder(payload),
    ...checkCounts(payload),
    ...checkItemsNotEmpty(payload),
    ...checkItemLines(payload, options.form ?? 'general'),
    ...checkNotificationUrl(payload, options.notificationField),
  ];
}
