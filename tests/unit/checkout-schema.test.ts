import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { checkoutSchemaFor, type GeneralCheckoutRequest } from '../../src/shared/checkout';
import { DEFAULT_COUNTRY_CURRENCY_PAIRS } from '../../src/shared/checkout/country-currency-pairs';
import { fixture, type Payload } from './helpers/checkout-payloads';

describe('checkoutSchemaFor', () => {
  it('accepts a valid payload and hands it back as given, unknown keys included', () => {
    const payload = { ...fixture('general'), x_custom: 1 };
    const result = checkoutSchemaFor('general').safeParse(payload);
    expect(result.success && result.data).toEqual(payload);
  });

  it('reports field and cross-field errors together, each with its message, code and rule', () => {
    const payload = fixture('general');
    payload.country_code = 'KW';
    (payload.items as Payload[])[0] = { ...(payload.items as Payload[])[0], sku: 's'.repeat(129) };
    // A table given (the emulator's): a pair outside it is an error, as it is of its default.
    const result = checkoutSchemaFor('general', { pairs: DEFAULT_COUNTRY_CURRENCY_PAIRS }).safeParse(payload);
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((issue) => ({
      path: issue.path.join('.'),
      code: issue.code === 'custom' ? (issue.params as { code: string }).code : issue.code,
    }));
    expect(issues).toEqual([
      { path: 'items.0.sku', code: 'too_long' },
      { path: 'country_code', code: 'not_supported_country_currency' },
    ]);
  });

  it('leaves warnings out (they must never block a form) and never throws on form values like NaN', () => {
    const schema = checkoutSchemaFor('education', { singleCheckout: false });
    expect(schema.safeParse({ ...fixture('education'), expires_in_minute: 5 }).success).toBe(true);
    const nan = fixture('education');
    nan.instalments = Number.NaN;
    expect(() => schema.safeParse(nan)).not.toThrow();
    expect(schema.safeParse(nan).success).toBe(false);
  });

  it('works as a react-hook-form resolver: errors land on their fields with readable messages', async () => {
    const values = fixture('general') as GeneralCheckoutRequest;
    values.consumer = { ...values.consumer, first_name: '' };
    const resolver = zodResolver(checkoutSchemaFor('general'));
    const result = await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors).toMatchObject({
      consumer: { first_name: { message: 'first_name is required and is empty.' } },
    });
    const clean = await resolver(fixture('general') as GeneralCheckoutRequest, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(clean.errors).toEqual({});
  });
});
