import type { Faker } from '@faker-js/faker';
import type { CountryCode, Locale } from './currencies';
import { GULF, TRANSLITERATED_NAMES } from './gulf-data';

/** A sample consumer and their address: names in Arabic or English, a phone and a place of their country. */

export interface SamplePerson {
  first_name: string;
  last_name: string;
  phone_number: string;
  email: string;
  /** The checkout language that fits the name: ar_SA for Arabic script, en_US otherwise. */
  locale: Locale;
}

export interface SampleFakers {
  /** English locale; also the source of every random choice, so one seed fixes the sample. */
  en: Faker;
  ar: Faker;
}

const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org'];

export function samplePhone(fakers: SampleFakers, country: CountryCode): string {
  const { callingCode, prefixes, restDigits } = GULF[country].phone;
  const rest = fakers.en.string.numeric({ length: restDigits, allowLeadingZeros: true });
  return `${callingCode}${fakers.en.helpers.arrayElement(prefixes)}${rest}`;
}

export function samplePerson(fakers: SampleFakers, country: CountryCode): SamplePerson {
  const { en, ar } = fakers;
  const sex = en.helpers.arrayElement(['male', 'female'] as const);
  const style = en.helpers.weightedArrayElement([
    { weight: 4, value: 'arabic' },
    { weight: 4, value: 'transliterated' },
    { weight: 2, value: 'english' },
  ] as const);
  const [first_name, last_name] =
    style === 'arabic'
      ? [ar.person.firstName(sex), ar.person.lastName()]
      : style === 'transliterated'
        ? [
            en.helpers.arrayElement(TRANSLITERATED_NAMES[sex]),
            en.helpers.arrayElement(TRANSLITERATED_NAMES.family),
          ]
        : [en.person.firstName(sex), en.person.lastName()];
  // faker transliterates Arabic script into the local part; example.* domains never reach a real person.
  const email = en.internet
    .email({ firstName: first_name, lastName: last_name, provider: en.helpers.arrayElement(EMAIL_DOMAINS) })
    .toLowerCase();
  return {
    first_name,
    last_name,
    phone_number: samplePhone(fakers, country),
    email,
    locale: style === 'arabic' ? 'ar_SA' : 'en_US',
  };
}

export function sampleAddress(fakers: SampleFakers, country: CountryCode, person: SamplePerson) {
  const { en } = fakers;
  const place = en.helpers.arrayElement(GULF[country].places);
  const street = en.helpers.arrayElement(GULF[country].streets);
  return {
    first_name: person.first_name,
    last_name: person.last_name,
    line1: `Building ${en.number.int({ min: 1, max: 980 })}, ${street}`,
    line2: `Apartment ${en.number.int({ min: 1, max: 60 })}, floor ${en.number.int({ min: 1, max: 14 })}`,
    city: place.city,
    region: place.region,
    phone_number: person.phone_number,
    country_code: country,
  };
}
