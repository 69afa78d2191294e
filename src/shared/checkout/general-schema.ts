import { COUNTRIES, LOCALES } from './currencies';
import {
  bool,
  integer,
  objectOf,
  oneOf,
  optionalChoice,
  optionalText,
  requiredText,
  type FieldRef,
} from './field-rules';
import { LIMITS } from './limits';
import {
  addressSchema,
  consumerSchema,
  discountSchema,
  expirySchema,
  itemsSchema,
  merchantUrlSchema,
  moneyFields,
  request,
} from './request-parts';
import { additionalDataSchema, riskAssessmentSchema } from './risk-parts';

export const ROOT_FIELD: FieldRef = {
  table: 'Checkout session request',
  key: 'The checkout request',
  typeRule: 'POST /checkout — request body: JSON, the checkout session request (an object)',
};

/** The fields both forms share with the same rules. */
export function commonRequestShape() {
  return {
    total_amount: moneyFields.total_amount(),
    shipping_amount: moneyFields.shipping_amount(),
    tax_amount: moneyFields.tax_amount(),
    order_reference_id: requiredText(request('order_reference_id')),
    order_number: optionalText(request('order_number')),
    discount: discountSchema().optional(),
    country_code: oneOf(request('country_code'), COUNTRIES),
    description: requiredText(request('description'), {
      maxLength: LIMITS.descriptionMaxLength,
      maxRule: `declared maximum ${LIMITS.descriptionMaxLength}`,
    }),
    merchant_url: merchantUrlSchema(),
    // "Required if available": the official client sends null when there is none.
    billing_address: addressSchema('billing_address').nullable().optional(),
    expires_in_minutes: expirySchema('expires_in_minutes'),
    expire_in_minutes: expirySchema('expire_in_minutes'),
    additional_data: additionalDataSchema().optional(),
  };
}

/** The checkout session request, general form: every field, type, requirement and limit of the spec. */
export function generalRequestSchema() {
  return objectOf(ROOT_FIELD, {
    ...commonRequestShape(),
    items: itemsSchema('general'),
    consumer: consumerSchema('general'),
    shipping_address: addressSchema('shipping_address'),
    payment_type: requiredText(
      request('payment_type', 'Checkout request: payment_type — required in the general form'),
    ),
    // Its type only: whether it may be left out depends on payment_type and a setting (instalments.ts).
    instalments: integer(request('instalments')).optional(),
    risk_assessment: riskAssessmentSchema('general'),
    platform: optionalText(request('platform')),
    is_mobile: bool(request('is_mobile')).optional(),
    locale: optionalChoice(request('locale'), LOCALES),
  });
}
