import { DEFAULT_CURRENCY, isCurrency, precisionOf, type Currency } from './currencies';
import { isPlainObject, ownValue } from './findings';
import { effectiveCurrency } from './money-schema';
import {
  decimalsOf,
  formatMinorUnits,
  minorUnitsToNumber,
  parseAmount,
  toMinorUnits,
  tooManyDecimalsWords,
  type ParsedAmount,
} from './money';
import { DISCOUNT_AMOUNT_PATH, updateAt, valueAt, type JsonPath } from './money-paths';
import type { SourceTextAt } from './written-amounts';
import { formatJsonPath } from '../json-path';

/**
 * The totals helper: total_amount = Σ item total_amount + tax + shipping − discount. Every part
 * counts as written, exactly: none is rounded to a currency's decimals first (10.125 + 20.250 +
 * 5.005 SAR is 35.380, not 35.39), since a part with too many decimals is its own finding and
 * rounding it here would make a right total read wrong. Nor may that part's decimals make a
 * total read wrong that is right at the currency's decimals: a PHP client adding floats sends an
 * item of 0.7999999999999999 under a total of 0.8, and the item's too_many_decimals says it all.
 * A discount in another currency counts the same way. Pure and defensive, so the builder can call
 * it on any draft.
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
  /** items + tax + shipping − discount, exactly. */
  computedTotal: number;
  /**
   * Each figure written with the currency's decimals, or with as many as the parts carry where
   * that is more ("115.00"; "34.880" for items of 10.125, 20.250 and 5.005 SAR): all at one
   * scale, so a sum is never written with fewer digits than it has ("34.88" under a stated
   * "34.880" read as a different figure) and the figures line up. What the breakdown, the
   * total's finding and Compute total write.
   */
  itemsTotalText: string;
  taxText: string;
  shippingText: string;
  discountText: string;
  computedTotalText: string;
  /**
   * The computed total has more decimals than the currency takes (34.885 SAR): the words of the
   * validator's own too_many_decimals finding, which a total set to it would get. Null otherwise.
   */
  computedTotalTooManyDecimals: string | null;
  /** The computed total at the currency's decimals (half away from zero): a figure a total can be. */
  computedTotalAtPrecisionText: string;
  /** total_amount.amount as given, when it is numeric. */
  statedTotal: number | null;
  /**
   * total_amount.amount as the request writes it: its digits in the text it came from (`231.00`,
   * not the 231 JSON.parse reads), else as JSON writes the value (a numeric string in its
   * quotes), so what quotes it quotes what the person typed, as the form shows it.
   */
  statedTotalText: string;
  /**
   * The stated total equals the computed one as a number, or, where parts carry more decimals
   * than the currency takes, the stated total (itself within them) is the computed one at the
   * currency's decimals: the gap is only those parts' decimals, each its own finding (null when
   * there is no stated total).
   */
  matches: boolean | null;
  /** Paths of parts that are missing or not numeric, counted as 0 (`items[1].total_amount.amount`). */
  unreadable: string[];
  /** The discount is in another currency than the order (the spec forces this for BHD/KWD/OMR). */
  discountCurrency: Currency | null;
}

function readPart(
  payload: unknown,
  path: JsonPath,
  unreadable: string[],
  optional = false,
): ParsedAmount | undefined {
  const parsed = parseAmount(valueAt(payload, [...path, 'amount']));
  if (parsed === undefined && !(optional && valueAt(payload, path) === undefined))
    unreadable.push(formatJsonPath([...path, 'amount']));
  return parsed;
}

/**
 * The stated total as the request writes it: its digits in the text it came from (`231.00`, not
 * the 231 JSON.parse reads), else as JSON writes the value (a numeric string in its quotes).
 */
export const statedTotalTextOf = (payload: unknown, sourceTextAt: SourceTextAt | undefined): string =>
  sourceTextAt?.(['total_amount', 'amount']) ??
  JSON.stringify(ownValue(ownValue(payload, 'total_amount'), 'amount')) ??
  '';

/**
 * The breakdown of the total for any payload (parts that cannot be read count as 0 and are
 * listed). `sourceTextAt`: where the JSON text the payload was parsed from writes a value
 * (jsonSourceText), when there is one.
 */
export function computeTotals(payload: unknown, sourceTextAt?: SourceTextAt): TotalsBreakdown {
  const total = ownValue(payload, 'total_amount');
  const currency = isPlainObject(total) ? effectiveCurrency(total) : DEFAULT_CURRENCY;
  const precision = precisionOf(currency);
  const unreadable: string[] = [];
  const items = ownValue(payload, 'items');
  const itemParts: (ParsedAmount | undefined)[] = [];
  if (Array.isArray(items))
    items.forEach((_item: unknown, index) => {
      itemParts.push(readPart(payload, ['items', index, 'total_amount'], unreadable));
    });
  else unreadable.push('items');
  const taxPart = readPart(payload, ['tax_amount'], unreadable);
  const shippingPart = readPart(payload, ['shipping_amount'], unreadable);
  const discountPart = readPart(payload, DISCOUNT_AMOUNT_PATH, unreadable, true);
  const stated = parseAmount(ownValue(total, 'amount'));
  // One scale holds every part exactly: the currency's decimals, or the most any part has. The
  // stated total is not a part: its decimals say nothing of the sum's.
  // A loop, not Math.max(...parts): one argument per item overflowed the stack at ~150,000 items.
  const scale = [...itemParts, taxPart, shippingPart, discountPart].reduce(
    (most, part) => Math.max(most, part === undefined ? 0 : decimalsOf(part)),
    precision,
  );
  const minor = (part: ParsedAmount | undefined) => (part === undefined ? 0n : toMinorUnits(part, scale));
  const itemsTotal = itemParts.reduce((sum, part) => sum + minor(part), 0n);
  const tax = minor(taxPart);
  const shipping = minor(shippingPart);
  const discount = minor(discountPart);
  const computed = itemsTotal + tax + shipping - discount;
  const discountCurrencyRaw = valueAt(payload, [...DISCOUNT_AMOUNT_PATH, 'currency']);
  const discountCurrency =
    isCurrency(discountCurrencyRaw) && discountCurrencyRaw !== currency ? discountCurrencyRaw : null;
  const text = (value: bigint) => formatMinorUnits(value, scale);
  const computedTotalText = text(computed);
  const parsedTotal = parseAmount(computedTotalText);
  const computedDecimals = parsedTotal === undefined ? 0 : decimalsOf(parsedTotal);
  const computedAtPrecision = parsedTotal === undefined ? computed : toMinorUnits(parsedTotal, precision);
  // Exact first; else at the currency's decimals, when either side alone has more than the
  // currency takes: a part (scale > precision) under a stated total that has no more, or the
  // stated total (0.30000000000000004 SAR over 0.1 + 0.2, as a client adding floats sends it)
  // over parts that have no more. Those extra decimals are their own too_many_decimals finding,
  // said there and not again as a mismatch. A stated total with more decimals than parts that
  // have too many themselves is no sum of them, rounded or not.
  const statedDecimals = stated === undefined ? 0 : decimalsOf(stated);
  const oneSideOverPrecise = scale > precision !== statedDecimals > precision;
  const matches =
    stated === undefined
      ? null
      : (statedDecimals <= scale && minor(stated) === computed) ||
        (oneSideOverPrecise && toMinorUnits(stated, precision) === computedAtPrecision);
  return {
    currency,
    precision,
    itemsTotal: minorUnitsToNumber(itemsTotal, scale),
    tax: minorUnitsToNumber(tax, scale),
    shipping: minorUnitsToNumber(shipping, scale),
    discount: minorUnitsToNumber(discount, scale),
    computedTotal: minorUnitsToNumber(computed, scale),
    itemsTotalText: text(itemsTotal),
    taxText: text(tax),
    shippingText: text(shipping),
    discountText: text(discount),
    computedTotalText,
    computedTotalTooManyDecimals:
      computedDecimals > precision
        ? tooManyDecimalsWords(computedTotalText, computedDecimals, currency, precision)
        : null,
    computedTotalAtPrecisionText: formatMinorUnits(computedAtPrecision, precision),
    statedTotal: stated === undefined ? null : stated.value,
    statedTotalText: statedTotalTextOf(payload, sourceTextAt),
    matches,
    unreadable,
    discountCurrency,
  };
}

/**
 * A copy of the payload whose total_amount.amount is the computed total, exactly: never rounded
 * to the currency's decimals (a sum of 34.885 SAR is set as 34.885, which is then its own
 * too_many_decimals finding, as the breakdown says). The amount keeps its spelling (a numeric
 * string stays a string, with the breakdown's digits: "34.880"); the currency is left as it is.
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
