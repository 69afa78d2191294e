import { isCurrency, precisionOf } from '../../shared/checkout';
import { decimalsOf, formatMinorUnits, parseAmount, toMinorUnits } from '../../shared/checkout/money';
import type { EmulatorOrderRow } from '../store/emulator-repository';
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
      `${path}.amount ${String(amount)} has ${decimalsOf(parsed)} decimals; ${order.currency} has ${precision}, ` +
        `so its smallest amount is ${textOf(1n, order.currency)}. It is refused, not rounded.`,
      `${path}.amount`,
    );
  return toMinorUnits(parsed, precision);
}
