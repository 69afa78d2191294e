import { z } from 'zod';
import { crossFieldFindings } from './cross-field-findings';
import type { RuleParams } from './field-rules';
import {
  educationSchemaWith,
  generalSchema,
  type EducationRequestSchema,
  type GeneralRequestSchema,
} from './form-schemas';
import type { CheckoutForm } from './request-parts';

export interface SchemaOptions {
  /** Education form: single checkout enabled (default true); false makes payment_type and instalments required. */
  singleCheckout?: boolean;
  /** The request field that carries the notification URL; default `merchant_url.notification`. */
  notificationField?: string;
}

/** A form's schema plus its cross-field errors; input and output types are the form's. */
export type CheckoutSchema<S extends z.ZodType> = z.ZodIntersection<S, z.ZodUnknown>;

/**
 * Adds the cross-field errors (country/currency, total, one currency, expiry spellings,
 * notification URL) beside the field schema, so they show even while fields still fail. Warnings
 * stay out: zod has no severity, and a warning must never block a form.
 */
function withCrossFieldErrors<S extends z.ZodType>(
  base: S,
  notificationField: string | undefined,
): CheckoutSchema<S> {
  const crossField = z.unknown().superRefine(
    (value, ctx) => {
      for (const finding of crossFieldFindings(value, notificationField)) {
        if (finding.severity !== 'error') continue;
        const params: RuleParams = { code: finding.code, rule: finding.rule, requiredRule: finding.rule };
        ctx.addIssue({ code: 'custom', path: [...finding.path], message: finding.message, params });
      }
    },
    { when: () => true },
  );
  return z.intersection(base, crossField);
}

/**
 * The schema of a form for react-hook-form's `zodResolver`: every field rule and every
 * cross-field error; each issue's `message` is the finding's and its `params` carry
 * `{ code, rule }`. Use `zodResolver(schema, undefined, { raw: true })` to keep unknown keys.
 */
export function checkoutSchemaFor(
  form: 'general',
  options?: SchemaOptions,
): CheckoutSchema<GeneralRequestSchema>;
export function checkoutSchemaFor(
  form: 'education',
  options?: SchemaOptions,
): CheckoutSchema<EducationRequestSchema>;
export function checkoutSchemaFor(
  form: CheckoutForm,
  options?: SchemaOptions,
): CheckoutSchema<GeneralRequestSchema> | CheckoutSchema<EducationRequestSchema>;
export function checkoutSchemaFor(
  form: CheckoutForm,
  options: SchemaOptions = {},
): CheckoutSchema<GeneralRequestSchema> | CheckoutSchema<EducationRequestSchema> {
  if (form === 'general') return withCrossFieldErrors(generalSchema(), options.notificationField);
  return withCrossFieldErrors(
    educationSchemaWith(options.singleCheckout !== false),
    options.notificationField,
  );
}
