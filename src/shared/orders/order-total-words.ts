import { formatMoney } from '../money-format';

/**
 * An order's total where a list row, a table cell or a fact shows it: the money, or "unknown"
 * when no create-checkout call of this console's own gives it (an order known from imported
 * records, or only from the service's notifications). `orders` printed "unknown" where the
 * Orders list showed "—". "unknown" is the clearer of the two for both: every order has a total
 * and the console only does not know it here, while a dash reads as "none" or "not applicable",
 * as beside Captured and Refunded, where nothing is what it means. totalUnknownWords
 * (operation-availability.ts) says why, where there is room for it.
 */
export function orderTotalWords(amount: string | null, currency: string | null): string {
  return amount === null ? 'unknown' : formatMoney(amount, currency);
}
