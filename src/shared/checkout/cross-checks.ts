import {
  COUNTRIES,
  CURRENCIES,
  isCountryCode,
  isCurrency,
  isDiscountCurrency,
  type Currency,
} from './currencies';
import {
  currenciesPairedWith,
  DEFAULT_COUNTRY_CURRENCY_PAIRS,
  pairOf,
  type CountryCurrencyPair,
} from './country-currency-pairs';
import { describeValue, isPlainObject, ownValue, type RawFinding } from './findings';
import { isNoCouponDiscount } from './no-coupon-discount';
import { formatAmount } from './money';
import { DISCOUNT_AMOUNT_PATH, moneyPaths, valueAt, type JsonPath } from './money-paths';
import { computeTotals } from './totals';

/** Rules that span fields: country and currency, one currency per order, and the total. */

const COUNTRY_CURRENCY_RULE =
  "Errors: 400 not_supported_country_currency — country and currency combination not supported (the supported pairs are not shown; the console's table is configurable, default SA–SAR, AE–AED, BH–BHD, KW–KWD, OM–OMR)";
const ONE_CURRENCY_RULE =
  'Checkout request: total_amount — item amounts + tax + shipping - discount, so every Money in the order currency';
const DISCOUNT_RULE = 'Money: currency — for discount.amount only SAR and AED are allowed';
const TOTAL_RULE = 'Checkout request: total_amount — item amounts + tax + shipping - discount';

/** The order currency: total_amount's own, SAR when left out, undefined when it is not a valid one. */
export function orderCurrency(payload: unknown): Currency | undefined {
  const total = ownValue(payload, 'total_amount');
  if (!isPlainObject(total)) return undefined;
  const currency = ownValue(total, 'currency');
  if (currency === undefined) return 'SAR';
  return isCurrency(currency) ? currency : undefined;
}

/** The order's country and currency as sent (strings the spec may not know), for the pair rule. */
function sentPair(payload: unknown): { country: unknown; currency: unknown; defaulted: boolean } | null {
  const total = ownValue(payload, 'total_amount');
  if (!isPlainObject(total)) return null;
  const currency = ownValue(total, 'currency');
  return {
    country: ownValue(payload, 'country_code'),
    currency: currency === undefined ? 'SAR' : currency,
    defaulted: currency === undefined,
  };
}

/**
 * The one error code the spec defines: a country and currency the service does not take
 * together, whether the pair is missing from the table or either side is not one the spec
 * names at all (US and USD). `pairs` is the table (default: each country with its currency).
 */
export function checkCountryCurrency(
  payload: unknown,
  pairs: readonly CountryCurrencyPair[] = DEFAULT_COUNTRY_CURRENCY_PAIRS,
): RawFinding[] {
  const sent = sentPair(payload);
  if (sent === null || typeof sent.country !== 'string' || typeof sent.currency !== 'string') return [];
  const { country, currency } = sent;
  if (isCountryCode(country) && isCurrency(currency) && pairs.includes(pairOf(country, currency))) return [];
  const known = isCountryCode(country) && isCurrency(currency);
  const paired = isCountryCode(country) ? currenciesPairedWith(country, pairs) : [];
  const why = !isCountryCode(country)
    ? `country_code is ${describeValue(country)}, not one the service takes (${COUNTRIES.join(', ')})`
    : !isCurrency(currency)
      ? `the order's currency is ${describeValue(currency)}, not one the service takes (${CURRENCIES.join(', ')})`
      : paired.length === 0
        ? `country_code ${country} pairs with no currency in the table`
        : `country_code ${country} pairs only with ${paired.join(' or ')}, but the order is in ${currency}`;
  return [
    {
      severity: 'error',
      path: ['country_code'],
      code: 'not_supported_country_currency',
      rule: COUNTRY_CURRENCY_RULE,
      message:
        `${why}${known && sent.defaulted ? ' (total_amount has no currency, so the default SAR applies)' : ''}. ` +
        'The service answers 400 not_supported_country_currency.',
    },
  ];
}

const isDiscountPath = (path: JsonPath) =>
  path.length === DISCOUNT_AMOUNT_PATH.length &&
  path.every((segment, i) => segment === DISCOUNT_AMOUNT_PATH[i]);

/**
 * Every Money in the order currency, except the discount. "One currency per order" is only
 * implied by the total's arithmetic, so breaking it is an error for items, tax and shipping.
 * The discount has its own written rule: "only SAR and AED" (an error of the schema,
 * `discount_currency_not_allowed`). A SAR or AED discount on an order in another currency keeps
 * that rule, so it is only a warning (`discount_currency_conflict`) that says the spec gives no
 * conversion; for BHD, KWD and OMR orders the spec even forces it. The official client's zero,
 * nameless "no coupon" discount is no discount and is not looked at.
 */
export function checkOneCurrency(payload: unknown): RawFinding[] {
  const currency = orderCurrency(payload);
  if (currency === undefined) return [];
  const noCoupon = isNoCouponDiscount(ownValue(payload, 'discount'));
  const findings: RawFinding[] = [];
  for (const path of moneyPaths(payload)) {
    if (path.length === 1 && path[0] === 'total_amount') continue;
    if (noCoupon && isDiscountPath(path)) continue;
    const own = valueAt(payload, [...path, 'currency']);
    // A discount must name its currency; leaving it out is already an error of its own.
    if (own === undefined && isDiscountPath(path)) continue;
    const moneyCurrency = own === undefined ? 'SAR' : own;
    if (!isCurrency(moneyCurrency) || moneyCurrency === currency) continue;
    const where = [...path, 'currency'];
    if (isDiscountPath(path) && isDiscountCurrency(moneyCurrency)) {
      findings.push({
        severity: 'warning',
        path: where,
        code: 'discount_currency_conflict',
        rule: DISCOUNT_RULE,
        message: isDiscountCurrency(currency)
          ? `The discount is in ${moneyCurrency} while the order is in ${currency}. The spec allows a discount ` +
            'in SAR or AED and gives no conversion, so the total counts it as if it were in the order currency.'
          : `The discount is in ${moneyCurrency} while the order is in ${currency}. The spec allows a discount ` +
            `only in SAR or AED, so a ${currency} order cannot have a discount in its own currency; the ` +
            'service may reject or convert it. Remove the discount for an order without this conflict.',
      });
      continue;
    }
    findings.push({
      severity: 'error',
      path: where,
      code: 'currency_mismatch',
      rule: ONE_CURRENCY_RULE,
      message: `This amount is in ${moneyCurrency}${own === undefined ? ' (the default)' : ''}, but the order (total_amount) is in ${currency}; every amount of an order is in one currency.`,
    });
  }
  return findings;
}

export function checkTotal(payload: unknown): RawFinding[] {
  if (!isPlainObject(payload) || orderCurrency(payload) === undefined) return [];
  const totals = computeTotals(payload);
  if (totals.unreadable.length > 0 || totals.matches !== false || totals.statedTotal === null) return [];
  const show = (value: number) => formatAmount(value, totals.precision);
  const stated = String(ownValue(ownValue(payload, 'total_amount'), 'amount'));
  const discountNote =
    totals.discountCurrency === null
      ? ''
      : ` (the ${totals.discountCurrency} discount is counted as ${totals.currency}; the spec gives no conversion)`;
  return [
    {
      severity: 'error',
      path: ['total_amount', 'amount'],
      code: 'total_mismatch',
      rule: TOTAL_RULE,
      message:
        `total_amount.amount is ${stated}, but items ${show(totals.itemsTotal)} + tax ${show(totals.tax)} + ` +
        `shipping ${show(totals.shipping)} − discount ${show(totals.discount)} = ${totals.computedTotalText} ` +
        `${totals.currency}${discountNote}. Expected ${totals.computedTotalText}.`,
    },
  ];
}
