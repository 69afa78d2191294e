import {
  currencyForCountry,
  isCountryCode,
  isCurrency,
  isDiscountCurrency,
  type Currency,
} from './currencies';
import { isPlainObject, ownValue, type RawFinding } from './findings';
import { formatAmount } from './money';
import { DISCOUNT_AMOUNT_PATH, moneyPaths, valueAt, type JsonPath } from './money-paths';
import { computeTotals } from './totals';

/** Rules that span fields: country and currency, one currency per order, and the total. */

const COUNTRY_CURRENCY_RULE =
  'Errors: 400 not_supported_country_currency — country and currency combination not supported (SA–SAR, AE–AED, BH–BHD, KW–KWD, OM–OMR)';
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

export function checkCountryCurrency(payload: unknown): RawFinding[] {
  const country = ownValue(payload, 'country_code');
  const currency = orderCurrency(payload);
  if (!isCountryCode(country) || currency === undefined) return [];
  const expected = currencyForCountry(country);
  if (expected === currency) return [];
  const defaulted = ownValue(ownValue(payload, 'total_amount'), 'currency') === undefined;
  return [
    {
      severity: 'error',
      path: ['country_code'],
      code: 'not_supported_country_currency',
      rule: COUNTRY_CURRENCY_RULE,
      message:
        `country_code ${country} pairs only with ${expected}, but the order is in ${currency}` +
        `${defaulted ? ' (total_amount has no currency, so the default SAR applies)' : ''}. ` +
        'The service answers 400 not_supported_country_currency.',
    },
  ];
}

const isDiscountPath = (path: JsonPath) =>
  path.length === DISCOUNT_AMOUNT_PATH.length &&
  path.every((segment, i) => segment === DISCOUNT_AMOUNT_PATH[i]);

/**
 * Every Money in the order currency. The spec conflicts with itself for BHD, KWD and OMR orders:
 * a discount may only be in SAR or AED, so it can never share the order's currency. Severities,
 * on purpose: the discount rule is written in the spec's Money table, so breaking it is an error
 * (reported by the schema as `discount_currency_not_allowed`); "one currency per order" is only
 * implied by the total's arithmetic, so when the discount rule forces the mismatch it drops to a
 * warning (`discount_currency_conflict`) that explains the conflict. Any other mismatch is an error.
 */
export function checkOneCurrency(payload: unknown): RawFinding[] {
  const currency = orderCurrency(payload);
  if (currency === undefined) return [];
  const findings: RawFinding[] = [];
  for (const path of moneyPaths(payload)) {
    if (path.length === 1 && path[0] === 'total_amount') continue;
    const own = valueAt(payload, [...path, 'currency']);
    // A discount must name its currency; leaving it out is already an error of its own.
    if (own === undefined && isDiscountPath(path)) continue;
    const moneyCurrency = own === undefined ? 'SAR' : own;
    if (!isCurrency(moneyCurrency) || moneyCurrency === currency) continue;
    const where = [...path, 'currency'];
    if (isDiscountPath(path) && !isDiscountCurrency(currency)) {
      if (isDiscountCurrency(moneyCurrency))
        findings.push({
          severity: 'warning',
          path: where,
          code: 'discount_currency_conflict',
          rule: DISCOUNT_RULE,
          message:
            `The discount is in ${moneyCurrency} while the order is in ${currency}. The spec allows a discount ` +
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
