import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  computeTotals,
  freshOrderReferenceId,
  parseSpecDate,
  validateCheckout,
  type CheckoutForm,
} from '../../src/shared/checkout';
import { generateSample } from '../../src/shared/checkout/sample';
import { compareSpecDates, specDateFromDate } from '../../src/shared/checkout/dates';
import { GULF } from '../../src/shared/checkout/gulf-data';
import { brief, type Payload } from './helpers/checkout-payloads';

const FORMS: CheckoutForm[] = ['general', 'education'];
const SEEDS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 42, 1234, 99_999];
const NOW = new Date('2026-03-15T12:00:00Z');
const date = (value: unknown) => {
  const parsed = parseSpecDate(value);
  if (parsed === undefined) throw new Error(`not a date: ${String(value)}`);
  return parsed;
};
const today = date(specDateFromDate(NOW));
const obj = (value: unknown) => value as Payload;

describe('generateSample', () => {
  const cases = FORMS.flatMap((form) =>
    COUNTRIES.flatMap((country) => SEEDS.map((seed) => ({ form, country, seed }))),
  );

  it.each(cases)(
    '$form, $country, seed $seed: valid, without a single finding',
    ({ form, country, seed }) => {
      const sample = generateSample(form, { country, seed, now: NOW });
      const findings = validateCheckout(sample, { form, singleCheckout: false });
      expect(findings.filter((finding) => finding.severity === 'error')).toEqual([]);
      expect(brief(findings)).toEqual([]);
    },
  );

  it.each(cases.filter((c) => c.seed < 4))(
    '$form, $country, seed $seed: fits the country',
    ({ form, country, seed }) => {
      const sample = obj(generateSample(form, { country, seed, now: NOW }));
      const gulf = GULF[country];
      const consumer = obj(sample.consumer);
      expect(sample.country_code).toBe(country);
      expect(consumer.phone_number).toMatch(new RegExp(`^\\${gulf.phone.callingCode}\\d{8,9}$`));
      expect(String(consumer.phone_number).length).toBeLessThanOrEqual(32);
      expect(consumer.email).toMatch(/@example\.(com|net|org)$/);
      const billing = obj(sample.billing_address);
      expect(gulf.places).toContainEqual({ city: billing.city, region: billing.region });
      expect(billing.country_code).toBe(country);
      // Issue 16 point 2: the merchant URLs are the local emulator's merchant page, which says
      // what happened, not a shop on example.com that cannot be reached.
      for (const [outcome, url] of Object.entries(obj(sample.merchant_url))) {
        const parsed = new URL(String(url));
        expect(parsed.origin + parsed.pathname).toBe(`http://127.0.0.1:4010/_emulator/merchant/${outcome}`);
        expect(parsed.searchParams.get('order')).toBe(sample.order_reference_id);
      }
      expect(computeTotals(sample).matches).toBe(true);
    },
  );

  it.each(cases.filter((c) => c.country === 'SA'))(
    '$form, seed $seed: dates tell one consistent story',
    ({ form, seed }) => {
      const risk = obj(generateSample(form, { country: 'SA', seed, now: NOW }).risk_assessment);
      const created = date(risk.account_creation_date);
      expect(compareSpecDates(created, today)).toBeLessThanOrEqual(0);
      if (risk.date_first_paid === null) expect(risk.date_last_paid).toBeNull();
      else {
        const first = date(risk.date_first_paid);
        const last = date(risk.date_last_paid);
        expect(compareSpecDates(created, first)).toBeLessThanOrEqual(0);
        expect(compareSpecDates(first, last)).toBeLessThanOrEqual(0);
        expect(compareSpecDates(last, today)).toBeLessThanOrEqual(0);
      }
      if (form === 'education') {
        const education = obj(risk.education);
        expect(compareSpecDates(today, date(education.start_date))).toBeLessThan(0);
        expect(compareSpecDates(date(education.start_date), date(education.end_date))).toBeLessThan(0);
      }
    },
  );

  it('gives the same payload for the same seed, except a fresh order_reference_id', () => {
    const a = obj(generateSample('general', { country: 'BH', seed: 7, now: NOW }));
    const b = obj(generateSample('general', { country: 'BH', seed: 7, now: NOW }));
    expect(a.order_reference_id).not.toBe(b.order_reference_id);
    const withoutIds = (p: Payload) => JSON.stringify(p).replaceAll(String(p.order_reference_id), '<ref>');
    expect(withoutIds(a)).toBe(withoutIds(b));
    expect(withoutIds(obj(generateSample('general', { country: 'BH', seed: 8, now: NOW })))).not.toBe(
      withoutIds(a),
    );
  });

  it('mixes Arabic-script and English names, and picks a country when none is given', () => {
    const samples = SEEDS.map((seed) => obj(generateSample('general', { seed, now: NOW })));
    const names = samples.map((s) => String(obj(s.consumer).first_name));
    expect(names.some((name) => /[\u0600-\u06FF]/.test(name))).toBe(true);
    expect(names.some((name) => /^[A-Za-z]/.test(name))).toBe(true);
    expect(new Set(samples.map((s) => s.country_code)).size).toBeGreaterThan(1);
    for (const sample of samples) expect(validateCheckout(sample, { form: 'general' })).toEqual([]);
  });

  it('has no shipping address in the education form', () => {
    // Nor an expiry in either spelling: by default it is ignored (checkout-expiry-ignored.test.ts).
    const sample = obj(generateSample('education', { seed: 3, now: NOW }));
    expect(sample).not.toHaveProperty('shipping_address');
    expect((sample.items as Payload[]).every((item) => item.quantity === 1)).toBe(true);
  });
});

describe('freshOrderReferenceId', () => {
  it('is unique, even within one second', () => {
    const ids = Array.from({ length: 5000 }, () => freshOrderReferenceId(NOW));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toMatch(/^ORD-20260315-120000-[A-Z2-9]{8}$/);
  });
});

describe("the sample's merchant URLs", () => {
  it('point at the emulator given, for each outcome', () => {
    const sample = obj(
      generateSample('general', { seed: 1, now: NOW, emulatorUrl: 'http://localhost:5123/' }),
    );
    expect(obj(sample.merchant_url).cancel).toBe(
      `http://localhost:5123/_emulator/merchant/cancel?order=${encodeURIComponent(String(sample.order_reference_id))}`,
    );
  });
});

describe("the sample's item and image URLs", () => {
  // docs/builder.md: "Item and image URLs use https://shop.example.com (general) or
  // https://academy.example.com (education)".
  const hosts: Record<CheckoutForm, string> = {
    general: 'https://shop.example.com/',
    education: 'https://academy.example.com/',
  };
  it.each(FORMS)('are on the form’s own site in the %s form', (form) => {
    for (const seed of SEEDS) {
      const items = obj(generateSample(form, { seed, now: NOW })).items as Payload[];
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) {
        expect(String(item.item_url)).toMatch(new RegExp(`^${hosts[form].replaceAll('.', '\\.')}\\S+$`));
        expect(String(item.image_url)).toMatch(
          new RegExp(`^${hosts[form].replaceAll('.', '\\.')}\\S+\\.jpg$`),
        );
      }
    }
  });
});
