import { z } from 'zod';
import { COUNTRIES, CURRENCIES, type CountryCode, type Currency } from './currencies';

/**
 * Which country/currency combinations a checkout may use. The spec names the countries and the
 * currencies and one error for "country and currency combination is not supported", but never
 * lists the supported combinations. The console's table is explicit and configurable (the
 * emulator's settings, `validate --pairs`); its default pairs each country with its own
 * currency, the only combinations the spec's examples show. docs/emulator-fidelity.md says so.
 */
export type CountryCurrencyPair = `${CountryCode}-${Currency}`;

export const ALL_COUNTRY_CURRENCY_PAIRS: readonly CountryCurrencyPair[] = COUNTRIES.flatMap((country) =>
  CURRENCIES.map((currency): CountryCurrencyPair => `${country}-${currency}`),
);

export const DEFAULT_COUNTRY_CURRENCY_PAIRS: readonly CountryCurrencyPair[] = [
  'SA-SAR',
  'AE-AED',
  'BH-BHD',
  'KW-KWD',
  'OM-OMR',
];

/**
 * The default table's name, in every place that names it: the finding's words, the builder's
 * Country hint, the rule and validate --pairs' help. The hint said "the console's table" where
 * the finding said "the emulator's default table", of one table.
 */
export const DEFAULT_PAIR_TABLE_NAME = "the emulator's default table";

/** Whose table judges a pair, and its default pairs: the hint's and the rule's one wording. */
export const PAIR_TABLE_WORDS = `the emulator's table (Emulator → Settings, validate --pairs), by default ${DEFAULT_PAIR_TABLE_NAME}: ${DEFAULT_COUNTRY_CURRENCY_PAIRS.map((pair) => pair.replace('-', '–')).join(', ')}`;

const isPair = (value: string): value is CountryCurrencyPair =>
  (ALL_COUNTRY_CURRENCY_PAIRS as readonly string[]).includes(value);

export const countryCurrencyPairSchema = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(
    z.custom<CountryCurrencyPair>((value) => typeof value === 'string' && isPair(value), {
      message: `A pair is COUNTRY-CURRENCY, from ${COUNTRIES.join(', ')} and ${CURRENCIES.join(', ')} (for example SA-SAR)`,
    }),
  );

export const countryCurrencyPairsSchema = z
  .array(countryCurrencyPairSchema)
  .min(1, 'At least one country/currency pair')
  .transform((pairs) => [...new Set(pairs)]);

/** `SA-SAR,AE-AED` → the pairs, for a command-line flag. */
export function parsePairList(text: string): z.ZodSafeParseResult<CountryCurrencyPair[]> {
  return countryCurrencyPairsSchema.safeParse(text.split(',').filter((part) => part.trim() !== ''));
}

export function pairOf(country: CountryCode, currency: Currency): CountryCurrencyPair {
  return `${country}-${currency}`;
}

/** The currencies a country pairs with in `pairs`, in the table's order. */
export function currenciesPairedWith(
  country: CountryCode,
  pairs: readonly CountryCurrencyPair[],
): Currency[] {
  return CURRENCIES.filter((currency) => pairs.includes(pairOf(country, currency)));
}
