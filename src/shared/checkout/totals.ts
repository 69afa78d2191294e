import { DEFAULT_CURRENCY, isCurrency, precisionOf, type Currency } from './currencies';
import { isPlainObject, ownValue } from './findings';
import { effectiveCurrency } from './money-schema';
import { formatMinorUnits, minorUnitsToNumber, parseAmount, toMinorUnits } from './money';
import { DISCOUNT_AMOUNT_PATH, updateAt, valueAt, type JsonPath } from './money-paths';
import { formatJsonPath } from '../json-path';

/**
 * The totals helper: total_amount = Σ item total_amount + tax + shipping − discount, in the
 * order currency's precision. Pure and defensive, so the builder can call it on any draft.
 */
export interface TotalsBreakdown {
  /** The order currency: total_amount's (SAR when it is left out, as the spec defaults). */
  currency: Currency;
  /** Decimals of that currency: 2, or 3 for BHD and KWD. */
  precision: number;
  itemsTotal: number;
  tax: number;
  shipping: number;
  discount: number;
  /** items + tax + shipping − discount, rounded to `precision`. */
  computedTotal: number;
  /** The same, written with exactly `precision` decimals ("115.00"). */
  computedTotalText: string;
  /** total_amount.amount as given, when it is numeric. */
  statedTotal: number | null;
  /** The stated total equals the computed one within the currency's precision (null when there is none). */
  matches: boolean | null;
  /** Paths of parts that are missing or not numeric, counted as 0 (`items[1].total_amount.amount`). */
  unreadable: string[];
  /** The discount is in another currency than the order (the spec forces this for BHD/KWD/OMR). */
  discountCurrency: Currency | null;
}

function readPart(
  payload: unknown,
  path: JsonPath,
  precision: number,
  unreadable: string[],
  optional = false,
) {
  const raw = valueAt(payload, [...path, 'amount']);
  const parsed = parseAmount(raw);
  if (parsed === undefined) {
    if (!(optional && valueAt(payload, path) === undefined))
      unreadable.push(formatJsonPath([...path, 'amount']));
    return 0n;
  }
  return toMinorUnits(parsed, precision);
}

/** The breakdown of the total for any payload (parts that cannot be read count as 0 and are listed). */
export function computeTotals(payload: unknown): TotalsBreakdown {
  const total = ownValue(payload, 'total_amount');
  const currency = isPlainObject(total) ? effectiveCurrency(total) : DEFAULT_CURRENCY;
  const precision = precisionOf(currency);
  const unreadable: string[] = [];
  const items = ownValue(payload, 'items');
  let itemsTotal = 0n;
  if (Array.isArray(items))
    items.forEach((_item: unknown, index) => {
      itemsTotal += readPart(payload, ['items', index, 'total_amount'], precision, unreadable);
    });
  else unreadable.push('items');
  const tax = readPart(payload, ['tax_amount'], precision, unreadable);
  const shipping = readPart(payload, ['shipping_amount'], precision, unreadable);
  const discount = readPart(payload, DISCOUNT_AMOUNT_PATH, precision, unreadable, true);
  const computed = itemsTotal + tax + shipping - discount;
  const stated = parseAmount(ownValue(total, 'amount'));
  const discountCurrencyRaw = valueAt(payload, [...DISCOUNT_AMOUNT_PATH, 'currency']);
  const discountCurrency =
    isCurrency(discountCurrencyRaw) && discountCurrencyRaw !== currency ? discountCurrencyRaw : null;
  return {
    currency,
    precision,
    itemsTotal: minorUnitsToNumber(itemsTotal, precision),
    tax: minorUnitsToNumber(tax, precision),
    shipping: minorUnitsToNumber(shipping, precision),
    discount: minorUnitsToNumber(discount, precision),
    computedTotal: minorUnitsToNumber(computed, precision),
    computedTotalText: formatMinorUnits(computed, precision),
    statedTotal: stated === undefined ? null : stated.value,
    matches: stated === undefined ? null : toMinorUnits(stated, precision) === computed,
    unreadable,
    discountCurrency,
  };
}

/**
 * A copy of the payload whose total_amount.amount is the computed total. The amount keeps its
 * spelling (a numeric string stays a string); the currency is left as it is.
 */
export function withComputedTotal(payload: unknown): unknown {
  if (!isPlainObject(payload)) return payload;
  const breakdown = computeTotals(payload);
  return updateAt(payload, ['total_amount'], (old) => {
    const money = isPlainObject(old) ? old : { currency: breakdown.currency };
    const amount =
      typeof ownValue(money, 'amount') === 'string' ? breakdown.computedTotalText : breakdown.computedTotal;
    return { ...money, amount };
  });
}
