import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateCheckout, type CheckoutForm } from '../../src/shared/checkout';
import { generateSample } from '../../src/shared/checkout/sample';
import { brief, fixture } from './helpers/checkout-payloads';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

/**
 * The spec: expires_in_minutes is "ignored unless the feature is enabled for the merchant by
 * support; the default expiry is 30 minutes". The emulator's "Honour expires_in_minutes" is off
 * by default, so a value given is ignored, and the console says so (a warning naming the field
 * and the setting) instead of answering "valid, no findings" to an order that then expires at 30.
 */

const withExpiry = (form: CheckoutForm, key: string, minutes: unknown) => ({
  ...fixture(form),
  [key]: minutes,
});

describe('expires_in_minutes ignored unless honoured', () => {
  it('by default a value given earns expiry_ignored, naming the field and the setting', () => {
    const findings = validateCheckout(withExpiry('general', 'expires_in_minutes', 10), { form: 'general' });
    expect(brief(findings)).toEqual(['warning expires_in_minutes expiry_ignored']);
    expect(findings[0]?.message).toMatch(/expires_in_minutes is 10/);
    expect(findings[0]?.message).toMatch(/"Honour expires_in_minutes" is off/);
    expect(findings[0]?.message).toMatch(/30 minutes/);
  });

  it("the education form's spelling is said where it is", () => {
    const findings = validateCheckout(withExpiry('education', 'expire_in_minutes', 60), {
      form: 'education',
    });
    expect(brief(findings)).toEqual(['warning expire_in_minutes expiry_ignored']);
  });

  it('honoured, or a value refused on its own, has no such warning', () => {
    const honoured = validateCheckout(withExpiry('general', 'expires_in_minutes', 10), {
      form: 'general',
      honourExpiresInMinutes: true,
    });
    expect(brief(honoured)).toEqual([]);
    const tooShort = validateCheckout(withExpiry('general', 'expires_in_minutes', 4), { form: 'general' });
    expect(brief(tooShort)).toEqual(['error expires_in_minutes below_minimum']);
  });

  it('the sample sends no expiry, which the default would ignore', () => {
    for (const form of ['general', 'education'] as const) {
      const sample = generateSample(form, { seed: 5 });
      expect(sample).not.toHaveProperty('expires_in_minutes');
      expect(sample).not.toHaveProperty('expire_in_minutes');
    }
  });

  it('validate warns by default and not with --honour-expires-in-minutes', async () => {
    const { dir, remove } = makeTempDir();
    try {
      const file = join(dir, 'expiry.json');
      writeFileSync(file, JSON.stringify(withExpiry('general', 'expires_in_minutes', 10)));
      const warned = await runCliCaptured(['validate', file]);
      expect(warned.code).toBe(0);
      expect(warned.stdout).toContain('expiry_ignored');
      const honoured = await runCliCaptured(['validate', file, '--honour-expires-in-minutes']);
      expect(honoured.code).toBe(0);
      expect(honoured.stdout).not.toContain('expiry_ignored');
    } finally {
      remove();
    }
  });
});
