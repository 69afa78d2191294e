import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkoutSchemaFor,
  PAYMENT_TYPE_SUGGESTIONS,
  validateCheckout,
  type ValidateOptions,
} from '../../src/shared/checkout';
import { generateSample } from '../../src/shared/checkout/sample';

/**
 * `instalments`: the spec marks it required in the general form ("Same requirement rule as
 * payment_type"), but the official client sends it only with PAY_BY_INSTALMENTS and a count
 * above 0 (Order::toArray). By default the console requires it only there and says of any
 * other order without it that it is only a warning, and why; `always` is the spec's letter.
 * A count the service cannot mean (negative; fewer than 2 for PAY_BY_INSTALMENTS; more than 1
 * for PAY_BY_LATER, which the client sends without one) is a warning: the allowed values are not
 * shown. The payment types offered are the client's own.
 */

const brief = (payload: unknown, options: Partial<ValidateOptions> = {}) =>
  validateCheckout(payload, { form: 'general', ...options })
    .filter((finding) => finding.path === 'instalments')
    .map((finding) => `${finding.severity} ${finding.code}`);

function general(paymentType: string, instalments?: unknown): Record<string, unknown> {
  const { instalments: _count, ...payload } = generateSample('general', { seed: 7 });
  return {
    ...payload,
    payment_type: paymentType,
    ...(instalments === undefined ? {} : { instalments }),
  };
}

describe('a missing instalments', () => {
  it('PAY_BY_LATER without it, as the official client sends it, or another type: a warning that names the spec line and why', () => {
    for (const type of ['PAY_BY_LATER', 'PAY_NOW']) {
      const findings = validateCheckout(general(type), { form: 'general' });
      expect(findings.filter((finding) => finding.severity === 'error')).toEqual([]);
      const [warning] = findings.filter((finding) => finding.path === 'instalments');
      expect(warning).toMatchObject({ severity: 'warning', code: 'instalments_not_given' });
      expect(warning?.rule).toContain('instalments — required in the general form');
      expect(warning?.message).toContain(`payment_type is ${type}`);
      expect(warning?.message).toContain('official client');
    }
  });

  it('PAY_BY_INSTALMENTS without it is still required (the client sends it there), and so is an order with no payment_type', () => {
    expect(brief(general('PAY_BY_INSTALMENTS'))).toEqual(['error required']);
    const { payment_type: _type, ...untyped } = general('PAY_NOW');
    expect(brief(untyped)).toEqual(['error required']);
    expect(brief(general(''))).toEqual(['error required']);
  });

  it('instalments required "always" (the spec\'s letter): an error whatever the payment type', () => {
    expect(brief(general('PAY_NOW'), { instalmentsRequired: 'always' })).toEqual(['error required']);
    expect(brief(general('PAY_BY_INSTALMENTS'), { instalmentsRequired: 'always' })).toEqual([
      'error required',
    ]);
  });

  it('the education form: nothing while single checkout is enabled; disabled, the same rule as the general form', () => {
    const { instalments: _count, ...education } = generateSample('education', { seed: 3 });
    const payNow = { ...education, payment_type: 'PAY_NOW' };
    const payByInstalments = { ...education, payment_type: 'PAY_BY_INSTALMENTS' };
    expect(brief(payNow, { form: 'education' })).toEqual([]);
    expect(brief(payNow, { form: 'education', singleCheckout: false })).toEqual([
      'warning instalments_not_given',
    ]);
    expect(brief(payByInstalments, { form: 'education', singleCheckout: false })).toEqual(['error required']);
    expect(
      brief(payNow, { form: 'education', singleCheckout: false, instalmentsRequired: 'always' }),
    ).toEqual(['error required']);
  });

  it("the form schema agrees: its errors are the validator's", () => {
    expect(checkoutSchemaFor('general').safeParse(general('PAY_NOW')).success).toBe(true);
    expect(checkoutSchemaFor('general').safeParse(general('PAY_BY_INSTALMENTS')).success).toBe(false);
    expect(
      checkoutSchemaFor('general', { instalmentsRequired: 'always' }).safeParse(general('PAY_NOW')).success,
    ).toBe(false);
  });
});

describe('a count the service cannot mean', () => {
  it('a negative count is a warning, like the risk counts', () => {
    expect(brief(general('PAY_BY_INSTALMENTS', -3))).toEqual(['warning negative_count']);
    expect(brief(general('PAY_NOW', -1))).toEqual(['warning negative_count']);
  });

  it('PAY_BY_INSTALMENTS with fewer than 2 is a warning', () => {
    expect(brief(general('PAY_BY_INSTALMENTS', 0))).toEqual(['warning instalments_payment_type']);
    expect(brief(general('PAY_BY_INSTALMENTS', 1))).toEqual(['warning instalments_payment_type']);
    expect(brief(general('PAY_BY_INSTALMENTS', 2))).toEqual([]);
  });

  it('PAY_BY_LATER with more than 1 is a warning: the official client sends it with no count', () => {
    const [warning] = validateCheckout(general('PAY_BY_LATER', 6), { form: 'general' });
    expect(warning).toMatchObject({
      severity: 'warning',
      code: 'instalments_payment_type',
      path: 'instalments',
    });
    expect(warning?.message).toContain('instalments is 6 with payment_type PAY_BY_LATER');
    expect(warning?.message).toContain('official client');
    expect(brief(general('PAY_BY_LATER', 1))).toEqual([]);
    // Not a type of the client's, nor of the spec's: free text, judged by nothing.
    expect(brief(general('PAY_NOW', 6))).toEqual([]);
  });

  it('none of them is an error: a warning never blocks the form', () => {
    expect(checkoutSchemaFor('general').safeParse(general('PAY_BY_INSTALMENTS', -3)).success).toBe(true);
    expect(checkoutSchemaFor('general').safeParse(general('PAY_BY_LATER', 6)).success).toBe(true);
  });
});

describe('the payment types offered', () => {
  it("are the official client's own constants, and only those (the spec shows none)", () => {
    const order = readFileSync(
      join(
        import.meta.dirname,
        '..',
        'official-client',
        'vendor',
        'tamara-solution-php-sdk',
        'src',
        'Tamara',
        'Model',
        'Order',
        'Order.php',
      ),
      'utf8',
    );
    const clients = [...order.matchAll(/\bPAY_[A-Z_]+ = '([A-Z_]+)'/g)].map((match) => match[1]);
    expect(clients).toEqual(['PAY_BY_INSTALMENTS', 'PAY_BY_LATER']);
    expect([...PAYMENT_TYPE_SUGGESTIONS]).toEqual(clients);
  });
});
