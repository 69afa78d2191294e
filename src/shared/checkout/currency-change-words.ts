import { countryForCurrency, precisionOf, type Currency } from './currencies';
import type { CurrencyChange } from './currency-change';

/** Amounts named one by one before "and N more": a long items list would fill the screen. */
const NAMED_AMOUNTS = 3;

const shown = (amount: unknown) => (typeof amount === 'string' ? JSON.stringify(amount) : String(amount));

/**
 * What Currency of every amount says it did (the builder's toast): which amounts lost digits to
 * the new currency's decimals, and that changing back does not bring them back (KWD → OMR → KWD
 * ends with two decimals); the total re-derived, or left as it was when it did not add up; a
 * total made to keep the currency of a document with no amount yet; the discount kept in SAR or
 * AED, and why; and where the country followed.
 */
export function currencyChangeWords(
  change: CurrencyChange,
  currency: Currency,
): { title: string; lines: string[] } {
  const lines: string[] = [];
  if (change.rounded.length > 0) {
    const named = change.rounded
      .slice(0, NAMED_AMOUNTS)
      .map((amount) => `${amount.path} ${shown(amount.from)} → ${shown(amount.to)}`);
    const more = change.rounded.length - named.length;
    lines.push(
      `Rounded to ${precisionOf(currency)} decimals: ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}. ` +
        'Changing back does not bring the lost digits back.',
    );
  }
  const total = change.total;
  if (total?.addedUp === true && shown(total.from) !== shown(total.to))
    lines.push(
      `total_amount.amount follows them, ${shown(total.from)} → ${shown(total.to)}, so the total still adds up.`,
    );
  if (total?.addedUp === false)
    lines.push('total_amount did not add up before the change and is left as it was: Compute total sets it.');
  if (change.totalCreated)
    lines.push(
      `total_amount was not given: it is ${JSON.stringify({ currency })} now, so the currency is kept, and items and amounts added later take it.`,
    );
  const discount = change.discount;
  if (discount !== null)
    lines.push(
      `discount.amount ${discountWords(discount)}: the spec allows a discount only in SAR or AED, so it cannot be in ${currency}.`,
    );
  if (change.countries.length > 0)
    lines.push(
      `The country follows: ${change.countries.join(', ')} ${change.countries.length > 1 ? 'are' : 'is'} ${countryForCurrency(currency)}.`,
    );
  // Said of the amounts there are: none on a new document, and never of a discount left out.
  const title =
    change.moneys === 0
      ? `The order is in ${currency} now`
      : discount === null
        ? `Every amount is in ${currency} now`
        : `Every amount but the discount is in ${currency} now`;
  return { title, lines };
}

function discountWords(discount: NonNullable<CurrencyChange['discount']>): string {
  if (discount.kept) return `stays in ${discount.currency}`;
  const before =
    discount.from === undefined
      ? 'had no currency'
      : `was in ${typeof discount.from === 'string' ? discount.from : JSON.stringify(discount.from)}`;
  return `${before} and is in ${discount.currency} now`;
}
