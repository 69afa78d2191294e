import type { Faker } from '@faker-js/faker';
import { isDiscountCurrency, precisionOf, type CountryCode, type Currency } from './currencies';
import { EDUCATION_FEES, GULF, PRODUCTS } from './gulf-data';
import { minorUnitsToNumber } from './money';

/**
 * Sample lines and amounts that add up: everything is computed in minor units (halalas, fils,
 * baisa) and only turned into numbers at the end, so total = items + tax + shipping − discount
 * holds exactly in the currency's precision.
 */
export interface SampleLine {
  kind: string;
  name: string;
  quantity: number;
  unitMinor: number;
  totalMinor: number;
  taxMinor: number;
}

export interface SampleAmounts {
  currency: Currency;
  lines: SampleLine[];
  itemsMinor: number;
  taxMinor: number;
  shippingMinor: number;
  /** A voucher, only for SAR and AED orders (the spec allows discounts in no other currency). */
  discount: { name: string; minor: number } | null;
  totalMinor: number;
}

/** A price in SAR turned into this currency, in round steps (0.50, or 0.250 for three-decimal currencies). */
function priceMinor(faker: Faker, priceSar: number, country: CountryCode, currency: Currency): number {
  const precision = precisionOf(currency);
  const step = precision === 3 ? 250 : 50;
  const major = (priceSar / GULF[country].sarPerUnit) * faker.number.float({ min: 0.9, max: 1.1 });
  return Math.max(step, Math.round((major * 10 ** precision) / step) * step);
}

export function sampleAmounts(
  faker: Faker,
  form: 'general' | 'education',
  country: CountryCode,
  currency: Currency,
): SampleAmounts {
  const vat = GULF[country].vatPercent;
  const catalogue =
    form === 'general'
      ? faker.helpers
          .arrayElements(PRODUCTS, { min: 1, max: 3 })
          .map((p) => ({ kind: p.type, name: p.name, priceSar: p.priceSar }))
      : faker.helpers
          .arrayElements(EDUCATION_FEES, { min: 1, max: 2 })
          .map((f) => ({ kind: f.type, name: f.label, priceSar: f.priceSar }));
  const lines = catalogue.map((entry): SampleLine => {
    const quantity = form === 'general' ? faker.number.int({ min: 1, max: 3 }) : 1;
    const unitMinor = priceMinor(faker, entry.priceSar, country, currency);
    const totalMinor = unitMinor * quantity;
    return { ...entry, quantity, unitMinor, totalMinor, taxMinor: Math.round((totalMinor * vat) / 100) };
  });
  const itemsMinor = lines.reduce((sum, line) => sum + line.totalMinor, 0);
  const taxMinor = lines.reduce((sum, line) => sum + line.taxMinor, 0);
  // Education fees ship nothing; shop orders ship free or for a flat fee.
  const shippingSar = form === 'general' ? faker.helpers.arrayElement([0, 15, 25]) : 0;
  const shippingMinor = shippingSar > 0 ? priceMinor(faker, shippingSar, country, currency) : 0;
  const discount =
    isDiscountCurrency(currency) && faker.datatype.boolean()
      ? {
          name: faker.helpers.arrayElement(['WELCOME10', 'EID10', 'RAMADAN10', 'STUDENT10']),
          minor: Math.round(itemsMinor / 10),
        }
      : null;
  return {
    currency,
    lines,
    itemsMinor,
    taxMinor,
    shippingMinor,
    discount,
    totalMinor: itemsMinor + taxMinor + shippingMinor - (discount?.minor ?? 0),
  };
}

/** `{ amount, currency }` from minor units. */
export function moneyOf(minor: number, currency: Currency) {
  return { amount: minorUnitsToNumber(BigInt(minor), precisionOf(currency)), currency };
}
