import type { Faker } from '@faker-js/faker';
import type { CountryCode } from './currencies';
import { specDateFromDate } from './dates';
import { EDUCATION_SUGGESTIONS, EDUCATION_VALUES } from './limits';
import type { RiskAssessment } from './request-types';

/**
 * A consistent customer history: the account was created first, then the first paid order,
 * then the last one, none after today; a course starts after enrolment and ends after it starts.
 */
const DAY_MS = 86_400_000;

const daysFrom = (now: Date, days: number) => specDateFromDate(new Date(now.getTime() + days * DAY_MS));

/** The education block: a course that starts within two months and runs one to nine months. */
export function sampleEducation(faker: Faker, now: Date) {
  const startsInDays = faker.number.int({ min: 7, max: 60 });
  return {
    education_type: faker.helpers.arrayElement(EDUCATION_SUGGESTIONS.education_type),
    start_date: daysFrom(now, startsInDays),
    end_date: daysFrom(now, startsInDays + faker.number.int({ min: 30, max: 270 })),
    event_location: faker.helpers.arrayElement(EDUCATION_VALUES.event_location),
    purchase_type: faker.helpers.arrayElement(EDUCATION_VALUES.purchase_type),
  };
}

export function sampleRisk(faker: Faker, country: CountryCode, now: Date): RiskAssessment {
  const createdDaysAgo = faker.number.int({ min: 60, max: 2500 });
  const orders = faker.helpers.weightedArrayElement([
    { weight: 1, value: 0 },
    { weight: 6, value: faker.number.int({ min: 1, max: 40 }) },
  ]);
  const firstPaidDaysAgo = faker.number.int({ min: 0, max: createdDaysAgo });
  const lastPaidDaysAgo =
    orders === 1 ? firstPaidDaysAgo : faker.number.int({ min: 0, max: firstPaidDaysAgo });
  return {
    is_premium_customer: faker.datatype.boolean({ probability: 0.2 }),
    account_creation_date: daysFrom(now, -createdDaysAgo),
    total_order_count: orders,
    date_first_paid: orders === 0 ? null : daysFrom(now, -firstPaidDaysAgo),
    date_last_paid: orders === 0 ? null : daysFrom(now, -lastPaidDaysAgo),
    risk_score: faker.number.int({ min: 0, max: 100 }),
    order_count_last_24h: orders === 0 ? 0 : faker.number.int({ min: 0, max: Math.min(2, orders) }),
    account_security: {
      is_email_verified: true,
      is_phone_verified: faker.datatype.boolean({ probability: 0.8 }),
      password_last_changed: daysFrom(now, -faker.number.int({ min: 0, max: createdDaysAgo })),
      last_login_date: daysFrom(now, -faker.number.int({ min: 0, max: Math.min(30, createdDaysAgo) })),
      last_verification_method: faker.helpers.arrayElement(['OTP', 'biometric']),
      device_id: faker.string.hexadecimal({ length: 64, casing: 'lower', prefix: '' }),
      devices_linked: faker.number.int({ min: 1, max: 3 }),
    },
    // A few of the extra risk fields the spec names (types not shown): plausible JSON values.
    is_existing_customer: orders > 0,
    is_guest_user: false,
    customer_nationality: country,
    phone_verified: faker.datatype.boolean({ probability: 0.8 }),
    reward_program_enrolled: faker.datatype.boolean(),
  };
}
