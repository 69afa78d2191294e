/**
 * Countries, currencies and locales the spec names, and each country's own currency: the pairs
 * of the emulator's default table (country-currency-pairs.ts), a documented default, as the spec
 * never lists the combinations the service supports (only its 400 `not_supported_country_currency`).
 */
export const CURRENCIES = ['SAR', 'AED', 'BHD', 'KWD', 'OMR'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const COUNTRIES = ['SA', 'AE', 'BH', 'KW', 'OM'] as const;
export type CountryCode = (typeof COUNTRIES)[number];

export const LOCALES = ['ar_SA', 'en_US'] as const;
export type Locale = (typeof LOCALES)[number];

/** Money: "Default SAR" when `currency` is left out. */
export const DEFAULT_CURRENCY: Currency = 'SAR';
/** `country_code`: "Default SA". */
export const DEFAULT_COUNTRY: CountryCode = 'SA';

/** Money: "For `discount.amount` only SAR and AED are allowed." */
export const DISCOUNT_CURRENCIES = ['SAR', 'AED'] as const satisfies readonly Currency[];

const currencyByCountry = {
  SA: 'SAR',
  AE: 'AED',
  BH: 'BHD',
  KW: 'KWD',
  OM: 'OMR',
} as const satisfies Record<CountryCode, Currency>;

const countryByCurrency = {
  SAR: 'SA',
  AED: 'AE',
  BHD: 'BH',
  KWD: 'KW',
  OMR: 'OM',
} as const satisfies Record<Currency, CountryCode>;

export const COUNTRY_NAMES = {
  SA: 'Saudi Arabia',
  AE: 'United Arab Emirates',
  BH: 'Bahrain',
  KW: 'Kuwait',
  OM: 'Oman',
} as const satisfies Record<CountryCode, string>;

export function currencyForCountry(country: CountryCode): Currency {
  return currencyByCountry[country];
}

export function countryForCurrency(currency: Currency): CountryCode {
  return countryByCurrency[currency];
}

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && (COUNTRIES as readonly string[]).includes(value);
}

export function isDiscountCurrency(value: unknown): value is (typeof DISCOUNT_CURRENCIES)[number] {
  return typeof value === 'string' && (DISCOUNT_CURRENCIES as readonly string[]).includes(value);
}

/** Money amount: "Two decimals by default, three decimals for BHD and KWD." */
export function precisionOf(currency: Currency): number {
  return currency === 'BHD' || currency === 'KWD' ? 3 : 2;
}

const DECIMALS_IN_WORDS = ['No', 'One', 'Two', 'Three'];
const listed = (items: readonly string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;

/**
 * The decimals rule for `currencies`, in words, from precisionOf: "Two decimals; three for BHD
 * and KWD." for every currency, "Two decimals." for a discount's SAR and AED.
 */
export function decimalsWords(currencies: readonly Currency[] = CURRENCIES): string {
  const byPrecision = new Map<number, Currency[]>();
  for (const currency of currencies) {
    const precision = precisionOf(currency);
    byPrecision.set(precision, [...(byPrecision.get(precision) ?? []), currency]);
  }
  // The precision most of them have is the rule; the others are its exceptions.
  const [rule, ...others] = [...byPrecision].sort((a, b) => b[1].length - a[1].length);
  if (rule === undefined) return '';
  const word = (precision: number) => DECIMALS_IN_WORDS[precision] ?? String(precision);
  const exceptions = others.map(
    ([precision, listedCurrencies]) => `; ${word(precision).toLowerCase()} for ${listed(listedCurrencies)}`,
  );
  return `${word(rule[0])} decimals${exceptions.join('')}.`;
}
