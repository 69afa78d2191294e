import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSchemaFor, validateCheckout, type Finding } from '../../src/shared/checkout';
import { fieldsFor } from '../../src/shared/checkout/field-catalogue';
import { OFFICIAL_CLIENT_NULL_FIELDS } from '../../src/shared/checkout/null-optional';
import { sampleWith } from './helpers/checkout-payloads';
import { openEmulator, validPayload, type EmulatorHarness } from './helpers/emulator-harness';

// An optional field given null was `wrong_type`, an error ("must be a string; got null"), where
// the official client's own nulls (billing_address, an item's unit_price…) passed: how the
// service reads null in an optional field is not shown, so the console guessed "refused". Now
// every optional field given null is read as not given, weighed by the setting that weighs an
// optional "" (warn by default, refuse, accept). A required field given null is still an error.

const withValue = (path: string, value: unknown, form: 'general' | 'education' = 'general') =>
  sampleWith(form, 5, path, value);

const at = (findings: readonly Finding[], path: string) =>
  findings.filter((finding) => finding.path === path).map((finding) => `${finding.severity}:${finding.code}`);

describe('an optional field given null', () => {
  it('every optional field of both forms, of every type, is read as not given, with one empty_optional warning', () => {
    const official = new Set<string>(OFFICIAL_CLIENT_NULL_FIELDS);
    for (const form of ['general', 'education'] as const) {
      const optional = fieldsFor(form, { singleCheckout: true }).filter(
        (field) => !field.required && field.kind !== 'json' && !official.has(field.path),
      );
      expect(optional.length).toBeGreaterThan(20);
      for (const field of optional) {
        const path = field.path.replace('[]', '[0]');
        const findings = validateCheckout(withValue(path, null, form), { form });
        expect(at(findings, path), `${form} ${path}`).toEqual(['warning:empty_optional']);
        expect(findings.find((finding) => finding.path === path)?.message).toMatch(
          /is given as null\. How the service reads null is not shown in the spec; the console reads it as not given\./,
        );
      }
    }
  });

  it("the official client's own nulls pass without a word; a required field given null is still wrong_type", () => {
    const payload = withValue('billing_address', null);
    expect(validateCheckout(payload, { form: 'general' })).toEqual([]);
    expect(at(validateCheckout(withValue('description', null), { form: 'general' }), 'description')).toEqual([
      'error:wrong_type',
    ]);
  });

  it('refuse makes it an error, accept says nothing; the zod schema reads it as not given too', () => {
    const payload = withValue('consumer.email', null);
    expect(
      at(validateCheckout(payload, { form: 'general', emptyOptional: 'refuse' }), 'consumer.email'),
    ).toEqual(['error:empty_optional']);
    expect(validateCheckout(payload, { form: 'general', emptyOptional: 'accept' })).toEqual([]);
    expect(checkoutSchemaFor('general').safeParse(payload).success).toBe(true);
    expect(checkoutSchemaFor('general').safeParse(withValue('description', null)).success).toBe(false);
  });

  it('a null notification URL is read as not given too, and the value is never changed in place', () => {
    const payload = withValue('merchant_url.notification', null);
    expect(at(validateCheckout(payload, { form: 'general' }), 'merchant_url.notification')).toEqual([
      'warning:empty_optional',
    ]);
    expect((payload['merchant_url'] as Record<string, unknown>)['notification']).toBeNull();
  });
});

describe('the emulator and optional fields given null', () => {
  let emulator: EmulatorHarness;
  beforeAll(async () => {
    emulator = await openEmulator();
  });
  afterAll(async () => {
    await emulator.dispose();
  });

  it('creates the order with one warning each, and its checkout page opens', async () => {
    const payload = validPayload(null);
    payload['consumer'] = { ...(payload['consumer'] as object), email: null };
    payload['order_number'] = null;
    payload['is_mobile'] = null;
    const created = await emulator.createCheckout(payload);
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    expect(created.warnings).toBe(
      '3 warnings: empty_optional at order_number; empty_optional at consumer.email; empty_optional at is_mobile',
    );
    const page = await fetch(String(created.json['checkout_url']));
    expect(page.status).toBe(200);
  });
});
