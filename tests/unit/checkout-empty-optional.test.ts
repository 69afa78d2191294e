import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkoutSchemaFor,
  fieldsFor,
  validateCheckout,
  type CheckoutForm,
  type FormField,
} from '../../src/shared/checkout';
import { OFFICIAL_CLIENT_EMPTY_FIELDS } from '../../src/shared/checkout/empty-optional';
import { brief, fixture, setAt, type Payload } from './helpers/checkout-payloads';
import { tableRows } from './helpers/markdown-tables';

/**
 * One rule for an optional field given as "" (docs/service-rules.md, "An empty value"): the
 * spec does not show how the service reads an empty value, so
 * - a field the spec types as a string (text, e-mail, date, URI, closed list) is read as not
 *   given: silently where the official client sends "" for it when the merchant set nothing,
 *   else with one warning, `empty_optional`, naming the field and saying the rule is not shown;
 * - a field of another type (number, boolean, Money, object) is `wrong_type`: its type is shown;
 * - the extra risk fields, whose types are not shown, take any value.
 * A required field given "" stays an error.
 */

/**
 * Where tamara-solution/php-sdk (2.0.6) sends "" for a value the merchant did not set, read from
 * its models' getters and toArray: Order (`getLocale() ?? ''`, `getPlatform() ?? ''`),
 * OrderItem (`getType() ?? ''`, `getItemUrl() ?? ''`, `getImageUrl() ?? ''`) and Address
 * (`getLine2() ?? ''`, `getRegion() ?? ''`, `getPhoneNumber() ?? ''`). Everything else it sends
 * is set by the merchant (its getters have no default), null (billing_address, unit_price,
 * discount_amount) or left out (instalments, expires_in_minutes).
 */
const OFFICIAL_CLIENT_SENDS_EMPTY = new Set([
  'locale',
  'platform',
  'items[].type',
  'items[].item_url',
  'items[].image_url',
  'shipping_address.line2',
  'shipping_address.region',
  'shipping_address.phone_number',
  'billing_address.line2',
  'billing_address.region',
  'billing_address.phone_number',
]);

const TEXT_KINDS = new Set<string>(['string', 'email', 'date', 'uri', 'enum']);

/** The form's valid fixture with every optional object present, so each field can be set. */
function fullSample(form: CheckoutForm): Payload {
  const payload = fixture(form);
  payload['shipping_address'] ??= structuredClone(payload['billing_address']);
  const risk = payload['risk_assessment'] as Payload;
  risk['education'] ??= (fixture('education')['risk_assessment'] as Payload)['education'];
  return payload;
}

const concrete = (path: string) => path.replaceAll('[]', '[0]');
const withEmpty = (form: CheckoutForm, path: string) => {
  const payload = fullSample(form);
  setAt(payload, concrete(path), '');
  return payload;
};

const cases = (form: CheckoutForm, required: boolean) =>
  fieldsFor(form)
    .filter((field) => field.required === required)
    .map((field) => ({ name: `${field.path} [${form}]`, form, field }));

describe('the samples every case starts from', () => {
  it.each(['general', 'education'] as const)('%s: valid, no finding at all', (form) => {
    expect(brief(validateCheckout(fullSample(form), { form }))).toEqual([]);
  });

  it('the official client list is the one the rules use, each path an optional text field', () => {
    expect(new Set(OFFICIAL_CLIENT_EMPTY_FIELDS)).toEqual(OFFICIAL_CLIENT_SENDS_EMPTY);
    const optionalSomewhere = (path: string) =>
      (['general', 'education'] as const).some((form) =>
        fieldsFor(form).some((f) => f.path === path && !f.required && TEXT_KINDS.has(f.kind)),
      );
    expect([...OFFICIAL_CLIENT_SENDS_EMPTY].filter((path) => !optionalSomewhere(path))).toEqual([]);
  });
});

describe('an optional field given as ""', () => {
  const all = [...cases('general', false), ...cases('education', false)];

  it.each(all)('$name', ({ form, field }: { form: CheckoutForm; field: FormField }) => {
    const findings = validateCheckout(withEmpty(form, field.path), { form });
    const path = concrete(field.path);
    const here = findings.filter((finding) => finding.path === path);
    if (field.kind === 'json') {
      expect(brief(findings)).toEqual([]);
    } else if (!TEXT_KINDS.has(field.kind)) {
      // (Beside it, a cross-field rule may still compare the value: "" and 1440 are two expiries.)
      expect(brief(here)).toContain(`error ${path} wrong_type`);
      expect(findings.filter((finding) => finding.severity === 'warning')).toEqual([]);
    } else if (OFFICIAL_CLIENT_SENDS_EMPTY.has(field.path)) {
      expect(brief(findings)).toEqual([]);
    } else {
      expect(brief(findings)).toEqual([`warning ${path} empty_optional`]);
      const key = field.path.slice(field.path.lastIndexOf('.') + 1);
      expect(here[0]?.message).toContain(key);
      expect(here[0]?.message).toMatch(/not shown/);
      expect(here[0]?.rule).toMatch(/empty value: not shown/);
    }
  });

  it('the builder form (zodResolver) is not blocked by it: a warning never is', () => {
    for (const form of ['general', 'education'] as const)
      for (const { field } of cases(form, false).filter((c) => TEXT_KINDS.has(c.field.kind))) {
        const result = checkoutSchemaFor(form).safeParse(withEmpty(form, field.path));
        expect(result.success, `${form} ${field.path}`).toBe(true);
      }
  });

  it('the notification URL "" at merchant_url.notification is the official client’s own: silent under each choice', () => {
    // MerchantUrl::getNotificationUrl(): string (strict_types): the client cannot leave it out,
    // so a merchant with no endpoint sends "". It was warned about, and refused under refuse,
    // though the settings and docs/emulator-fidelity.md say the client's own "" always passes.
    const payload = fullSample('general');
    setAt(payload, 'merchant_url', { ...(payload['merchant_url'] as object), notification: '' });
    for (const emptyOptional of ['warn', 'refuse', 'accept'] as const)
      expect(brief(validateCheckout(payload, { form: 'general', emptyOptional })), emptyOptional).toEqual([]);
  });

  it('payment_type "" with single checkout enabled is optional (a warning), disabled it is required', () => {
    const payload = withEmpty('education', 'payment_type');
    expect(brief(validateCheckout(payload, { form: 'education' }))).toEqual([
      'warning payment_type empty_optional',
    ]);
    expect(brief(validateCheckout(payload, { form: 'education', singleCheckout: false }))).toEqual([
      'error payment_type required',
    ]);
  });
});

describe('the emptyOptional option weighs the same finding (warn, refuse, accept)', () => {
  const judged = [...cases('general', false), ...cases('education', false)].filter(
    ({ field }) => TEXT_KINDS.has(field.kind) && !OFFICIAL_CLIENT_SENDS_EMPTY.has(field.path),
  );
  const official = [...cases('general', false), ...cases('education', false)].filter(({ field }) =>
    OFFICIAL_CLIENT_SENDS_EMPTY.has(field.path),
  );

  it('without the option it is warn', () => {
    const payload = withEmpty('general', 'consumer.email');
    expect(validateCheckout(payload, { form: 'general' })).toEqual(
      validateCheckout(payload, { form: 'general', emptyOptional: 'warn' }),
    );
  });

  it.each(judged)('refuse: $name is an error, the one finding on it', ({ form, field }) => {
    const findings = validateCheckout(withEmpty(form, field.path), { form, emptyOptional: 'refuse' });
    expect(brief(findings)).toEqual([`error ${concrete(field.path)} empty_optional`]);
    expect(findings[0]?.message).toMatch(/not shown in the spec; the console is set to refuse it/);
    expect(findings[0]?.rule).toMatch(/empty value: not shown/);
  });

  it.each(judged)('accept: $name passes without a finding', ({ form, field }) => {
    expect(brief(validateCheckout(withEmpty(form, field.path), { form, emptyOptional: 'accept' }))).toEqual(
      [],
    );
  });

  it.each(official)(
    'what the official client sends as "" is silent under each choice: $name',
    ({ form, field }) => {
      for (const emptyOptional of ['warn', 'refuse', 'accept'] as const)
        expect(
          brief(validateCheckout(withEmpty(form, field.path), { form, emptyOptional })),
          emptyOptional,
        ).toEqual([]);
    },
  );

  it("the notification URL field (the profile's own path) follows the choice too", () => {
    const payload = fullSample('general');
    payload['callback'] = { url: '' };
    // (`callback` is also an unknown key there, said apart.)
    const empties = (emptyOptional: 'warn' | 'refuse' | 'accept') =>
      brief(
        validateCheckout(payload, {
          form: 'general',
          notificationField: 'callback.url',
          emptyOptional,
        }).filter((finding) => finding.code === 'empty_optional'),
      );
    expect(empties('refuse')).toEqual(['error callback.url empty_optional']);
    expect(empties('warn')).toEqual(['warning callback.url empty_optional']);
    expect(empties('accept')).toEqual([]);
  });

  it('other types given "" stay wrong_type and required fields stay errors under accept', () => {
    const total = validateCheckout(withEmpty('general', 'tax_amount'), {
      form: 'general',
      emptyOptional: 'accept',
    });
    expect(brief(total)).toContain('error tax_amount wrong_type');
    const phone = validateCheckout(withEmpty('general', 'consumer.phone_number'), {
      form: 'general',
      emptyOptional: 'accept',
    });
    expect(brief(phone)).toEqual(['error consumer.phone_number required']);
  });
});

describe('a required field given as "" stays an error', () => {
  const all = [...cases('general', true), ...cases('education', true)].filter(({ field }) =>
    TEXT_KINDS.has(field.kind),
  );

  it.each(all)('$name', ({ form, field }: { form: CheckoutForm; field: FormField }) => {
    const findings = validateCheckout(withEmpty(form, field.path), { form });
    const here = brief(findings.filter((finding) => finding.path === concrete(field.path)));
    if (field.kind === 'string') expect(here).toEqual([`error ${concrete(field.path)} required`]);
    else expect(here).toEqual([expect.stringMatching(new RegExp(`^error ${concrete(field.path)} `))]);
    expect(findings.some((finding) => finding.code === 'empty_optional')).toBe(false);
  });
});

describe('docs/service-rules.md, "Empty values"', () => {
  const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'service-rules.md'), 'utf8');
  const start = doc.indexOf('## Empty values');
  const section = doc.slice(start, doc.indexOf('\n## ', start + 1));

  it('lists exactly the fields the official client sends as "", as passing without a finding', () => {
    const row = tableRows(section).find((r) => r.cells[2] === 'not given, no finding');
    const listed = [...(row?.cells[0] ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1]);
    expect(new Set(listed)).toEqual(new Set(OFFICIAL_CLIENT_EMPTY_FIELDS));
  });
});
