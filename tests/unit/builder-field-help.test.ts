import { describe, expect, it } from 'vitest';
import { decimalsWords, fieldsFor, type CheckoutForm, type FormField } from '../../src/shared/checkout';
import { fieldHelp } from '../../src/renderer/src/features/builder/form/field-help';

const FORMS: CheckoutForm[] = ['general', 'education'];

function fieldAt(form: CheckoutForm, path: string): FormField {
  const found = fieldsFor(form).find((field) => field.path === path);
  if (found === undefined) throw new Error(`no field ${path}`);
  return found;
}

// The ⓘ said each limit twice, in two wordings ("Declared maximum 256. At most 256 characters.",
// "Minimum 0.1. At least 0.1.", "dd-mm-yyyy. … Written dd-mm-yyyy.") and no Money's said how many
// decimals its amount takes.
describe("a field's tooltip", () => {
  it.each<[CheckoutForm, string, string]>([
    ['general', 'description', 'Order description. At most 256 characters.'],
    [
      'general',
      'total_amount',
      'Total charged to the consumer: item amounts + tax + shipping - discount. At least 0.1. ' +
        'Currencies: SAR, AED, BHD, KWD, OMR. Two decimals; three for BHD and KWD.',
    ],
    [
      'general',
      'shipping_amount',
      'At least 0. Currencies: SAR, AED, BHD, KWD, OMR. Two decimals; three for BHD and KWD.',
    ],
    ['general', 'discount.amount', 'Both amount and currency required. Currencies: SAR, AED. Two decimals.'],
    ['general', 'risk_assessment.date_first_paid', 'Null if this is the first order. Written dd-mm-yyyy.'],
    [
      'education',
      'risk_assessment.account_creation_date',
      "The student's first enrolment date. Written dd-mm-yyyy.",
    ],
    ['education', 'items[].name', 'The fee duration label of the term. At most 255 characters.'],
  ])('%s %s: %j', (form, path, help) => {
    expect(fieldHelp(fieldAt(form, path))).toBe(help);
  });

  describe.each(FORMS)('in the %s form', (form) => {
    it.each(fieldsFor(form).map((field) => [field.path, field] as const))(
      '%s says each limit once',
      (_path, field) => {
        const help = fieldHelp(field);
        const count = (pattern: RegExp) => help.match(pattern)?.length ?? 0;
        expect(count(/dd-mm-yyyy/g), help).toBeLessThanOrEqual(1);
        expect(count(/\b(maximum|at most)\b/gi), help).toBeLessThanOrEqual(1);
        expect(count(/\b(minimum|at least)\b/gi), help).toBeLessThanOrEqual(1);
        expect(count(/\bSAR\b/g), help).toBeLessThanOrEqual(1);
        if (field.maximum !== undefined)
          expect(count(new RegExp(`\\b${field.maximum}\\b`, 'g')), help).toBeLessThanOrEqual(1);
        if (field.kind === 'money') expect(help).toContain(decimalsWords(field.currencies));
      },
    );
  });
});

describe('the decimals rule in words', () => {
  it("follows the currencies' precision", () => {
    expect(decimalsWords()).toBe('Two decimals; three for BHD and KWD.');
    expect(decimalsWords(['SAR', 'AED'])).toBe('Two decimals.');
    expect(decimalsWords(['KWD'])).toBe('Three decimals.');
  });
});
