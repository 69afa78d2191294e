import { educationRequestSchema } from './education-schema';
import { generalRequestSchema } from './general-schema';
import type { CheckoutForm } from './request-parts';

/** The field-level schemas (no cross-field rules), built once per form and option. */
export type GeneralRequestSchema = ReturnType<typeof generalRequestSchema>;
export type EducationRequestSchema = ReturnType<typeof educationRequestSchema>;

let general: GeneralRequestSchema | undefined;
const education = new Map<boolean, EducationRequestSchema>();

export function generalSchema(): GeneralRequestSchema {
  general ??= generalRequestSchema();
  return general;
}

export function educationSchemaWith(singleCheckout: boolean): EducationRequestSchema {
  let schema = education.get(singleCheckout);
  if (schema === undefined) {
    schema = educationRequestSchema({ singleCheckout });
    education.set(singleCheckout, schema);
  }
  return schema;
}

export function baseSchemaFor(form: CheckoutForm, singleCheckout: boolean) {
  return form === 'general' ? generalSchema() : educationSchemaWith(singleCheckout);
}
