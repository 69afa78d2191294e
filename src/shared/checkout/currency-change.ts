import {
  countryForCurrency,
  DEFAULT_CURRENCY,
  isDiscountCurrency,
  precisionOf,
  type Currency,
} from './currencies';
import { isPlainObject, isPresent, ownValue } from './findings';
import { roundAmount } from './money';
import { DISCOUNT_AMOUNT_PATH, moneyPaths, updateAt } from './money-paths';

export interface ChangeCurrencyOptions {
  /** Also set `country_code` to the currency's country (the only supported pair). Default true. */
  setCountry?: boolean;
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

const sameJsonPath = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((segment, index) => segment === b[index]);

/**
 * A copy of the payload in another currency: every Money gets the new currency (the discount as
 * above) and its amount re-rounded to that currency's precision (2, or 3 for BHD and KWD).
 * Amounts are not converted, and the total is not recomputed: rounding parts separately can
 * leave it off by a minor unit, which `computeTotals` / `withComputedTotal` then settle.
 */
export function changeCurrency(
  payload: unknown,
  currency: Currency,
  options: ChangeCurrencyOptions = {},
): unknown {
  if (!isPlainObject(payload)) return payload;
  let next: unknown = payload;
  for (const path of moneyPaths(payload)) {
    next = updateAt(next, path, (old) => {
      const money = isPlainObject(old) ? old : {};
      const target = sameJsonPath(path, DISCOUNT_AMOUNT_PATH)
        ? discountCurrencyFor(currency, ownValue(money, 'currency'))
        : currency;
      if (!isPresent(money, 'amount')) return { ...money, currency: target };
      return {
        ...money,
        amount: roundAmount(ownValue(money, 'amount'), precisionOf(target)),
        currency: target,
      };
    });
  }
  if (options.setCountry !== false)
    next = updateAt(next, ['country_code'], () => countryForCurrency(currency));
  return next;
}
