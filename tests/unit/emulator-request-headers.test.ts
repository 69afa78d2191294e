import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEmulator, validPayload, type EmulatorHarness } from './helpers/emulator-harness';

// An unknown X-Emulator-Notification-Form (`modern`, or an empty value) was taken silently as
// the current form (200), while an unknown X-Emulator-Checkout-Form or X-Emulator-Single-Checkout
// was refused. docs/service-rules.md (Errors): 400 invalid_request for "an X-Emulator-… header
// value it does not know". Every X-Emulator-… request header is read the same way.

let emulator: EmulatorHarness;
beforeEach(async () => {
  emulator = await openEmulator();
});
afterEach(async () => {
  await emulator.dispose();
});

/** POST /checkout with one extra header, sent as given (an empty value included). */
async function createWith(name: string, value: string) {
  const response = await fetch(`${emulator.url}/checkout`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${emulator.apiToken}`,
      'content-type': 'application/json',
      [name]: value,
    },
    body: JSON.stringify(validPayload(null)),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const HEADERS: [name: string, known: string[], expected: string][] = [
  ['X-Emulator-Checkout-Form', ['general', ' Education '], 'general or education'],
  ['X-Emulator-Single-Checkout', ['enabled', 'DISABLED'], 'enabled or disabled'],
  ['X-Emulator-Notification-Form', ['legacy', 'Legacy'], 'legacy; leave it out for the current form'],
];

describe('X-Emulator-… request headers', () => {
  for (const [name, known, expected] of HEADERS) {
    it(`${name}: a value it does not know, or an empty one, is 400 invalid_request naming the header`, async () => {
      for (const value of ['modern', 'maybe', '']) {
        const refused = await createWith(name, value);
        expect(refused.status, `${name}: "${value}"`).toBe(400);
        expect(refused.json['message']).toBe(`${name} must be ${expected}.`);
        expect(refused.json['errors']).toEqual([{ error_code: 'invalid_request', path: name }]);
      }
      expect(emulator.core.emulator.orders(10)).toEqual([]);
    });

    it(`${name}: the values it knows are taken, in any case and with spaces around them`, async () => {
      for (const value of known) {
        const created = await createWith(name, value);
        // The education form judges the general fixture differently; it is still a known value.
        expect(created.status === 200 || created.status === 400, JSON.stringify(created.json)).toBe(true);
        expect(JSON.stringify(created.json)).not.toContain(`${name} must be`);
      }
    });
  }

  it('X-Emulator-Notification-Form: legacy marks the order for the older approval form', async () => {
    const created = await createWith('X-Emulator-Notification-Form', 'legacy');
    expect(created.status).toBe(200);
    const [order] = emulator.core.emulator.orders(1);
    expect(order?.legacyApproved).toBe(true);
  });
});
