import { isCurrency, precisionOf } from './checkout/currencies';
import { formatMinorUnits, parseAmount, toMinorUnits } from './checkout/money';

/**
 * The one way the console writes an amount for people: with its currency's decimals (the
 * spec's rule: two, three for BHD and KWD) and the currency after it, `798.10 SAR`,
 * `12.500 KWD`. Every view, the emulator's hosted page and the CLI use it, so one amount
 * never reads three ways.
 */

/** Two decimals by default, three for BHD and KWD; a currency the spec does not list gets two. */
export function currencyDecimals(currency: string | null | undefined): number {
  return currency !== null && currency !== undefined && isCurrency(currency) ? precisionOf(currency) : 2;
}

/** Minor units (halalas, fils, baisa) as the amount alone, `79810n, 'SAR'` → `798.10`. */
export function formatMinorAmount(minor: bigint, currency: string | null | undefined): string {
  return formatMinorUnits(minor, currencyDecimals(currency));
}

/**
 * An amount as stored or sent (number or numeric string) with its currency's decimals, without
 * the currency: `'798.1', 'SAR'` → `798.10`. Something that is not an amount is written as it
 * came (never hidden, never guessed), so a broken value stays visible.
 */
export function formatAmountText(amount: unknown, currency: string | null | undefined): string {
  const parsed = parseAmount(amount);
  if (parsed === undefined) return typeof amount === 'string' ? amount : (JSON.stringify(amount) ?? '');
  const decimals = currencyDecimals(currency);
  return formatMinorUnits(toMinorUnits(parsed, decimals), decimals);
}

/** `798.10 SAR`; `—` when there is no amount at all. */
export function formatMoney(amount: unknown, currency: string | null | undefined): string {
  if (amount === null || amount === undefined) return '—';
  const text = formatAmountText(amount, currency);
  return currency === null || currency === undefined || currency === '' ? text : `${text} ${currency}`;
}

/** Minor units with the currency: `79810n, 'SAR'` → `798.10 SAR`. */
export function formatMinorMoney(minor: bigint, currency: string | null | undefined): string {
  const text = formatMinorAmount(minor, currency);
  return currency === null || currency === undefined || currency === '' ? text : `${text} ${currency}`;
}
