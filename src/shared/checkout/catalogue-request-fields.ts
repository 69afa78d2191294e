import type { CatalogueField, FieldGroupId, FieldKind } from './catalogue-types';
import { COUNTRIES, CURRENCIES, DISCOUNT_CURRENCIES, LOCALES } from './currencies';
import { PAIR_TABLE_WORDS } from './country-currency-pairs';
import { LIMITS, PAYMENT_TYPE_SUGGESTIONS } from './limits';

/** The order, amounts, items, consumer, addresses and merchant URLs, in the spec's order, with their rules per form. */

export type Need = 'both' | 'neither' | 'general-only' | 'education-only' | 'payment';
const needs: Record<Need, CatalogueField['requirement']> = {
  both: { general: 'required', education: 'required' },
  neither: { general: 'optional', education: 'optional' },
  'general-only': { general: 'required', education: 'optional' },
  'education-only': { general: 'optional', education: 'required' },
  payment: { general: 'required', education: 'required-unless-single-checkout' },
};

type Extra = Omit<CatalogueField, 'path' | 'group' | 'label' | 'kind' | 'requirement' | 'help'>;
export const field = (
  group: FieldGroupId,
  path: string,
  label: string,
  kind: FieldKind,
  need: Need,
  help: string,
  extra: Extra = {},
): CatalogueField => ({ path, group, label, kind, requirement: needs[need], help, ...extra });

export const money = (
  group: FieldGroupId,
  path: string,
  label: string,
  need: Need,
  help: string,
  minimum?: number,
) =>
  field(group, path, label, 'money', need, help, {
    currencies: CURRENCIES,
    ...(minimum === undefined ? {} : { minimum }),
  });

const addressFields = (which: 'shipping_address' | 'billing_address'): CatalogueField[] => {
  const shipping = which === 'shipping_address';
  const need = (requiredInShipping: boolean): Need => (shipping && requiredInShipping ? 'both' : 'neither');
  const at = (key: string) => `${which}.${key}`;
  return [
    field('addresses', at('first_name'), 'First name', 'string', need(true), 'Address first name.'),
    field('addresses', at('last_name'), 'Last name', 'string', need(true), 'Address last name.'),
    field('addresses', at('line1'), 'Address line 1', 'string', need(true), 'Street and building.'),
    field('addresses', at('line2'), 'Address line 2', 'string', 'neither', 'Flat, floor, landmark.'),
    field('addresses', at('city'), 'City', 'string', need(true), 'City.'),
    field('addresses', at('region'), 'Region', 'string', 'neither', 'Region or province.'),
    field('addresses', at('phone_number'), 'Phone number', 'string', 'neither', 'Phone at this address.'),
    field(
      'addresses',
      at('country_code'),
      'Country',
      'enum',
      need(true),
      'Same values as the top-level country_code.',
      {
        values: COUNTRIES,
      },
    ),
  ];
};

const limit = LIMITS;

export const REQUEST_FIELDS: readonly CatalogueField[] = [
  // Order
  field(
    'order',
    'order_reference_id',
    'Order reference id',
    'string',
    'both',
    "Merchant's unique order id, used for settlement and reports. Can be modified after the session is created.",
  ),
  field(
    'order',
    'order_number',
    'Order number',
    'string',
    'neither',
    'Order number shown to the customer in communication. Defaults to the value of order_reference_id.',
  ),
  field('order', 'description', 'Description', 'string', 'both', 'Order description.', {
    maxLength: limit.descriptionMaxLength,
  }),
  field(
    'order',
    'country_code',
    'Country',
    'enum',
    'both',
    `ISO 3166-1 two-letter code. Default SA. Must pair with the currency; the supported pairs are not shown in the spec, so a pair is judged by ${PAIR_TABLE_WORDS}.`,
    { values: COUNTRIES },
  ),
  field(
    'order',
    'locale',
    'Locale',
    'enum',
    'education-only',
    'Checkout page language. If omitted: a new customer gets ar_SA; an existing customer keeps the stored preference. Required (recommended) in the education form.',
    { values: LOCALES },
  ),
  field(
    'order',
    'platform',
    'Platform',
    'string',
    'education-only',
    'Platform that starts the order (a shop-platform name, web, mobile). Required in the education form.',
  ),
  field(
    'order',
    'is_mobile',
    'Mobile user',
    'boolean',
    'education-only',
    'Marks mobile users. Default false. Required in the education form.',
  ),
  field(
    'order',
    'payment_type',
    'Payment type',
    'string',
    'payment',
    'Allowed values not shown in the spec; free text. Education form: required only when single checkout is disabled.',
    { suggestions: PAYMENT_TYPE_SUGGESTIONS },
  ),
  field(
    'order',
    'instalments',
    'Instalments',
    'integer',
    'payment',
    'Allowed values not shown in the spec. Same requirement rule as payment_type, but the official client sends it only with PAY_BY_INSTALMENTS: left out with another payment_type it is a warning (setting: instalments required).',
  ),
  // Amounts
  money(
    'amounts',
    'total_amount',
    'Total amount',
    'both',
    'Total charged to the consumer: item amounts + tax + shipping - discount.',
    limit.totalAmountMinimum,
  ),
  money('amounts', 'shipping_amount', 'Shipping amount', 'both', '', limit.nonNegativeAmountMinimum),
  money(
    'amounts',
    'tax_amount',
    'Tax amount',
    'both',
    'Total tax if applied. Negative values must not be sent.',
    limit.nonNegativeAmountMinimum,
  ),
  field(
    'amounts',
    'discount',
    'Discount',
    'object',
    'neither',
    'Only for a customer-specific voucher or coupon code, not site-wide discounts. Required only if the merchant allows coupon codes.',
  ),
  field('amounts', 'discount.name', 'Discount name', 'string', 'both', 'Voucher or coupon name.'),
  field(
    'amounts',
    'discount.amount',
    'Discount amount',
    'money',
    'both',
    'Both amount and currency required.',
    { currencies: DISCOUNT_CURRENCIES },
  ),
  // Items
  field('items', 'items', 'Items', 'array', 'both', 'One object per item.'),
  field('items', 'items[].reference_id', 'Reference id', 'string', 'both', "Merchant's unique item id."),
  field(
    'items',
    'items[].type',
    'Type',
    'string',
    'general-only',
    'Kind of item, for example physical or digital.',
    { educationHelp: 'The fee kind.' },
  ),
  field('items', 'items[].name', 'Name', 'string', 'both', '', {
    maxLength: limit.itemNameMaxLength,
    educationHelp: 'The fee duration label of the term.',
  }),
  field('items', 'items[].sku', 'SKU', 'string', 'both', '', {
    maxLength: limit.itemSkuMaxLength,
    educationHelp: 'A fixed value is accepted if not applicable.',
  }),
  field('items', 'items[].quantity', 'Quantity', 'number', 'both', 'Number of units.', {
    educationHelp: 'Must be 1 in the education form.',
  }),
  money('items', 'items[].total_amount', 'Item total', 'both', 'Item total.'),
  field('items', 'items[].item_url', 'Item URL', 'uri', 'neither', '', {
    maxLength: limit.itemUrlMaxLength,
  }),
  field(
    'items',
    'items[].image_url',
    'Image URL',
    'uri',
    'neither',
    'Image up to 2-3 MB, width 1024, small height.',
    { maxLength: limit.itemUrlMaxLength },
  ),
  money('items', 'items[].unit_price', 'Unit price', 'neither', 'Price of one unit.'),
  money('items', 'items[].tax_amount', 'Item tax', 'neither', '', limit.nonNegativeAmountMinimum),
  money('items', 'items[].discount_amount', 'Item discount', 'neither', '', limit.nonNegativeAmountMinimum),
  // Consumer
  field('consumer', 'consumer', 'Consumer', 'object', 'both', 'The customer.'),
  field('consumer', 'consumer.first_name', 'First name', 'string', 'both', 'First name.'),
  field('consumer', 'consumer.last_name', 'Last name', 'string', 'both', 'Last name.'),
  field('consumer', 'consumer.phone_number', 'Phone number', 'string', 'both', 'Phone number.', {
    educationHelp: `At most ${limit.educationPhoneMaxLength} characters in the education form.`,
  }),
  field('consumer', 'consumer.email', 'E-mail', 'email', 'education-only', 'E-mail address.', {
    educationHelp: `Required in the education form; at most ${limit.educationEmailMaxLength} characters.`,
  }),
  // Addresses
  field(
    'addresses',
    'shipping_address',
    'Shipping address',
    'object',
    'general-only',
    'Required in the general form, optional in the education form. first_name, last_name, line1, city and country_code required.',
  ),
  ...addressFields('shipping_address'),
  field(
    'addresses',
    'billing_address',
    'Billing address',
    'object',
    'neither',
    'Required if available. No field of it is required.',
  ),
  ...addressFields('billing_address'),
  // Merchant URLs
  field(
    'merchant_urls',
    'merchant_url',
    'Merchant URLs',
    'object',
    'both',
    'Redirect URLs, all three required, each a URI.',
  ),
  field('merchant_urls', 'merchant_url.success', 'Success URL', 'uri', 'both', 'Checkout succeeded.'),
  field(
    'merchant_urls',
    'merchant_url.failure',
    'Failure URL',
    'uri',
    'both',
    'Network error or customer declined.',
  ),
  field('merchant_urls', 'merchant_url.cancel', 'Cancel URL', 'uri', 'both', 'Customer cancelled.'),
];
