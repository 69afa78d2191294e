import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmulator, validPayload, type EmulatorHarness } from './helpers/emulator-harness';
import { makeTempDir } from './helpers/temp-console';

/**
 * The spec: without `locale` "a new customer gets ar_SA; an existing customer keeps the stored
 * preference". The emulator knows a customer by the consumer's phone number (a documented
 * default: the service's customers sign in by phone), and their preference is the locale of
 * their newest order that named one; checkout_url's locale follows it.
 */

const temp = makeTempDir();
let emulator: EmulatorHarness;
beforeAll(async () => {
  emulator = await openEmulator(temp.dir);
});
afterAll(async () => {
  await emulator.dispose();
  temp.remove();
});

let counter = 0;
const customerOrder = (phone: string, locale?: string | null) => {
  const { locale: _given, ...payload } = validPayload(null, { order_reference_id: `loc-${++counter}` });
  const consumer = { ...(payload['consumer'] as Record<string, unknown>), phone_number: phone };
  return { ...payload, consumer, ...(locale === undefined ? {} : { locale }) };
};

async function created(payload: unknown): Promise<{ locale: string; urlLocale: string | null }> {
  const { status, json } = await emulator.createCheckout(payload);
  expect(status, JSON.stringify(json)).toBe(200);
  const order = emulator.core.emulator.engine.get(String(json['order_id']));
  return {
    locale: order.locale,
    urlLocale: new URL(String(json['checkout_url'])).searchParams.get('locale'),
  };
}

describe('a customer without a locale in the request', () => {
  it('a new customer gets ar_SA', async () => {
    expect(await created(customerOrder('+966500000001'))).toEqual({ locale: 'ar_SA', urlLocale: 'ar_SA' });
  });

  it('a returning customer keeps the locale their last order named', async () => {
    const phone = '+966500000002';
    await created(customerOrder(phone, 'en_US'));
    expect(await created(customerOrder(phone))).toEqual({ locale: 'en_US', urlLocale: 'en_US' });
    // "" is the official client's "none": the preference stands.
    expect(await created(customerOrder(phone, ''))).toEqual({ locale: 'en_US', urlLocale: 'en_US' });
    // A later order naming another locale changes the preference.
    await created(customerOrder(phone, 'ar_SA'));
    expect(await created(customerOrder(phone))).toEqual({ locale: 'ar_SA', urlLocale: 'ar_SA' });
  });

  it("another customer's preference is not theirs", async () => {
    await created(customerOrder('+966500000003', 'en_US'));
    expect(await created(customerOrder('+966500000004'))).toEqual({ locale: 'ar_SA', urlLocale: 'ar_SA' });
  });

  it('the preference outlives a restart (it is read from the stored orders)', async () => {
    const phone = '+966500000005';
    await created(customerOrder(phone, 'en_US'));
    await emulator.dispose();
    emulator = await openEmulator(temp.dir);
    expect(await created(customerOrder(phone))).toEqual({ locale: 'en_US', urlLocale: 'en_US' });
  });
});
