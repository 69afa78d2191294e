import { isPlainObject, ownValue, type RawFinding } from './findings';
import type { CheckoutForm } from './request-parts';

/**
 * `instalments`, the one owner of its requirement and of the counts it can hold.
 *
 * The spec marks it required "yes" ("Same requirement rule as payment_type": the general form,
 * and the education form with single checkout disabled), but the official client sends it only
 * with PAY_BY_INSTALMENTS and a count above 0 (`Order::toArray`), so under the spec's letter no
 * PAY_BY_LATER checkout of it could be created. Real clients are the judge: by
 * default it is required only with PAY_BY_INSTALMENTS (or no payment_type), and an order
 * naming another payment type without it earns a warning that names the spec's line; `always`
 * is that line as written (Emulator → Settings, `validate --instalments-required`). The allowed
 * values are not shown either, so a count that does not fit the payment type is a warning,
 * never an error: fewer than 2 with PAY_BY_INSTALMENTS, and more than 1 with PAY_BY_LATER, the
 * client's other type, which it sends with no count at all. A type neither the spec nor the
 * client names (PAY_NOW, say) is free text, and its count is judged by nothing.
 */
export const INSTALMENTS_REQUIRED_CHOICES = ['pay_by_instalments', 'always'] as const;
export type InstalmentsRequiredChoice = (typeof INSTALMENTS_REQUIRED_CHOICES)[number];
export const DEFAULT_INSTALMENTS_REQUIRED: InstalmentsRequiredChoice = 'pay_by_instalments';

const PAY_BY_INSTALMENTS = 'PAY_BY_INSTALMENTS';
const PAY_BY_LATER = 'PAY_BY_LATER';
const PATH = ['instalments'] as const;

export interface InstalmentsOptions {
  form: CheckoutForm;
  singleCheckout: boolean;
  required: InstalmentsRequiredChoice;
}

/** The spec's requirement line for the form, or null where the spec leaves it optional. */
function specRequirement(form: CheckoutForm, singleCheckout: boolean): string | null {
  if (form === 'general') return 'Checkout request: instalments — required in the general form';
  return singleCheckout
    ? null
    : 'Checkout request: instalments — in the education form required when single checkout is disabled';
}

function missing(payload: unknown, options: InstalmentsOptions): RawFinding[] {
  const rule = specRequirement(options.form, options.singleCheckout);
  if (rule === null) return [];
  const paymentType = ownValue(payload, 'payment_type');
  // Only an order naming another payment type is the client's: without one (itself an error)
  // nothing says instalments could go, and the spec's line stands.
  const otherType =
    typeof paymentType === 'string' && paymentType !== '' && paymentType !== PAY_BY_INSTALMENTS;
  if (options.required === 'always' || !otherType)
    return [
      {
        severity: 'error',
        path: PATH,
        code: 'required',
        rule,
        message:
          options.form === 'general'
            ? 'instalments is required (a whole number).'
            : 'instalments is required when single checkout is disabled.',
      },
    ];
  return [
    {
      severity: 'warning',
      path: PATH,
      code: 'instalments_not_given',
      rule: `${rule} (the spec's "yes"); the official client sends it only with PAY_BY_INSTALMENTS`,
      message:
        `instalments is not given and payment_type is ${paymentType}. The spec marks instalments required, ` +
        'but the official client sends it only with PAY_BY_INSTALMENTS, so the console takes the order ' +
        'without it (instalments required: with PAY_BY_INSTALMENTS). Give a count if the service refuses it.',
    },
  ];
}

/** A count that does not fit the payment type; a negative one is checkCounts' (consistency-checks.ts). */
function countFindings(count: number, paymentType: unknown): RawFinding[] {
  const finding = (rule: string, message: string): RawFinding[] => [
    { severity: 'warning', path: PATH, code: 'instalments_payment_type', rule, message },
  ];
  if (count < 0) return [];
  if (paymentType === PAY_BY_INSTALMENTS && count < 2)
    return finding(
      'Checkout request: instalments — allowed values not shown; PAY_BY_INSTALMENTS splits the payment',
      `instalments is ${count} with payment_type PAY_BY_INSTALMENTS; paying in instalments takes at least 2.`,
    );
  if (paymentType === PAY_BY_LATER && count > 1)
    return finding(
      'Checkout request: instalments — allowed values not shown; the official client sends a count only with PAY_BY_INSTALMENTS',
      `instalments is ${count} with payment_type PAY_BY_LATER, which the official client sends with no count ` +
        '(only PAY_BY_INSTALMENTS splits the payment); give 1 or leave it out.',
    );
  return [];
}

/**
 * The requirement of `instalments` as `options.required` weighs it, and the warning of a count
 * that does not fit the payment type. Its type is the schema's (a whole number); a value of
 * another type is left to it.
 */
export function checkInstalments(payload: unknown, options: InstalmentsOptions): RawFinding[] {
  if (!isPlainObject(payload)) return [];
  const value = ownValue(payload, 'instalments');
  if (value === undefined) return missing(payload, options);
  if (typeof value !== 'number' || !Number.isInteger(value)) return [];
  return countFindings(value, ownValue(payload, 'payment_type'));
}
