import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateCheckout, type Finding } from '../../src/shared/checkout';
import { fieldsFor } from '../../src/shared/checkout/field-catalogue';
import { sampleWith } from './helpers/checkout-payloads';
import { openEmulator, validPayload, type EmulatorHarness } from './helpers/emulator-harness';

// A text field given only blanks ("   ", a tab, a no-break or zero-width space) passed every
// check without a word: a first name, a city, an order reference that says nothing. The spec
// does not show whether the service takes it as given, so it is one `blank_text` finding,
// weighed by the setting that weighs an optional "" (warn by default, refuse, accept).

const BLANKS = ['   ', '\t', '\u00a0', '\u200b', ' \n '];

/** The sample with the value at `path` (dotted, `[0]` for an element) set to `value`. */
const withValue = (path: string, value: unknown) => sampleWith('general', 3, path, value);

const codesAt = (findings: readonly Finding[], path: string) =>
  findings.filter((finding) => finding.path === path).map((finding) => `${finding.severity}:${finding.code}`);

describe('a text field given only blanks', () => {
  it('each blank in a required text is one blank_text warning that names the field and says it is required', () => {
    for (const blank of BLANKS) {
      const findings = validateCheckout(withValue('consumer.first_name', blank), { form: 'general' });
      expect(
        findings.map((finding) => `${finding.path} ${finding.severity}:${finding.code}`),
        JSON.stringify(blank),
      ).toEqual(['consumer.first_name warning:blank_text']);
      expect(findings[0]?.message).toMatch(
        /^first_name holds only blanks .*not shown in the spec; the console takes it as given, though the field is required\./,
      );
      expect(findings[0]?.rule).toBe('Consumer: first_name — required; a blank value: not shown');
    }
  });

  it('every free-text field of the catalogue, required or optional, in an element too', () => {
    const free = fieldsFor('general', { singleCheckout: true }).filter(
      (field) =>
        field.kind === 'string' &&
        !field.path.startsWith('risk_assessment.') &&
        !field.path.startsWith('additional_data.'),
    );
    expect(free.length).toBeGreaterThan(10);
    for (const field of free) {
      const path = field.path.replace('[]', '[0]');
      const findings = validateCheckout(withValue(path, '  '), { form: 'general' });
      expect(codesAt(findings, path), path).toEqual(['warning:blank_text']);
      expect(findings.find((finding) => finding.path === path)?.rule, path).toMatch(
        field.required ? /— required; / : /— optional; /,
      );
    }
  });

  it('refuse makes it an error, accept says nothing; "" and a value with text are not blank', () => {
    const payload = withValue('shipping_address.city', ' ');
    expect(
      codesAt(
        validateCheckout(payload, { form: 'general', emptyOptional: 'refuse' }),
        'shipping_address.city',
      ),
    ).toEqual(['error:blank_text']);
    expect(validateCheckout(payload, { form: 'general', emptyOptional: 'accept' })).toEqual([]);
    expect(
      codesAt(
        validateCheckout(withValue('shipping_address.city', ''), { form: 'general' }),
        'shipping_address.city',
      ),
    ).toEqual(['error:required']);
    expect(validateCheckout(withValue('shipping_address.city', ' Riyadh '), { form: 'general' })).toEqual([]);
  });

  it('a field with a form of its own fails its own check on blanks, not blank_text', () => {
    expect(
      codesAt(validateCheckout(withValue('consumer.email', '  '), { form: 'general' }), 'consumer.email'),
    ).toEqual(['error:invalid_email']);
    expect(
      codesAt(
        validateCheckout(withValue('merchant_url.success', '  '), { form: 'general' }),
        'merchant_url.success',
      ),
    ).toEqual(['error:invalid_uri']);
  });
});

describe('the emulator and a text field given only blanks', () => {
  let emulator: EmulatorHarness;
  beforeAll(async () => {
    emulator = await openEmulator();
  });
  afterAll(async () => {
    await emulator.dispose();
  });
  const create = (payload: Record<string, unknown>) => emulator.createCheckout(payload);

  const blankName = () => {
    const payload = validPayload(null);
    payload['consumer'] = { ...(payload['consumer'] as object), first_name: '   ' };
    return payload;
  };

  it('creates the order with the warning by default, and answers 400 under refuse', async () => {
    const created = await create(blankName());
    expect(created.status).toBe(200);
    expect(created.warnings).toBe('1 warning: blank_text at consumer.first_name');
    emulator.core.emulator.updateSettings({ emptyOptional: 'refuse' });
    try {
      const refused = await create(blankName());
      expect(refused.status).toBe(400);
      expect(refused.json['errors']).toEqual([
        expect.objectContaining({ error_code: 'blank_text', path: 'consumer.first_name' }),
      ]);
    } finally {
      emulator.core.emulator.updateSettings({ emptyOptional: 'warn' });
    }
  });
});
