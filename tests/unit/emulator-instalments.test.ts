import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { localProfileOf } from '../../src/main/emulator/local-profile-tokens';
import { openEmulator, validPayload, type EmulatorHarness } from './helpers/emulator-harness';

/**
 * The emulator answers `instalments` by the rule the builder and `validate` use
 * (checkout-instalments.test.ts): required only with PAY_BY_INSTALMENTS by default, as the
 * official client sends it, or always (the spec's letter) when its setting says so; a count
 * the service cannot mean is created, with its warning in X-Emulator-Warnings.
 */

let emulator: EmulatorHarness;
beforeAll(async () => {
  emulator = await openEmulator();
});
afterAll(async () => {
  await emulator.dispose();
});
afterEach(() => {
  emulator.core.emulator.updateSettings({ instalmentsRequired: 'pay_by_instalments' });
});

let orders = 0;
/** Each order its own order_reference_id: one another order has is a warning of its own. */
const paying = (paymentType: string, instalments?: number) => {
  const { instalments: _count, ...payload } = validPayload(null, {
    payment_type: paymentType,
    order_reference_id: `INSTALMENTS-${++orders}`,
  });
  return instalments === undefined ? payload : { ...payload, instalments };
};

describe('the emulator and instalments', () => {
  it('is required only with PAY_BY_INSTALMENTS by default', () => {
    expect(emulator.core.emulator.settings().instalmentsRequired).toBe('pay_by_instalments');
  });

  it("PAY_BY_LATER (the official client's) or another type without instalments is created, with the instalments_not_given warning", async () => {
    for (const type of ['PAY_BY_LATER', 'PAY_NOW']) {
      const { status, warnings } = await emulator.createCheckout(paying(type));
      expect(status, type).toBe(200);
      expect(warnings).toBe('1 warning: instalments_not_given at instalments');
    }
  });

  it('PAY_BY_INSTALMENTS without instalments is refused as required', async () => {
    const { status, json } = await emulator.createCheckout(paying('PAY_BY_INSTALMENTS'));
    expect(status).toBe(400);
    expect(json['errors']).toEqual([
      expect.objectContaining({ error_code: 'required', path: 'instalments' }),
    ]);
  });

  it("set to always (the spec's letter): PAY_NOW without instalments is refused", async () => {
    emulator.core.emulator.updateSettings({ instalmentsRequired: 'always' });
    const { status, json } = await emulator.createCheckout(paying('PAY_NOW'));
    expect(status).toBe(400);
    expect(json['errors']).toEqual([
      expect.objectContaining({ error_code: 'required', path: 'instalments' }),
    ]);
  });

  it('a negative count, too few for PAY_BY_INSTALMENTS, too many for PAY_BY_LATER: created, each with its warning', async () => {
    const cases: [string, number, string][] = [
      ['PAY_BY_INSTALMENTS', -5, 'negative_count'],
      ['PAY_BY_INSTALMENTS', 0, 'instalments_payment_type'],
      ['PAY_BY_LATER', 6, 'instalments_payment_type'],
    ];
    for (const [type, count, code] of cases) {
      const { status, warnings, json } = await emulator.createCheckout(paying(type, count));
      expect(status, `${type} ${count}`).toBe(200);
      expect(warnings).toBe(`1 warning: ${code} at instalments`);
      expect(emulator.core.emulator.engine.get(String(json['order_id'])).payload).toContain(
        `"instalments":${count}`,
      );
    }
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
    core.emulator.updateSettings({ instalmentsRequired: 'always' });
    const result = await core.merchantApi.sendCheckout({
      profileId: local.id,
      body: { kind: 'json', payload: paying('PAY_NOW') },
      injectNotificationUrl: false,
      form: 'general',
    });
    expect(result.status).toBe(400);
    expect(core.events.getDetail(result.eventId)?.details).toMatchObject({
      sentWithErrors: true,
      findings: { errors: 1 },
    });
  });
});
