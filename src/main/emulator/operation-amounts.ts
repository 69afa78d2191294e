import { isCurrency, precisionOf } from '../../shared/checkout';
import {
  decimalsOf,
  formatMinorUnits,
  parseAmount,
  toMinorUnits,
  tooManyDecimalsWords,
} from '../../shared/checkout/money';
import { CAPTURE_REQUEST_KEYS, REFUND_REQUEST_KEYS } from '../../shared/orders/order-amounts';
import type { EmulatorOrderRow } from '../store/emulator-orders-repository';
import { EmulatorError } from './emulator-errors';

/** Amounts of an order in minor units of its currency (halalas, fils, baisa), and back. */
export const precisionFor = (currency: string) => (isCurrency(currency) ? precisionOf(currency) : 2);

export const minorOf = (amount: string, currency: string): bigint => {
  const parsed = parseAmount(amount);
  return parsed === undefined ? 0n : toMinorUnits(parsed, precisionFor(currency));
};

export const textOf = (units: bigint, currency: string): string =>
  formatMinorUnits(units, precisionFor(currency));

const invalid = (code: string, message: string, path: string) =>
  new EmulatorError(400, code, message, [{ error_code: code, path }]);

/**
 * The Money `total_amount` of a capture or refund body, in minor units of the order's currency,
 * or `fallback` when there is none. Refused, never rounded: another currency, anything not a
 * positive number, a currency left out on an order not in SAR (the spec's Money default), and more decimals than the currency has (10.005 SAR, or 0.001 SAR, which is
 * below one halala) — rounding would capture an amount nobody asked for.
 */
export function requestedAmount(
  money: unknown,
  order: EmulatorOrderRow,
  fallback: bigint,
  path = 'total_amount',
): bigint {
  if (money === undefined) return fallback;
  if (typeof money !== 'object' || money === null || Array.isArray(money))
    throw invalid('invalid_amount', `${path} must be a Money object { amount, currency }.`, path);
  const { amount, currency } = money as Record<string, unknown>;
  // The spec's Money: a currency left out is SAR. Taken as the order's own, 5 left bare on a KWD
  // order would capture 5 KWD where the request, read by the spec, asked for 5 SAR.
  if (currency === undefined && order.currency !== 'SAR')
    throw invalid(
      'currency_mismatch',
      `${path}.currency is missing, which the spec's Money reads as SAR; the order's currency is ${order.currency}. Send currency ${order.currency}.`,
      `${path}.currency`,
    );
  if (currency !== undefined && currency !== order.currency)
    throw invalid(
      'currency_mismatch',
      `${path}.currency ${JSON.stringify(currency)} is not the order's currency ${order.currency}.`,
      `${path}.currency`,
    );
  const parsed = parseAmount(amount);
  if (parsed === undefined || parsed.negative || parsed.value === 0)
    throw invalid('invalid_amount', `${path}.amount must be a positive number.`, `${path}.amount`);
  const precision = precisionFor(order.currency);
  if (decimalsOf(parsed) > precision)
    throw invalid(
      'too_many_decimals',
      `${path}.${tooManyDecimalsWords(amount, decimalsOf(parsed), order.currency, precision)} It is refused, not rounded.`,
      `${path}.amount`,
    );
  return toMinorUnits(parsed, precision);
}

/**
 * The names besides `total_amount` an amount of a call goes by: those the console reads a
 * capture's or refund's amount from (docs/defaults.md), and a cancel's.
 */
const OTHER_AMOUNT_NAMES = [
  ...new Set([...CAPTURE_REQUEST_KEYS, ...REFUND_REQUEST_KEYS, 'canceled_amount', 'cancel_amount']),
].filter((name) => name !== 'total_amount');

/**
 * The `total_amount` of a capture, refund or cancel body (or of one `refunds[]` entry, `prefix`
 * `refunds[0].`), undefined when it names none. One that names its amount under another name
 * (`amount`, `refund_amount`…) is refused: without `total_amount` the call takes the whole open
 * amount, so `{ "amount": 1 }` refunded everything captured.
 */
export function totalAmountOf(body: unknown, prefix = ''): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const fields = body as Record<string, unknown>;
  if (fields['total_amount'] !== undefined) return fields['total_amount'];
  const other = OTHER_AMOUNT_NAMES.find((name) => fields[name] !== undefined && fields[name] !== null);
  if (other !== undefined)
    throw invalid(
      'invalid_amount',
      `${prefix}${other} is not read: the amount goes in ${prefix}total_amount (the official client's field). ` +
        'Without total_amount the call would take the whole open amount, so it is refused.',
      `${prefix}${other}`,
    );
  return undefined;
}
