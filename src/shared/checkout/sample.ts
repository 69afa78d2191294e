import { ar, base, en, Faker } from '@faker-js/faker';
import { COUNTRIES, currencyForCountry, type CountryCode } from './currencies';
import { LIMITS } from './limits';
import { freshOrderReferenceId } from './order-reference';
import type { CheckoutForm } from './request-parts';
import type { EducationCheckoutRequest, GeneralCheckoutRequest } from './request-types';
import { moneyOf, sampleAmounts, type SampleAmounts } from './sample-amounts';
import { sampleAddress, samplePerson, type SampleFakers } from './sample-people';
import { sampleEducation, sampleRisk } from './sample-risk';

export interface SampleOptions {
  /** The order's country (its currency follows); random when left out. */
  country?: CountryCode;
  /** The same seed gives the same payload, except `order_reference_id`, which is always fresh. */
  seed?: number;
  /** "Today" for the dates; default now. */
  now?: Date;
  /**
   * Where the local emulator runs (the Local profile's base URL; default http://127.0.0.1:4010):
   * the merchant URLs point at its merchant page, so after Pay, Decline or Cancel the customer
   * lands on a page that says what happened instead of an unreachable shop.
   */
  emulatorUrl?: string;
}

export const DEFAULT_EMULATOR_URL = 'http://127.0.0.1:4010';

function fakersFor(seed: number): SampleFakers {
  // Only the two locales we use, so bundles stay small.
  const fakers = { en: new Faker({ locale: [en, base] }), ar: new Faker({ locale: [ar, base] }) };
  fakers.en.seed(seed);
  fakers.ar.seed(seed);
  return fakers;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "Sep 2026 – Dec 2026" from two dd-mm-yyyy dates: the fee duration label of the term. */
function termLabel(start: string, end: string): string {
  const part = (date: string) => `${MONTHS[Number(date.slice(3, 5)) - 1] ?? ''} ${date.slice(6)}`;
  return `${part(start)} – ${part(end)}`;
}

function itemsOf(
  fakers: SampleFakers,
  form: CheckoutForm,
  amounts: SampleAmounts,
  shop: string,
  term: string,
) {
  const { en } = fakers;
  return amounts.lines.map((line, index) => ({
    reference_id: `item-${index + 1}-${en.string.alphanumeric({ length: 8, casing: 'lower' })}`,
    type: line.kind,
    // Education: the name is the fee duration label of the term; the sku a fixed value.
    name: form === 'education' ? `${line.name}, ${term}` : line.name,
    sku:
      form === 'education'
        ? `EDU-${line.kind.toUpperCase()}`
        : `${slug(line.name.slice(0, 12)).toUpperCase()}-${en.string.alphanumeric({ length: 6, casing: 'upper' })}`,
    quantity: line.quantity,
    total_amount: moneyOf(line.totalMinor, amounts.currency),
    unit_price: moneyOf(line.unitMinor, amounts.currency),
    tax_amount: moneyOf(line.taxMinor, amounts.currency),
    discount_amount: moneyOf(0, amounts.currency),
    // Both forms take the two optional URLs (the spec's item table names no form without them).
    item_url: `${shop}/${form === 'general' ? 'products' : 'fees'}/${slug(line.name)}`,
    image_url: `${shop}/images/${slug(line.name)}.jpg`,
  }));
}

/** Everything both forms share, drawn from one seeded faker in a fixed order. */
function commonFields(form: CheckoutForm, options: SampleOptions, now: Date) {
  const fakers = fakersFor(options.seed ?? Math.floor(Math.random() * 2 ** 31));
  const { en } = fakers;
  const country = options.country ?? en.helpers.arrayElement(COUNTRIES);
  const currency = currencyForCountry(country);
  const person = samplePerson(fakers, country);
  const amounts = sampleAmounts(en, form, country, currency);
  const education = sampleEducation(en, now);
  const reference = freshOrderReferenceId(now);
  const shop = form === 'general' ? 'https://shop.example.com' : 'https://academy.example.com';
  const items = itemsOf(fakers, form, amounts, shop, termLabel(education.start_date, education.end_date));
  const platform = en.helpers.arrayElement(['web', 'mobile']);
  const merchantPage = (options.emulatorUrl ?? DEFAULT_EMULATOR_URL).replace(/\/+$/, '');
  const back = (outcome: string) =>
    `${merchantPage}/_emulator/merchant/${outcome}?order=${encodeURIComponent(reference)}`;
  const names = items.map((item) => item.name).join('; ');
  const description =
    form === 'general'
      ? `Order of ${items.length} item${items.length === 1 ? '' : 's'}: ${names}`
      : `${names} (${education.education_type})`;
  const fields = {
    total_amount: moneyOf(amounts.totalMinor, currency),
    shipping_amount: moneyOf(amounts.shippingMinor, currency),
    tax_amount: moneyOf(amounts.taxMinor, currency),
    order_reference_id: reference,
    order_number: String(en.number.int({ min: 100_000, max: 999_999 })),
    ...(amounts.discount === null
      ? {}
      : { discount: { name: amounts.discount.name, amount: moneyOf(amounts.discount.minor, currency) } }),
    items,
    consumer: {
      first_name: person.first_name,
      last_name: person.last_name,
      phone_number: person.phone_number,
      email: person.email,
    },
    country_code: country,
    description: description.slice(0, LIMITS.descriptionMaxLength),
    merchant_url: { success: back('success'), failure: back('failure'), cancel: back('cancel') },
    billing_address: sampleAddress(fakers, country, person),
  };
  const payment = { payment_type: 'PAY_BY_INSTALMENTS', instalments: 4 };
  const client = { platform, is_mobile: platform === 'mobile', locale: person.locale };
  const additional_data = {
    delivery_method: form === 'general' ? 'home delivery' : 'digital',
    store_code: `WEB-${country}`,
  };
  return { fields, payment, client, additional_data, en, country, education };
}

/**
 * A complete, valid checkout session request for the form: realistic Gulf data (Arabic or
 * English names, a phone and an address of the country), consistent dates, amounts that add up
 * in the currency's precision, and a fresh `order_reference_id`.
 */
export function generateSample(form: 'general', options?: SampleOptions): GeneralCheckoutRequest;
export function generateSample(form: 'education', options?: SampleOptions): EducationCheckoutRequest;
export function generateSample(
  form: CheckoutForm,
  options?: SampleOptions,
): GeneralCheckoutRequest | EducationCheckoutRequest;
export function generateSample(
  form: CheckoutForm,
  options: SampleOptions = {},
): GeneralCheckoutRequest | EducationCheckoutRequest {
  const now = options.now ?? new Date();
  const { fields, payment, client, additional_data, en, country, education } = commonFields(
    form,
    options,
    now,
  );
  const risk = sampleRisk(en, country, now);
  // Keys in the order of the spec's table, so the raw JSON reads like the spec.
  if (form === 'general')
    return {
      ...fields,
      shipping_address: fields.billing_address,
      ...payment,
      risk_assessment: risk,
      ...client,
      additional_data,
    } satisfies GeneralCheckoutRequest;
  // No shipping for fees.
  return {
    ...fields,
    ...payment,
    risk_assessment: { ...risk, education },
    ...client,
    additional_data,
  } satisfies EducationCheckoutRequest;
}
