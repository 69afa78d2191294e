import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateCheckout } from '../../src/shared/checkout';
import { openEmulator, validPayload, type EmulatorHarness } from './helpers/emulator-harness';

/**
 * A discount in a currency the spec does not allow for it (KWD on a SAR order) is one mistake:
 * `discount_currency_not_allowed` says the most of it, so no second `currency_mismatch` at the
 * same path repeats it (docs/emulator-fidelity.md, "one mistake, one error there"). The builder
 * and `validate` (validateCheckout) and the emulator answer alike.
 */

const kwdDiscount = () =>
  validPayload(null, { discount: { name: 'C', amount: { amount: 6.95, currency: 'KWD' } } });

let emulator: EmulatorHarness;
beforeAll(async () => {
  emulator = await openEmulator();
});
afterAll(async () => {
  await emulator.dispose();
});

describe('a discount in a currency no discount may have', () => {
  it('is one error at discount.amount.currency in the shared rules', () => {
    const errors = validateCheckout(kwdDiscount(), { form: 'general' }).filter(
      (finding) => finding.severity === 'error',
    );
    expect(errors.map((finding) => `${finding.code} at ${finding.path}`)).toEqual([
      'discount_currency_not_allowed at discount.amount.currency',
    ]);
  });

  it('is one error entry in the emulator answer', async () => {
    const { status, json } = await emulator.createCheckout(kwdDiscount());
    expect(status).toBe(400);
    expect(json['errors']).toEqual([
      expect.objectContaining({
        error_code: 'discount_currency_not_allowed',
        path: 'discount.amount.currency',
      }),
    ]);
  });

  it('an item in another currency than the order is still currency_mismatch', () => {
    const payload = validPayload(null);
    const items = payload['items'] as Record<string, unknown>[];
    items[0] = { ...items[0], total_amount: { amount: 1, currency: 'KWD' } };
    const codes = validateCheckout(payload, { form: 'general' }).map((finding) => finding.code);
    expect(codes).toContain('currency_mismatch');
  });
});
