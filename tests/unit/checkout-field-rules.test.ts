import { describe, expect, it } from 'vitest';
import { changeCurrency, validateCheckout, type CheckoutForm } from '../../src/shared/checkout';
import { fixture, getAt, type Payload } from './helpers/checkout-payloads';
import { all, del, retotal, ruleTable, set, type Edit } from './helpers/rule-table';

/** The form's fixture moved to another currency and country, without a discount (SAR/AED only). */
const inCurrency = (currency: 'KWD' | 'BHD' | 'OMR') => (form: CheckoutForm) => {
  const payload = fixture(form);
  delete payload.discount;
  return retotal(changeCurrency(payload, currency) as Payload) as Payload;
};

/** One item of 0.10, nothing else: the smallest valid total. */
const tinyOrder = all(
  del('discount'),
  set('items[0].total_amount.amount', 0.1),
  set('items[0].unit_price.amount', 0.1),
  set('items[0].tax_amount.amount', 0),
  set('tax_amount.amount', 0),
  set('shipping_amount.amount', 0),
  set('total_amount.amount', 0.1),
);

const url = (length: number) => `https://example.com/${'a'.repeat(length - 'https://example.com/'.length)}`;

describe('Money', () => {
  ruleTable([
    {
      rule: 'amount may be a numeric string',
      bad: set('total_amount.amount', '72,98'),
      path: 'total_amount.amount',
      code: 'not_numeric',
      message: /72,98/,
      good: all(
        set('tax_amount.amount', '0'),
        retotal,
        (p) => void set('total_amount.amount', String(getAt(p, 'total_amount.amount')))(p),
      ),
    },
    {
      rule: 'amount is a number or numeric string',
      bad: set('shipping_amount.amount', true),
      path: 'shipping_amount.amount',
      code: 'wrong_type',
    },
    {
      rule: 'amount is required',
      bad: del('tax_amount.amount'),
      path: 'tax_amount.amount',
      code: 'required',
    },
    {
      rule: 'at most 2 decimals by default',
      bad: all(set('shipping_amount.amount', 1.005), retotal),
      path: 'shipping_amount.amount',
      code: 'too_many_decimals',
      message: /3 decimals; [A-Z]{3} has 2, so its smallest amount is 0\.01\./,
      good: all(set('shipping_amount.amount', 1.01), retotal),
    },
    {
      rule: 'trailing zeros of a numeric string do not count',
      bad: all(set('shipping_amount.amount', '1.001'), retotal),
      path: 'shipping_amount.amount',
      code: 'too_many_decimals',
      good: all(set('shipping_amount.amount', '1.500'), retotal),
    },
    {
      rule: '3 decimals for KWD',
      base: inCurrency('KWD'),
      bad: all(set('shipping_amount.amount', 1.2345), retotal),
      path: 'shipping_amount.amount',
      code: 'too_many_decimals',
      message: /KWD has 3, so its smallest amount is 0\.001\./,
      good: all(set('shipping_amount.amount', 1.234), retotal),
    },
    {
      rule: '3 decimals for BHD',
      base: inCurrency('BHD'),
      bad: all(set('items[0].unit_price.amount', 0.0001)),
      path: 'items[0].unit_price.amount',
      code: 'too_many_decimals',
      good: set('items[0].unit_price.amount', 0.001),
    },
    {
      rule: 'OMR keeps the default 2 decimals',
      base: inCurrency('OMR'),
      bad: all(set('shipping_amount.amount', 1.234), retotal),
      path: 'shipping_amount.amount',
      code: 'too_many_decimals',
      good: all(set('shipping_amount.amount', 1.23), retotal),
    },
    {
      rule: 'currency is one of SAR, AED, BHD, KWD, OMR',
      bad: set('tax_amount.currency', 'USD'),
      path: 'tax_amount.currency',
      code: 'not_one_of',
      message: /USD/,
    },
    {
      rule: 'currency defaults to SAR',
      forms: ['general'],
      bad: set('tax_amount.currency', 'sar'),
      path: 'tax_amount.currency',
      code: 'not_one_of',
      good: del('tax_amount.currency'),
    },
    {
      rule: 'discount.amount only in SAR or AED',
      base: inCurrency('KWD'),
      bad: set('discount', { name: 'EID10', amount: { amount: 1, currency: 'KWD' } }),
      path: 'discount.amount.currency',
      code: 'discount_currency_not_allowed',
      message: /only be in SAR or AED/,
    },
    {
      rule: 'discount.amount currency required',
      bad: del('discount.amount.currency'),
      path: 'discount.amount.currency',
      code: 'required',
    },
    {
      rule: 'discount.amount amount required',
      bad: del('discount.amount.amount'),
      path: 'discount.amount.amount',
      code: 'required',
    },
  ]);
});

describe('Minimums', () => {
  ruleTable([
    {
      rule: 'total_amount minimum 0.1',
      bad: all(tinyOrder, set('items[0].total_amount.amount', 0.09), set('total_amount.amount', 0.09)),
      path: 'total_amount.amount',
      code: 'below_minimum',
      message: /0\.09; the minimum is 0\.1/,
      good: tinyOrder,
    },
    {
      rule: 'shipping_amount minimum 0',
      bad: all(set('shipping_amount.amount', -0.01), retotal),
      path: 'shipping_amount.amount',
      code: 'below_minimum',
      good: all(set('shipping_amount.amount', 0), retotal),
    },
    {
      rule: 'tax_amount minimum 0',
      bad: all(set('tax_amount.amount', -1), retotal),
      path: 'tax_amount.amount',
      code: 'below_minimum',
      good: all(set('tax_amount.amount', 0), retotal),
    },
    {
      rule: 'item tax_amount minimum 0',
      bad: set('items[0].tax_amount.amount', -1),
      path: 'items[0].tax_amount.amount',
      code: 'below_minimum',
      good: set('items[0].tax_amount.amount', 0),
    },
    {
      rule: 'item discount_amount minimum 0',
      bad: set('items[0].discount_amount.amount', -0.5),
      path: 'items[0].discount_amount.amount',
      code: 'below_minimum',
      good: set('items[0].discount_amount.amount', 0),
    },
  ]);
});

describe('Lengths', () => {
  ruleTable([
    {
      rule: 'item name at most 255',
      bad: set('items[0].name', 'n'.repeat(256)),
      path: 'items[0].name',
      code: 'too_long',
      message: /256 characters long; the maximum is 255/,
      good: set('items[0].name', 'n'.repeat(255)),
    },
    {
      rule: 'item sku at most 128',
      bad: set('items[0].sku', 's'.repeat(129)),
      path: 'items[0].sku',
      code: 'too_long',
      message: /129 .* 128/,
      good: set('items[0].sku', 's'.repeat(128)),
    },
    {
      rule: 'item_url at most 1024',
      bad: set('items[0].item_url', url(1025)),
      path: 'items[0].item_url',
      code: 'too_long',
      good: set('items[0].item_url', url(1024)),
    },
    {
      rule: 'image_url at most 1024',
      bad: set('items[0].image_url', url(1025)),
      path: 'items[0].image_url',
      code: 'too_long',
      good: set('items[0].image_url', url(1024)),
    },
    {
      rule: 'item_url is a URI',
      bad: set('items[0].item_url', 'shop/products/1'),
      path: 'items[0].item_url',
      code: 'invalid_uri',
      good: set('items[0].item_url', 'myshop://products/1'),
    },
    {
      rule: 'image_url is a URI',
      bad: set('items[0].image_url', 'https://exa mple.com/a.jpg'),
      path: 'items[0].image_url',
      code: 'invalid_uri',
    },
    {
      rule: 'description declared maximum 256',
      bad: set('description', 'd'.repeat(257)),
      path: 'description',
      code: 'too_long',
      good: set('description', 'd'.repeat(256)),
    },
    {
      rule: 'education consumer email at most 128',
      forms: ['education'],
      bad: set('consumer.email', `${'e'.repeat(117)}@example.com`),
      path: 'consumer.email',
      code: 'too_long',
      good: set('consumer.email', `${'e'.repeat(116)}@example.com`),
    },
    {
      rule: 'education consumer phone at most 32',
      forms: ['education'],
      bad: set('consumer.phone_number', '+9'.padEnd(33, '5')),
      path: 'consumer.phone_number',
      code: 'too_long',
      good: set('consumer.phone_number', '+9'.padEnd(32, '5')),
    },
    {
      rule: 'consumer email is an e-mail address',
      bad: set('consumer.email', 'not-an-email'),
      path: 'consumer.email',
      code: 'invalid_email',
    },
  ]);

  it.each([
    ['consumer.email', `${'e'.repeat(200)}@example.com`],
    ['consumer.phone_number', '+9'.padEnd(40, '5')],
  ])('the general form has no limit on %s', (path, value) => {
    const payload = fixture('general');
    const [parent, key] = path.split('.') as [string, string];
    (payload[parent] as Record<string, unknown>)[key] = value;
    expect(validateCheckout(payload, { form: 'general' })).toEqual([]);
  });
});

describe('Enums', () => {
  ruleTable([
    {
      // One error for one country: the spec's pair code, which names the countries it takes.
      rule: 'country_code one of SA, AE, BH, KW, OM',
      bad: set('country_code', 'US'),
      path: 'country_code',
      code: 'not_supported_country_currency',
      message: /not one the service takes \(SA, AE, BH, KW, OM\)/,
    },
    {
      rule: 'locale one of ar_SA, en_US',
      bad: set('locale', 'fr_FR'),
      path: 'locale',
      code: 'not_one_of',
      good: set('locale', 'en_US'),
    },
    {
      rule: 'address country_code same values',
      bad: set('billing_address.country_code', 'XX'),
      path: 'billing_address.country_code',
      code: 'not_one_of',
      good: set('billing_address.country_code', 'OM'),
    },
  ]);
});

describe('Expiry', () => {
  const fresh = all(
    (p) => void delete p.expires_in_minutes,
    (p) => void delete p.expire_in_minutes,
  );
  // Its rules as a merchant support enabled the feature for: by default a value that passes them
  // is ignored, with a warning of its own (checkout-expiry-ignored.test.ts).
  const honoured = { honourExpiresInMinutes: true };
  ruleTable([
    {
      rule: 'expires_in_minutes at least 5',
      bad: all(fresh, set('expires_in_minutes', 4)),
      path: 'expires_in_minutes',
      code: 'below_minimum',
      message: /4; the minimum is 5/,
      good: all(fresh, set('expires_in_minutes', 5)),
      options: honoured,
    },
    {
      rule: 'expires_in_minutes at most 1440',
      bad: all(fresh, set('expires_in_minutes', 1441)),
      path: 'expires_in_minutes',
      code: 'above_maximum',
      good: all(fresh, set('expires_in_minutes', 1440)),
      options: honoured,
    },
    {
      rule: 'expires_in_minutes is an integer',
      bad: all(fresh, set('expires_in_minutes', 30.5)),
      path: 'expires_in_minutes',
      code: 'not_integer',
    },
    {
      rule: 'expires_in_minutes is a number',
      bad: all(fresh, set('expires_in_minutes', '30')),
      path: 'expires_in_minutes',
      code: 'wrong_type',
    },
    {
      rule: 'expire_in_minutes spelling accepted, same range',
      bad: all(fresh, set('expire_in_minutes', 3)),
      path: 'expire_in_minutes',
      code: 'below_minimum',
      good: all(fresh, set('expire_in_minutes', 45)),
      options: honoured,
    },
    {
      rule: 'both spellings, different values',
      bad: all(fresh, set('expires_in_minutes', 30), set('expire_in_minutes', 60)),
      path: 'expire_in_minutes',
      code: 'conflicting_expiry',
      message: /30 .* 60/,
    },
    {
      rule: 'both spellings, same value',
      bad: all(fresh, set('expires_in_minutes', 30), set('expire_in_minutes', 30)),
      path: 'expire_in_minutes',
      code: 'duplicate_expiry',
      severity: 'warning',
      good: all(fresh, set('expires_in_minutes', 30)),
      options: honoured,
    },
  ]);
});

/** A second item, a copy of the first but for its reference_id, the total following. */
const secondItem =
  (referenceId: string): Edit =>
  (payload) => {
    const items = payload.items as Payload[];
    items.push({ ...items[0], reference_id: referenceId });
    return retotal(payload);
  };

describe("Items: reference_id, the merchant's unique item id", () => {
  ruleTable([
    {
      rule: 'two items with one reference_id',
      bad: all(set('items[0].reference_id', 'ITEM-1'), secondItem('ITEM-1')),
      path: 'items[1].reference_id',
      code: 'duplicate_reference_id',
      severity: 'warning',
      message: /items\[1\]\.reference_id is the text "ITEM-1", as items\[0\]\.reference_id is/,
      good: all(set('items[0].reference_id', 'ITEM-1'), secondItem('ITEM-2')),
    },
  ]);
});

describe('Dates dd-mm-yyyy', () => {
  ruleTable([
    {
      rule: 'account_creation_date format',
      bad: set('risk_assessment.account_creation_date', '2024-01-05'),
      path: 'risk_assessment.account_creation_date',
      code: 'invalid_date_format',
      good: set('risk_assessment.account_creation_date', '05-01-2020'),
    },
    {
      rule: '31-02-2025 is not a date',
      bad: set('risk_assessment.account_creation_date', '31-02-2025'),
      path: 'risk_assessment.account_creation_date',
      code: 'not_a_real_date',
      message: /31-02-2025/,
    },
    {
      rule: '29-02 exists in leap years only',
      bad: set('risk_assessment.account_creation_date', '29-02-2023'),
      path: 'risk_assessment.account_creation_date',
      code: 'not_a_real_date',
      good: set('risk_assessment.account_creation_date', '29-02-2020'),
    },
    {
      rule: '1900 is not a leap year, 2000 is',
      bad: set('risk_assessment.account_creation_date', '29-02-1900'),
      path: 'risk_assessment.account_creation_date',
      code: 'not_a_real_date',
      good: set('risk_assessment.account_creation_date', '29-02-2000'),
    },
    {
      rule: 'month 13 does not exist',
      bad: set('risk_assessment.date_last_paid', '01-13-2025'),
      path: 'risk_assessment.date_last_paid',
      code: 'not_a_real_date',
    },
    {
      rule: 'date_first_paid and date_last_paid may be null',
      bad: del('risk_assessment.date_first_paid'),
      path: 'risk_assessment.date_first_paid',
      code: 'required',
      good: all(set('risk_assessment.date_first_paid', null), set('risk_assessment.date_last_paid', null)),
    },
    {
      rule: 'account_creation_date is not nullable',
      bad: set('risk_assessment.account_creation_date', null),
      path: 'risk_assessment.account_creation_date',
      code: 'wrong_type',
    },
    {
      rule: 'account_security dates',
      bad: set('risk_assessment.account_security.last_login_date', '1/2/2025'),
      path: 'risk_assessment.account_security.last_login_date',
      code: 'invalid_date_format',
    },
    {
      rule: 'password_last_changed date',
      bad: set('risk_assessment.account_security.password_last_changed', '30-02-2024'),
      path: 'risk_assessment.account_security.password_last_changed',
      code: 'not_a_real_date',
    },
    {
      rule: 'education start_date',
      forms: ['education'],
      bad: set('risk_assessment.education.start_date', 'next monday'),
      path: 'risk_assessment.education.start_date',
      code: 'invalid_date_format',
    },
  ]);
});
