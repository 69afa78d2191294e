import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateCheckout, withComputedTotal, type CheckoutForm } from '../../src/shared/checkout';
import { brief, fixture, type Payload } from './helpers/checkout-payloads';
import { openEmulator, validPayload, type EmulatorHarness } from './helpers/emulator-harness';

/**
 * An order line of no units, or one that takes money off: quantity 0 or below, an item's
 * total_amount or unit_price below 0. The spec shows no minimum for them (a warning, not an
 * error), but its amounts beside them (item tax_amount, discount_amount) have minimum 0 and its
 * discount is "only for a customer-specific voucher or coupon code, not site-wide discounts":
 * a negative line is a site-wide discount in disguise. One rule for the builder, validate and
 * the emulator (the shared model), as the negative risk counts are.
 */

/** The fixture with a second line whose amounts and quantity are given, the total following. */
function withLine(form: CheckoutForm, line: Payload): Payload {
  const payload = fixture(form);
  const [first] = payload['items'] as Payload[];
  payload['items'] = [first, { ...first, reference_id: 'line-2', ...line }];
  return withComputedTotal(payload) as Payload;
}
const sar = (amount: number) => ({ amount, currency: 'SAR' });

describe('order lines below zero', () => {
  it('a negative item total and unit price are each a warning citing the discount line', () => {
    const findings = validateCheckout(
      withLine('general', { total_amount: sar(-5), unit_price: sar(-5), tax_amount: sar(0) }),
      { form: 'general' },
    );
    expect(brief(findings)).toEqual([
      'warning items[1].total_amount.amount negative_amount',
      'warning items[1].unit_price.amount negative_amount',
    ]);
    expect(findings[0]?.message).toMatch(/items\[1\]\.total_amount\.amount is -5/);
    expect(findings[0]?.rule).toMatch(/not site-wide discounts/);
  });

  it.each([0, -2])('quantity %s is a warning in the general form', (quantity) => {
    const findings = validateCheckout(withLine('general', { quantity }), { form: 'general' });
    expect(brief(findings)).toEqual(['warning items[1].quantity not_positive_quantity']);
    expect(findings[0]?.message).toContain(`items[1].quantity is ${quantity}`);
  });

  it("in the education form quantity 0 is only that form's own error (it must be 1)", () => {
    const findings = validateCheckout(withLine('education', { quantity: 0 }), { form: 'education' });
    expect(brief(findings)).toEqual(['error items[1].quantity quantity_must_be_one']);
  });

  it("an item tax or discount below 0 stays the spec's own error, and a line of 0 is no finding", () => {
    expect(
      brief(validateCheckout(withLine('general', { tax_amount: sar(-1) }), { form: 'general' })),
    ).toEqual(['error items[1].tax_amount.amount below_minimum']);
    expect(
      brief(
        validateCheckout(
          withLine('general', { total_amount: sar(0), unit_price: sar(0), tax_amount: sar(0) }),
          {
            form: 'general',
          },
        ),
      ),
    ).toEqual([]);
  });
});

describe('a discount below zero', () => {
  // A tester's finding: a "-5.00" SAR discount with the total raised by 5 was "valid, no
  // findings" and created without a word, while a negative order line is a warning.
  const withDiscount = (amount: number | string) => {
    const payload = fixture('general');
    payload['discount'] = { name: 'VOUCHER', amount: { amount, currency: 'SAR' } };
    return withComputedTotal(payload) as Payload;
  };

  it.each([-5, '-5.00'])('%s is a warning naming the discount, as a negative line is', (amount) => {
    const findings = validateCheckout(withDiscount(amount), { form: 'general' });
    expect(brief(findings)).toEqual(['warning discount.amount.amount negative_amount']);
    expect(findings[0]?.message).toMatch(
      /^discount\.amount\.amount is -5(\.00)?: a discount below 0 adds to the total/,
    );
    expect(findings[0]?.rule).toMatch(/customer-specific voucher/);
  });

  it('a discount of 0 or more is no finding of its own', () => {
    expect(brief(validateCheckout(withDiscount(5), { form: 'general' }))).toEqual([]);
  });
});

describe('the emulator', () => {
  let emulator: EmulatorHarness;
  beforeAll(async () => {
    emulator = await openEmulator();
  });
  afterAll(async () => {
    await emulator.dispose();
  });

  it('creates the order and says both in X-Emulator-Warnings', async () => {
    const payload = validPayload(null);
    const [first] = payload['items'] as Payload[];
    payload['items'] = [
      first,
      {
        ...first,
        reference_id: 'line-2',
        quantity: 0,
        total_amount: sar(-5),
        unit_price: sar(-5),
        tax_amount: sar(0),
      },
    ];
    const { status, warnings } = await emulator.createCheckout(withComputedTotal(payload));
    expect(status).toBe(200);
    expect(warnings).toContain('not_positive_quantity at items[1].quantity');
    expect(warnings).toContain('negative_amount at items[1].total_amount.amount');
  });

  it('creates an order with a negative discount and says so in X-Emulator-Warnings', async () => {
    const payload = validPayload(null);
    payload['discount'] = { name: 'VOUCHER', amount: { amount: '-5.00', currency: 'SAR' } };
    const { status, warnings } = await emulator.createCheckout(withComputedTotal(payload));
    expect(status).toBe(200);
    expect(warnings).toContain('negative_amount at discount.amount.amount');
  });
});
