import { z } from 'zod';
import type { CountryCurrencyPair } from './country-currency-pairs';
import { crossFieldFindings, type CrossFieldOptions } from './cross-field-findings';
import type { RuleParams } from './field-rules';
import { educationSchemaWith, generalSchema } from './form-schemas';
import {
  checkInstalments,
  DEFAULT_INSTALMENTS_REQUIRED,
  type InstalmentsRequiredChoice,
} from './instalments';
import { withMissingCountry, type MissingCountryCodeChoice } from './missing-country';
import { walkRequest } from './request-walk';
import type { EducationCheckoutRequest, GeneralCheckoutRequest } from './request-types';
import type { CheckoutForm } from './request-parts';

export interface SchemaOptions {
  /** Education form: single checkout enabled (default true); false makes payment_type and instalments required. */
  singleCheckout?: boolean;
  /** The request field that carries the notification URL; default `merchant_url.notification`. */
  notificationField?: string;
  /** The supported country/currency pairs; default each country with its own currency. */
  pairs?: readonly CountryCurrencyPair[];
  /** Where instalments may be left out (instalments.ts); default `pay_by_instalments`. */
  instalmentsRequired?: InstalmentsRequiredChoice;
  /** A missing top-level country_code: refused as required (default) or taken as SA (missing-country.ts). */
  missingCountryCode?: MissingCountryCodeChoice;
}

/** A form's schema with its cross-field errors; its input and output are the form's request type. */
export type CheckoutSchema<Request> = z.ZodCustom<Request, Request>;

/**
 * Runs the field schema and the cross-field errors (country/currency, total, one currency,
 * expiry spellings, notification URL, whether instalments may be left out) side by side, so both show at once, and passes the value
 * through untouched (unknown keys included). Not `z.intersection`: merging its two outputs
 * throws on values that are not equal to themselves, like the NaN of an empty number input.
 * Warnings stay out: zod has no severity, and a warning must never block a form.
 */
function withCrossFieldErrors<S extends z.ZodType>(
  base: S,
  cross: CrossFieldOptions,
  form: CheckoutForm,
  singleCheckout: boolean,
  instalmentsRequired: InstalmentsRequiredChoice,
  missingCountryCode: MissingCountryCodeChoice | undefined,
): CheckoutSchema<z.input<S>> {
  return z
    .custom<z.input<S>>(() => true)
    .superRefine((given, ctx) => {
      // An optional field given null is read as not given, as validateCheckout reads it
      // (null-optional.ts; its warning is no error, and a form shows errors only).
      const value = walkRequest(withMissingCountry(given, missingCountryCode), {
        form,
        singleCheckout,
        notificationField: cross.notificationField,
        choice: 'accept',
      }).judged;
      const result = base.safeParse(value);
      if (!result.success)
        for (const issue of result.error.issues)
          ctx.addIssue({
            code: 'custom',
            path: issue.path,
            message: issue.message,
            ...(issue.code === 'custom' && issue.params !== undefined ? { params: issue.params } : {}),
          });
      const instalments = checkInstalments(value, { form, singleCheckout, required: instalmentsRequired });
      for (const finding of [...crossFieldFindings(value, cross), ...instalments]) {
        if (finding.severity !== 'error') continue;
        const params: RuleParams = { code: finding.code, rule: finding.rule, requiredRule: finding.rule };
        ctx.addIssue({ code: 'custom', path: [...finding.path], message: finding.message, params });
      }
    });
}

/**
 * The schema of a form for react-hook-form's `zodResolver`: every field rule and every
 * cross-field error; each issue's `message` is the finding's and its `params` carry
 * `{ code, rule }`. Parsing returns the value as given, unknown keys included.
 */
export function checkoutSchemaFor(
  form: 'general',
  options?: SchemaOptions,
): CheckoutSchema<GeneralCheckoutRequest>;
export function checkoutSchemaFor(
  form: 'education',
  options?: SchemaOptions,
): CheckoutSchema<EducationCheckoutRequest>;
export function checkoutSchemaFor(
  form: CheckoutForm,
  options?: SchemaOptions,
): CheckoutSchema<GeneralCheckoutRequest> | CheckoutSchema<EducationCheckoutRequest>;
export function checkoutSchemaFor(
  form: CheckoutForm,
  options: SchemaOptions = {},
): CheckoutSchema<GeneralCheckoutRequest> | CheckoutSchema<EducationCheckoutRequest> {
  const cross = { notificationField: options.notificationField, pairs: options.pairs };
  const singleCheckout = options.singleCheckout !== false;
  const instalments = options.instalmentsRequired ?? DEFAULT_INSTALMENTS_REQUIRED;
  const country = options.missingCountryCode;
  if (form === 'general')
    return withCrossFieldErrors(generalSchema(), cross, form, singleCheckout, instalments, country);
  return withCrossFieldErrors(
    educationSchemaWith(singleCheckout),
    cross,
    form,
    singleCheckout,
    instalments,
    country,
  );
}
