import {
  countryForCurrency,
  DEFAULT_COUNTRY,
  DEFAULT_CURRENCY,
  isCurrency,
  isDiscountCurrency,
  precisionOf,
  type Currency,
} from './currencies';
import { isPlainObject, isPresent, ownValue } from './findings';
import { parseAmount, roundAmount } from './money';
import { DISCOUNT_AMOUNT_PATH, moneyPaths, updateAt, valueAt, type JsonPath } from './money-paths';
import { computeTotals, withComputedTotal } from './totals';
import { formatJsonPath } from '../json-path';

export interface ChangeCurrencyOptions {
  /**
   * Also set `country_code` to the currency's country (the only supported pair), and each
   * address's `country_code` that was the order's. Default true.
   */
  setCountry?: boolean;
}

/** An amount the new currency's decimals changed: its path, and the amount before and after. */
export interface RoundedAmount {
  path: string;
  from: unknown;
  to: unknown;
}

/** What a change of currency did, beyond the currencies themselves: for the words that say so. */
export interface CurrencyChange {
  payload: unknown;
  /** Amounts that lost digits to the new currency's decimals (a total re-derived is in `total`). */
  rounded: RoundedAmount[];
  /**
   * Whether the total added up before the change; when it did, it is re-derived from the
   * re-rounded parts (`from`, `to`: its amount before and after) so that it still does.
   */
  total: { addedUp: true; from: unknown; to: unknown } | { addedUp: false } | null;
  /** The country codes set to the currency's country (`country_code`, `shipping_address.country_code`). */
  countries: string[];
  /** How many Money objects the request held (the discount's among them): none on a new document. */
  moneys: number;
  /** total_amount was not given and now holds the currency alone, so the choice is kept. */
  totalCreated: boolean;
  /**
   * The discount when it is not in the new currency (the spec allows it only SAR or AED): the
   * currency it kept, or the one it was given instead of its own (`from`: undefined when it had none).
   */
  discount: { currency: Currency; kept: true } | { currency: Currency; kept: false; from: unknown } | null;
}

/**
 * The currency a discount takes when the order moves to `currency`. The spec allows a discount
 * only in SAR or AED: for those orders it follows the order; for BHD, KWD and OMR it keeps SAR or
 * AED (its own, or SAR), which the validator reports as the `discount_currency_conflict` warning.
 */
export function discountCurrencyFor(orderCurrency: Currency, current: unknown): Currency {
  if (isDiscountCurrency(orderCurrency)) return orderCurrency;
  return isDiscountCurrency(current) ? current : DEFAULT_CURRENCY;
}

/**
 * The currency a Money made now takes (an item added, an amount typed where there was none): the
 * order's, as total_amount states it, or for the discount what discountCurrencyFor gives it.
 * Undefined when the order states no currency of the spec's: the default applies either way.
 */
export function currencyForNewMoney(payload: unknown, path: JsonPath): Currency | undefined {
  const stated = valueAt(payload, ['total_amount', 'currency']);
  if (!isCurrency(stated)) return undefined;
  return sameJsonPath(path, DISCOUNT_AMOUNT_PATH) ? discountCurrencyFor(stated, undefined) : stated;
}

const sameJsonPath = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((segment, index) => segment === b[index]);

const TOTAL_AMOUNT_PATH: JsonPath = ['total_amount', 'amount'];
const ADDRESSES = ['shipping_address', 'billing_address'] as const;

/** Whether rounding changed the amount's value (a string padded to the decimals did not). */
function lostDigits(from: unknown, to: unknown): boolean {
  const before = parseAmount(from);
  const after = parseAmount(to);
  return before !== undefined && after !== undefined && before.value !== after.value;
}

/**
 * A copy of the payload in another currency: every Money gets the new currency (the discount as
 * above) and its amount re-rounded to that currency's precision (2, or 3 for BHD and KWD).
 * Amounts are not converted. A request whose total added up still does: rounding each part on
 * its own can move their sum by a minor unit or more (10.005 + 20.005 BHD is 30.02 in SAR, not
 * 30.01), so such a total is re-derived from the rounded parts; one that did not add up is only
 * re-rounded, and its finding still says so. The country follows, and with it each address that
 * was in the order's country: a market switched is one consistent request, while an address
 * given another country on purpose keeps it.
 */
export function changeCurrencyOf(
  payload: unknown,
  currency: Currency,
  options: ChangeCurrencyOptions = {},
): CurrencyChange {
  if (!isPlainObject(payload))
    return {
      payload,
      rounded: [],
      total: null,
      countries: [],
      moneys: 0,
      totalCreated: false,
      discount: null,
    };
  const addedUp = computeTotals(payload).matches;
  let next: unknown = payload;
  const rounded: RoundedAmount[] = [];
  let discount: CurrencyChange['discount'] = null;
  const paths = moneyPaths(payload);
  for (const path of paths) {
    next = updateAt(next, path, (old) => {
      const money = isPlainObject(old) ? old : {};
      const own = ownValue(money, 'currency');
      const target = sameJsonPath(path, DISCOUNT_AMOUNT_PATH) ? discountCurrencyFor(currency, own) : currency;
      if (target !== currency)
        discount =
          target === own ? { currency: target, kept: true } : { currency: target, kept: false, from: own };
      if (!isPresent(money, 'amount')) return { ...money, currency: target };
      const from = ownValue(money, 'amount');
      const to = roundAmount(from, precisionOf(target));
      if (lostDigits(from, to)) rounded.push({ path: formatJsonPath([...path, 'amount']), from, to });
      return { ...money, amount: to, currency: target };
    });
  }
  let total: CurrencyChange['total'] = addedUp === null ? null : { addedUp: false };
  if (addedUp === true) {
    next = withComputedTotal(next);
    total = {
      addedUp: true,
      from: valueAt(payload, TOTAL_AMOUNT_PATH),
      to: valueAt(next, TOTAL_AMOUNT_PATH),
    };
  }
  // A document with no total yet keeps the choice there, where new items and amounts read it.
  const totalCreated = ownValue(payload, 'total_amount') === undefined;
  if (totalCreated) next = updateAt(next, ['total_amount'], () => ({ currency }));
  const countries: string[] = [];
  if (options.setCountry !== false) {
    const country = countryForCurrency(currency);
    const old = ownValue(payload, 'country_code') ?? DEFAULT_COUNTRY;
    next = updateAt(next, ['country_code'], () => country);
    countries.push('country_code');
    for (const address of ADDRESSES) {
      const given = ownValue(payload, address);
      if (!isPlainObject(given) || !isPresent(given, 'country_code')) continue;
      if (ownValue(given, 'country_code') !== old) continue;
      next = updateAt(next, [address, 'country_code'], () => country);
      countries.push(`${address}.country_code`);
    }
  }
  // A total re-derived is said as such, not as an amount rounded.
  const totalPath = formatJsonPath(TOTAL_AMOUNT_PATH);
  return {
    payload: next,
    rounded: addedUp === true ? rounded.filter((amount) => amount.path !== totalPath) : rounded,
    total,
    countries,
    moneys: paths.length,
    totalCreated,
    discount,
  };
}

/** The payload of changeCurrencyOf: every Money in `currency`, the country following. */
export function changeCurrency(
  payload: unknown,
  currency: Currency,
  options: ChangeCurrencyOptions = {},
): unknown {
  return changeCurrencyOf(payload, currency, options).payload;
}
