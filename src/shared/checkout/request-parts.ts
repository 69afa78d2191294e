import { COUNTRIES, isDiscountCurrency } from './currencies';
import {
  addRuleIssue,
  gate,
  arrayOf,
  decimal,
  email,
  integer,
  objectOf,
  oneOf,
  optionalChoice,
  optionalEmail,
  optionalText,
  optionalUri,
  requiredText,
  uri,
  type FieldRef,
} from './field-rules';
import { isPlainObject, ownValue } from './findings';
import { LIMITS } from './limits';
import { DISCOUNT_CURRENCY_RULE, discountCurrencyMessage, money } from './money-schema';
import { isNoCouponDiscount } from './no-coupon-discount';

/**
 * The parts of the checkout session request, one builder per table of the spec. Where the
 * general and education forms differ, the builder takes the form.
 */
export type CheckoutForm = 'general' | 'education';

export const request = (key: string, requiredRule?: string): FieldRef => ({
  table: 'Checkout request',
  key,
  requiredRule,
});

const zeroMinimum = { value: LIMITS.nonNegativeAmountMinimum, rule: 'amount minimum 0' };

export function itemSchema(form: CheckoutForm) {
  const item = (key: string, requiredRule?: string): FieldRef => ({ table: 'Item', key, requiredRule });
  const url = {
    maxLength: LIMITS.itemUrlMaxLength,
    maxRule: `maximum ${LIMITS.itemUrlMaxLength} characters`,
  };
  const quantityField = item('quantity');
  const quantity =
    form === 'general'
      ? decimal(quantityField)
      : decimal(quantityField).check((ctx) => {
          if (Number.isFinite(ctx.value) && ctx.value !== LIMITS.educationItemQuantity)
            addRuleIssue(
              ctx,
              quantityField,
              'quantity_must_be_one',
              'Item: quantity — in the education form it must be 1',
              `quantity is ${ctx.value}; in the education form every item has quantity 1.`,
            );
        });
  return objectOf(item('item', 'Checkout request: items — one object per item'), {
    reference_id: requiredText(item('reference_id')),
    type:
      form === 'general'
        ? requiredText(item('type', 'Item: type — required in the general form'))
        : optionalText(item('type')),
    name: requiredText(item('name'), {
      maxLength: LIMITS.itemNameMaxLength,
      maxRule: `maximum ${LIMITS.itemNameMaxLength} characters`,
    }),
    sku: requiredText(item('sku'), {
      maxLength: LIMITS.itemSkuMaxLength,
      maxRule: `maximum ${LIMITS.itemSkuMaxLength} characters`,
    }),
    quantity,
    total_amount: money({ field: item('total_amount') }),
    item_url: optionalUri(item('item_url'), url),
    image_url: optionalUri(item('image_url'), url),
    // Optional Money may be null: the official client sends `"unit_price": null` when unset.
    unit_price: money({ field: item('unit_price') })
      .nullable()
      .optional(),
    tax_amount: money({ field: item('tax_amount'), minimum: zeroMinimum })
      .nullable()
      .optional(),
    discount_amount: money({ field: item('discount_amount'), minimum: zeroMinimum })
      .nullable()
      .optional(),
  });
}

export function consumerSchema(form: CheckoutForm) {
  const consumer = (key: string, requiredRule?: string): FieldRef => ({
    table: 'Consumer',
    key,
    requiredRule,
  });
  const field = request('consumer');
  if (form === 'general')
    return objectOf(field, {
      first_name: requiredText(consumer('first_name')),
      last_name: requiredText(consumer('last_name')),
      phone_number: requiredText(consumer('phone_number')),
      email: optionalEmail(consumer('email')),
    });
  return objectOf(field, {
    first_name: requiredText(consumer('first_name')),
    last_name: requiredText(consumer('last_name')),
    phone_number: requiredText(consumer('phone_number'), {
      maxLength: LIMITS.educationPhoneMaxLength,
      maxRule: `education form: at most ${LIMITS.educationPhoneMaxLength} characters`,
    }),
    email: email(consumer('email', 'Consumer: email — required in the education form'), {
      maxLength: LIMITS.educationEmailMaxLength,
      maxRule: `education form: at most ${LIMITS.educationEmailMaxLength} characters`,
    }),
  });
}

/** `billing_address` requires nothing; `shipping_address` requires names, line1, city and country. */
export function addressSchema(which: 'shipping_address' | 'billing_address') {
  const required = (key: string): FieldRef => ({
    table: 'Address',
    key,
    requiredRule: `Address: ${key} — required in shipping_address`,
  });
  const optional = (key: string): FieldRef => ({ table: 'Address', key });
  if (which === 'shipping_address')
    return objectOf(request(which, 'Checkout request: shipping_address — required in the general form'), {
      first_name: requiredText(required('first_name')),
      last_name: requiredText(required('last_name')),
      line1: requiredText(required('line1')),
      line2: optionalText(optional('line2')),
      city: requiredText(required('city')),
      region: optionalText(optional('region')),
      phone_number: optionalText(optional('phone_number')),
      country_code: oneOf(required('country_code'), COUNTRIES),
    });
  return objectOf(request(which), {
    first_name: optionalText(optional('first_name')),
    last_name: optionalText(optional('last_name')),
    line1: optionalText(optional('line1')),
    line2: optionalText(optional('line2')),
    city: optionalText(optional('city')),
    region: optionalText(optional('region')),
    phone_number: optionalText(optional('phone_number')),
    country_code: optionalChoice(optional('country_code'), COUNTRIES),
  });
}

/** Redirect URLs, all three required. Other keys (the notification URL field) are allowed. */
export function merchantUrlSchema() {
  const url = (key: string): FieldRef => ({ table: 'merchant_url', key });
  return objectOf(request('merchant_url'), {
    success: uri(url('success')),
    failure: uri(url('failure')),
    cancel: uri(url('cancel')),
  });
}

/**
 * "Only for a customer-specific voucher or coupon code"; both fields, and both of `amount`'s,
 * required, its currency SAR or AED. The official client's "no coupon" discount (empty name,
 * zero amount in the order's currency) is no discount: it passes here and is a warning
 * (`empty_discount`, consistency-checks).
 */
export function discountSchema() {
  const name: FieldRef = { table: 'discount', key: 'name' };
  return objectOf(
    request('discount'),
    {
      name: gate<string>(name, (value) => typeof value === 'string', 'a string'),
      amount: money({ field: { table: 'discount', key: 'amount' }, discount: true }),
    },
    (value, ctx) => {
      if (!isPlainObject(value) || isNoCouponDiscount(value)) return;
      if (ownValue(value, 'name') === '')
        addRuleIssue(ctx, name, 'required', 'discount: name — required', 'name is required and is empty.', [
          'name',
        ]);
      const currency = ownValue(ownValue(value, 'amount'), 'currency');
      if (typeof currency === 'string' && !isDiscountCurrency(currency))
        addRuleIssue(
          ctx,
          { table: 'discount', key: 'currency' },
          'discount_currency_not_allowed',
          DISCOUNT_CURRENCY_RULE,
          discountCurrencyMessage(currency),
          ['amount', 'currency'],
        );
    },
  );
}

export function itemsSchema(form: CheckoutForm) {
  return arrayOf(request('items'), itemSchema(form));
}

export const moneyFields = {
  total_amount: () =>
    money({
      field: request('total_amount'),
      minimum: { value: LIMITS.totalAmountMinimum, rule: `amount minimum ${LIMITS.totalAmountMinimum}` },
    }),
  shipping_amount: () => money({ field: request('shipping_amount'), minimum: zeroMinimum }),
  tax_amount: () =>
    money({
      field: request('tax_amount'),
      minimum: { value: 0, rule: 'negative values must not be sent; minimum 0' },
    }),
};

export const expirySchema = (key: 'expires_in_minutes' | 'expire_in_minutes') =>
  integer(request(key), {
    min: LIMITS.expiryMinutesMinimum,
    max: LIMITS.expiryMinutesMaximum,
    rangeRule: `${LIMITS.expiryMinutesMinimum} to ${LIMITS.expiryMinutesMaximum}`,
  }).optional();
