import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeCurrency, checkoutSchemaFor, validateCheckout } from '../../src/shared/checkout';
import { localProfileOf } from '../../src/main/emulator/local-profile-tokens';
import { openEmulator, validPayload, type EmulatorHarness } from './helpers/emulator-harness';

/**
 * The spec's row for the top-level `country_code` says both required "yes" and "Default SA".
 * Where the spec is ambiguous the console has a setting with a documented default: "Missing
 * country_code" refuses it as required (the column's "yes", the default) or takes SA. The
 * builder, `validate` (validateCheckout, checkoutSchemaFor) and the emulator judge alike.
 */

let emulator: EmulatorHarness;
beforeAll(async () => {
  emulator = await openEmulator();
});
afterAll(async () => {
  await emulator.dispose();
});
afterEach(() => {
  emulator.core.emulator.updateSettings({ missingCountryCode: 'refuse' });
});

const withoutCountry = (overrides: Record<string, unknown> = {}) => {
  const { country_code: _country, ...payload } = validPayload(null, overrides);
  return payload;
};
const errorsOf = (payload: unknown, options: Parameters<typeof validateCheckout>[1]) =>
  validateCheckout(payload, options)
    .filter((finding) => finding.severity === 'error')
    .map((finding) => `${finding.code} at ${finding.path}`);

describe('a request without the top-level country_code', () => {
  it('is refused as required by default (the column says "yes")', async () => {
    expect(emulator.core.emulator.settings().missingCountryCode).toBe('refuse');
    const { status, json } = await emulator.createCheckout(withoutCountry());
    expect(status).toBe(400);
    expect(json['errors']).toEqual([
      expect.objectContaining({ error_code: 'required', path: 'country_code' }),
    ]);
    expect(errorsOf(withoutCountry(), { form: 'general' })).toEqual(['required at country_code']);
  });

  it('set to take SA: created, judged as SA', async () => {
    emulator.core.emulator.updateSettings({ missingCountryCode: 'take_sa' });
    const { status, json } = await emulator.createCheckout(withoutCountry());
    expect(status, JSON.stringify(json)).toBe(200);
    expect(errorsOf(withoutCountry(), { form: 'general', missingCountryCode: 'take_sa' })).toEqual([]);
    expect(
      checkoutSchemaFor('general', { missingCountryCode: 'take_sa' }).safeParse(withoutCountry()).success,
    ).toBe(true);
    expect(checkoutSchemaFor('general').safeParse(withoutCountry()).success).toBe(false);
  });

  it('set to take SA: SA is judged against the currency like a given one', async () => {
    emulator.core.emulator.updateSettings({ missingCountryCode: 'take_sa' });
    // Every Money in AED, country_code still left out: SA-AED is no pair of the default table.
    const aed = changeCurrency(withoutCountry(), 'AED', { setCountry: false });
    const { status, json } = await emulator.createCheckout(aed);
    expect(status).toBe(400);
    expect(json['errors']).toEqual([
      expect.objectContaining({
        error_code: 'not_supported_country_currency',
        path: 'country_code',
        message: expect.stringContaining('country_code is not given; SA is taken') as unknown,
      }),
    ]);
  });

  it('a send to Local is judged as its emulator judges it', async () => {
    const { core } = emulator;
    const local = localProfileOf(core.profiles);
    if (local === null) throw new Error('no Local profile');
    core.profiles.update(
      local.id,
      { baseUrl: emulator.url },
      { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } },
    );
    core.emulator.updateSettings({ missingCountryCode: 'take_sa' });
    const result = await core.merchantApi.sendCheckout({
      profileId: local.id,
      body: { kind: 'json', payload: withoutCountry({ order_reference_id: 'no-country-local' }) },
      injectNotificationUrl: false,
      form: 'general',
    });
    expect(result.status).toBe(200);
    expect(core.events.getDetail(result.eventId)?.details).toMatchObject({ findings: { errors: 0 } });
  });
});
