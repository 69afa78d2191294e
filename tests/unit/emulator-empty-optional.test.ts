import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { localProfileOf } from '../../src/main/emulator/local-profile-tokens';
import { openEmulator, validPayload, type EmulatorHarness } from './helpers/emulator-harness';

/**
 * The emulator answers an optional field given as "" by the rule the builder and `validate` use
 * (checkout-empty-optional.test.ts): read as not given; said in X-Emulator-Warnings where the
 * official client never sends "" for it; a required field given "" is still refused.
 */

let emulator: EmulatorHarness;
beforeAll(async () => {
  emulator = await openEmulator();
});
afterAll(async () => {
  await emulator.dispose();
});

let orders = 0;
/** Each order its own order_reference_id: one another order has is a warning of its own. */
const create = (payload: Record<string, unknown>) =>
  emulator.createCheckout({ ...payload, order_reference_id: `EMPTY-OPTIONAL-${++orders}` });

const withConsumer = (patch: Record<string, unknown>) => {
  const payload = validPayload(null);
  payload['consumer'] = { ...(payload['consumer'] as object), ...patch };
  return payload;
};

describe('the emulator and an optional field given as ""', () => {
  it('an e-mail given "" in the general form is created, with the empty_optional warning', async () => {
    const { status, warnings } = await create(withConsumer({ email: '' }));
    expect(status).toBe(200);
    expect(warnings).toBe('1 warning: empty_optional at consumer.email');
  });

  it('an account_security date and a billing country given "" likewise', async () => {
    const payload = validPayload(null);
    const risk = payload['risk_assessment'] as Record<string, unknown>;
    risk['account_security'] = { ...(risk['account_security'] as object), last_login_date: '' };
    payload['billing_address'] = { ...(payload['billing_address'] as object), country_code: '' };
    const { status, warnings } = await create(payload);
    expect(status).toBe(200);
    expect(warnings).toBe(
      '2 warnings: empty_optional at billing_address.country_code; empty_optional at risk_assessment.account_security.last_login_date',
    );
  });

  it('what the official client sends as "" passes without a word', async () => {
    const payload = validPayload(null, { locale: '', platform: '' });
    const [item] = payload['items'] as Record<string, unknown>[];
    payload['items'] = [{ ...item, item_url: '', image_url: '' }];
    payload['billing_address'] = { ...(payload['billing_address'] as object), line2: '', region: '' };
    const { status, warnings } = await create(payload);
    expect(status).toBe(200);
    expect(warnings).toBeNull();
  });

  it('a required field given "" is still refused as required', async () => {
    const { status, json } = await create(withConsumer({ phone_number: '' }));
    expect(status).toBe(400);
    expect(json['errors']).toEqual([
      expect.objectContaining({ error_code: 'required', path: 'consumer.phone_number' }),
    ]);
  });
});

describe('the emulator\'s "empty optional values" setting (warn, refuse, accept)', () => {
  afterEach(() => {
    emulator.core.emulator.updateSettings({ emptyOptional: 'warn' });
  });

  it('is warn by default', () => {
    expect(emulator.core.emulator.settings().emptyOptional).toBe('warn');
  });

  it('refuse: 400 in the usual error shape, the finding as its one error', async () => {
    emulator.core.emulator.updateSettings({ emptyOptional: 'refuse' });
    const { status, json } = await create(withConsumer({ email: '' }));
    expect(status).toBe(400);
    expect(json['message']).toBe('The checkout request is not valid: 1 error.');
    expect(json['errors']).toEqual([
      {
        error_code: 'empty_optional',
        path: 'consumer.email',
        message: expect.stringMatching(/^email is given as "" \(empty\)\..*set to refuse it/) as unknown,
      },
    ]);
  });

  it('refuse: what the official client sends as "" is still created without a word', async () => {
    emulator.core.emulator.updateSettings({ emptyOptional: 'refuse' });
    const payload = validPayload(null, { locale: '', platform: '' });
    payload['billing_address'] = { ...(payload['billing_address'] as object), line2: '', region: '' };
    const { status, warnings } = await create(payload);
    expect(status).toBe(200);
    expect(warnings).toBeNull();
  });

  it('accept: created, with no warnings header', async () => {
    emulator.core.emulator.updateSettings({ emptyOptional: 'accept' });
    const { status, warnings } = await create(withConsumer({ email: '' }));
    expect(status).toBe(200);
    expect(warnings).toBeNull();
  });

  it('settings stored before it existed read as warn, the rest kept', () => {
    const { emptyOptional: _left, ...old } = { ...emulator.core.emulator.settings(), attempts: 7 };
    emulator.core.store.settings.set('emulator.settings', old);
    expect(emulator.core.emulator.settings()).toMatchObject({ attempts: 7, emptyOptional: 'warn' });
    emulator.core.emulator.updateSettings({ emptyOptional: 'refuse' });
    expect(emulator.core.emulator.settings()).toMatchObject({ attempts: 7, emptyOptional: 'refuse' });
  });

  it('a stored value it does not know is refused on save, naming the choices', () => {
    expect(() => emulator.core.emulator.updateSettings({ emptyOptional: 'maybe' as 'warn' })).toThrow(
      /warn, refuse or accept/,
    );
  });
});

describe('a send to Local is judged as its emulator judges ""', () => {
  afterEach(() => {
    emulator.core.emulator.updateSettings({ emptyOptional: 'warn' });
  });

  it('under refuse the record says it went with an error, as the 400 does', async () => {
    const { core } = emulator;
    const local = localProfileOf(core.profiles);
    if (local === null) throw new Error('no Local profile');
    core.profiles.update(
      local.id,
      { baseUrl: emulator.url },
      { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } },
    );
    core.emulator.updateSettings({ emptyOptional: 'refuse' });
    const result = await core.merchantApi.sendCheckout({
      profileId: local.id,
      body: { kind: 'json', payload: withConsumer({ email: '' }) },
      injectNotificationUrl: false,
      form: 'general',
    });
    expect(result.status).toBe(400);
    expect(core.events.getDetail(result.eventId)?.details).toMatchObject({
      sentWithErrors: true,
      findings: { errors: 1, warnings: 0 },
    });
  });
});
