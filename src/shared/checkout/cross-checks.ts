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
  DEFAULT_PAIR_TABLE_NAME,
  PAIR_TABLE_WORDS,
  pairOf,
  type CountryCurrencyPair,
} from './country-currency-pairs';
import { describeValue, isPlainObject, ownValue, type RawFinding } from './findings';
import { isNoCouponDiscount } from './no-coupon-discount';
import { DISCOUNT_AMOUNT_PATH, moneyPaths, valueAt, type JsonPath } from './money-paths';
import { computeTotals, statedTotalTextOf } from './totals';
import type { SourceTextAt } from './written-amounts';

/** Rules that span fields: country and currency, one currency per order, and the total. */

const COUNTRY_CURRENCY_RULE = `Errors: 400 not_supported_country_currency — country and currency combination not supported (the supported pairs are not shown; judged by ${PAIR_TABLE_WORDS})`;
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
 * Whose table of supported pairs a request is judged by. The spec names the error but never the
 * pairs, so the table is the emulator's setting (Emulator → Settings), and without one given it
 * is that setting's default: what the Local emulator answers by until it is changed (a warning
 * here let `validate` pass a payload the emulator refuses). `validate --pairs` is a table the user
 * states. A pair outside any of them is an error, the words naming whose table it was.
 */
export type PairTableSource = 'default' | 'emulator' | 'flag';

/**
 * The table's name and what a pair outside it brings (with its leading punctuation), in the one
 * wording the form, the findings, Send's question and `validate` all show.
 */
function pairTableWords(source: PairTableSource, paired: string): { table: string; consequence: string } {
  const notListed = 'The spec does not list the pairs the service supports.';
  switch (source) {
    case 'default':
      return {
        table: `${DEFAULT_PAIR_TABLE_NAME} (${paired})`,
        consequence:
          ', so the Local emulator at its default answers 400 not_supported_country_currency. ' +
          'The spec does not list the pairs the service supports; set them in Emulator → Settings ' +
          '(the builder follows it on the Local profile) or with validate --pairs.',
      };
    case 'emulator':
      return {
        table: `the emulator's table (${paired}; Emulator → Settings)`,
        consequence: `, so the emulator answers 400 not_supported_country_currency. ${notListed}`,
      };
    case 'flag':
      return {
        table: `the table given with --pairs (${paired})`,
        consequence: `, so a service with that table answers 400 not_supported_country_currency. ${notListed}`,
      };
  }
}

/**
 * The one error code the spec defines: a country and currency the service does not take
 * together. A country or currency the spec does not name at all (US, USD) is an error whatever
 * the table; a pair of named ones is judged by `pairs` (PairTableSource says how firmly).
 */
export function checkCountryCurrency(
  payload: unknown,
  pairs?: readonly CountryCurrencyPair[],
  source: Exclude<PairTableSource, 'default'> = 'emulator',
): RawFinding[] {
  const sent = sentPair(payload);
  if (sent === null || typeof sent.country !== 'string' || typeof sent.currency !== 'string') return [];
  const { country, currency } = sent;
  const table = pairs ?? DEFAULT_COUNTRY_CURRENCY_PAIRS;
  const tableSource: PairTableSource = pairs === undefined ? 'default' : source;
  if (isCountryCode(country) && isCurrency(currency) && table.includes(pairOf(country, currency))) return [];
  const rule = {
    path: ['country_code'],
    code: 'not_supported_country_currency',
    rule: COUNTRY_CURRENCY_RULE,
  } as const;
  if (!isCountryCode(country) || !isCurrency(currency)) {
    const why = !isCountryCode(country)
      ? `country_code is ${describeValue(country)}, not one the service takes (${COUNTRIES.join(', ')})`
      : `the order's currency is ${describeValue(currency)}, not one the service takes (${CURRENCIES.join(', ')})`;
    return [
      {
        ...rule,
        severity: 'error',
        message: `${why}. The service answers 400 not_supported_country_currency.`,
      },
    ];
  }
  const paired = currenciesPairedWith(country, table);
  const words = pairTableWords(
    tableSource,
    paired.length === 0
      ? `${country} pairs with no currency there`
      : `${country} pairs only with ${paired.join(' or ')} there`,
  );
  const defaulted = sent.defaulted ? ' (total_amount has no currency, so the default SAR applies)' : '';
  const message =
    `country_code ${country} with an order in ${currency}${defaulted} is not a pair of ${words.table}` +
    words.consequence;
  return [{ ...rule, severity: 'error', message }];
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
 * conversion; for BHD, KWD and OMR orders the spec even forces it. A discount in any other
 * currency is that rule's error alone, never also a `currency_mismatch`. The official client's zero,
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
    // A discount in a currency no discount may have is the schema's discount_currency_not_allowed
    // at this same path: one mistake, one error there (a second, currency_mismatch, said less).
    if (isDiscountPath(path) && !isDiscountCurrency(moneyCurrency)) continue;
    const where = [...path, 'currency'];
    if (isDiscountPath(path)) {
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

/** `sourceTextAt`: where the JSON text the payload was parsed from writes a value, when there is one. */
export function checkTotal(payload: unknown, sourceTextAt?: SourceTextAt): RawFinding[] {
  if (!isPlainObject(payload) || orderCurrency(payload) === undefined) return [];
  // The stated total's digits are looked up in the text only for the message: finding where the
  // text writes it reads the top level's members (the whole text), which a total that adds up
  // (every request the emulator takes) never needs.
  const totals = computeTotals(payload);
  if (totals.unreadable.length > 0 || totals.matches !== false || totals.statedTotal === null) return [];
  const statedTotalText = statedTotalTextOf(payload, sourceTextAt);
  // A sum the currency cannot carry (a part's extra decimals) is no figure to offer: the expected
  // one is at the currency's decimals, the parts' own findings named.
  const expected =
    totals.computedTotalTooManyDecimals === null
      ? totals.computedTotalText
      : `${totals.computedTotalAtPrecisionText} (at ${totals.currency}'s ${totals.precision} decimals; the parts marked too_many_decimals carry more)`;
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
        `total_amount.amount is ${statedTotalText}, but items ${totals.itemsTotalText} + tax ${totals.taxText} + ` +
        `shipping ${totals.shippingText} − discount ${totals.discountText} = ${totals.computedTotalText} ` +
        `${totals.currency}${discountNote}. Expected ${expected}.`,
    },
  ];
}
