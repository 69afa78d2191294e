import { LOCALES } from './currencies';
import { addRuleIssue, bool, integer, objectOf, oneOf, optionalText, requiredText } from './field-rules';
import { isPlainObject, ownValue } from './findings';
import { commonRequestShape, ROOT_FIELD } from './general-schema';
import { addressSchema, consumerSchema, itemsSchema, request } from './request-parts';
import { riskAssessmentSchema } from './risk-parts';

export interface EducationSchemaOptions {
  /**
   * Single checkout enabled for the merchant (the default). When it is disabled, `payment_type`
   * becomes required, as in the general form (and `instalments`, judged in instalments.ts).
   */
  singleCheckout?: boolean;
}

const requiredInEducation = (key: string) =>
  request(key, `Checkout request: ${key} — required in the education form`);

/** The checkout session request, education form: its own requirement rules over the same fields. */
export function educationRequestSchema(options: EducationSchemaOptions = {}) {
  const singleCheckout = options.singleCheckout !== false;
  return objectOf(
    ROOT_FIELD,
    {
      ...commonRequestShape(),
      items: itemsSchema('education'),
      consumer: consumerSchema('education'),
      shipping_address: addressSchema('shipping_address').optional(),
      payment_type: optionalText(request('payment_type')),
      instalments: integer(request('instalments')).optional(),
      risk_assessment: riskAssessmentSchema('education'),
      platform: requiredText(requiredInEducation('platform')),
      is_mobile: bool(requiredInEducation('is_mobile')),
      locale: oneOf(requiredInEducation('locale'), LOCALES),
    },
    (value, ctx) => {
      if (singleCheckout || !isPlainObject(value)) return;
      const present = ownValue(value, 'payment_type');
      if (present !== undefined && present !== '') return;
      const rule =
        'Checkout request: payment_type — in the education form required when single checkout is disabled';
      addRuleIssue(
        ctx,
        request('payment_type', rule),
        'required',
        rule,
        'payment_type is required when single checkout is disabled.',
        ['payment_type'],
      );
    },
  );
}
