import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEmulator, type EmulatorHarness } from './helpers/emulator-harness';
import { startFakeService, json } from './helpers/fake-service';
import { runCliCaptured } from './helpers/run-cli';

/**
 * Which form `send` judges a checkout in, and says so. On a local profile the emulator is told
 * the form (X-Emulator-Checkout-Form), which overrides its own "Merchant's checkout form"
 * setting: `send` used to tell it "general" whenever --form was left out, so an education
 * payload was refused (shipping_address required) on an emulator set to education, with no
 * word of why.
 */

const EDUCATION_FILE = join(import.meta.dirname, '..', '..', 'scenarios', 'payloads', 'education-kw.json');

let emulator: EmulatorHarness;
const cli = (...args: string[]) => runCliCaptured(['--data-dir', emulator.dataDir, ...args]);

beforeEach(async () => {
  emulator = await openEmulator();
  await cli('profiles', 'set', 'Local', '--base-url', emulator.url);
});
afterEach(async () => {
  await emulator.dispose();
});

type SentHeaders = [string, string][];
const sentForm = (stdout: string): string | undefined => {
  const result = JSON.parse(stdout) as { request: { headers: SentHeaders } };
  return result.request.headers.find(([name]) => name === 'X-Emulator-Checkout-Form')?.[1];
};
const sentSingleCheckout = (stdout: string): string | undefined => {
  const result = JSON.parse(stdout) as { request: { headers: SentHeaders } };
  return result.request.headers.find(([name]) => name === 'X-Emulator-Single-Checkout')?.[1];
};

describe('send without --form on a local profile follows the emulator’s setting', () => {
  it('an education payload on an emulator set to education is judged as education and created', async () => {
    emulator.core.emulator.updateSettings({ checkoutForm: 'education' });
    const run = await cli('send', EDUCATION_FILE, '--profile', 'Local');
    expect(run.stdout + run.stderr, run.stdout).toMatch(/→ 200/);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/form\s+education \(the emulator's "Merchant's checkout form" setting\)/);
    const asJson = await cli('send', EDUCATION_FILE, '--profile', 'Local', '--json');
    expect(sentForm(asJson.stdout)).toBe('education');
    expect(sentSingleCheckout(asJson.stdout)).toBe('enabled');
  });

  it('takes the setting’s single checkout too; --single-checkout-disabled still turns it off', async () => {
    emulator.core.emulator.updateSettings({ checkoutForm: 'education', singleCheckout: false });
    const followed = await cli('send', EDUCATION_FILE, '--profile', 'Local', '--json');
    expect(sentSingleCheckout(followed.stdout)).toBe('disabled');
    emulator.core.emulator.updateSettings({ singleCheckout: true });
    const flagged = await cli(
      'send',
      EDUCATION_FILE,
      '--profile',
      'Local',
      '--json',
      '--single-checkout-disabled',
    );
    expect(sentSingleCheckout(flagged.stdout)).toBe('disabled');
  });

  it('an explicit --form still wins, and the output says it came from the flag', async () => {
    emulator.core.emulator.updateSettings({ checkoutForm: 'education' });
    const run = await cli('send', EDUCATION_FILE, '--profile', 'Local', '--form', 'general');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/form\s+general \(--form\)/);
    const asJson = await cli('send', EDUCATION_FILE, '--profile', 'Local', '--form', 'general', '--json');
    expect(sentForm(asJson.stdout)).toBe('general');
  });
});

describe('a 400 on an education payload judged as general names --form education', () => {
  it('on an emulator left at general: the answer, then a plain hint', async () => {
    const run = await cli('send', EDUCATION_FILE, '--profile', 'Local');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/→ 400/);
    expect(run.stdout).toContain('shipping_address');
    expect(run.stdout).toMatch(/form\s+general \(the emulator's "Merchant's checkout form" setting\)/);
    expect(run.stderr).toMatch(/hint: .*risk_assessment\.education.*general form/s);
    expect(run.stderr).toContain('--form education');
  });

  it('no hint for a general payload, nor once the education form is chosen', async () => {
    const payload = JSON.parse(readFileSync(EDUCATION_FILE, 'utf8')) as Record<string, unknown>;
    const risk = { ...(payload['risk_assessment'] as Record<string, unknown>) };
    delete risk['education'];
    const file = join(emulator.dataDir, 'no-education.json');
    writeFileSync(file, JSON.stringify({ ...payload, risk_assessment: risk }));
    const general = await cli('send', file, '--profile', 'Local');
    expect(general.code).toBe(1);
    expect(general.stderr).not.toContain('judged in the general form');
    const education = await cli('send', EDUCATION_FILE, '--profile', 'Local', '--form', 'education');
    expect(education.code).toBe(0);
    expect(education.stderr).not.toContain('judged in the general form');
  });
});

describe('validate judges in the form it names, with the same hint', () => {
  it('general by default; an education payload’s errors come with --form education', async () => {
    const run = await cli('validate', EDUCATION_FILE);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('(general form)');
    expect(run.stderr).toMatch(/hint: .*risk_assessment\.education.*general form/s);
    expect(run.stderr).toContain('--form education');
    const education = await cli('validate', EDUCATION_FILE, '--form', 'education');
    expect(education.code).toBe(0);
    expect(education.stderr).toBe('');
  });

  it('send’s form line names single checkout when it is disabled, so validate can be given the same', async () => {
    emulator.core.emulator.updateSettings({ checkoutForm: 'education', singleCheckout: false });
    const run = await cli('send', EDUCATION_FILE, '--profile', 'Local');
    expect(run.stdout).toMatch(/form\s+education, single checkout disabled/);
  });
});

describe('other profiles: the service knows its merchant’s form', () => {
  it('general unless --form says otherwise; no emulator header, no form line, no hint', async () => {
    const service = await startFakeService((_request, res) =>
      json(res, 400, {
        message: 'No',
        errors: [{ error_code: 'required' }],
        data: {},
        title: null,
        screen_type: null,
      }),
    );
    try {
      emulator.core.emulator.updateSettings({ checkoutForm: 'education' });
      await cli('profiles', 'set', 'Sandbox', '--base-url', service.url, '--api-token', 'sk_test_form_abcd');
      const run = await cli('send', EDUCATION_FILE, '--profile', 'Sandbox', '--json');
      expect(sentForm(run.stdout)).toBeUndefined();
      expect(service.received[0]?.headers['x-emulator-checkout-form']).toBeUndefined();
      expect(JSON.parse(run.stdout)).toMatchObject({ status: 400 });
      const text = await cli('send', EDUCATION_FILE, '--profile', 'Sandbox');
      expect(text.stdout).not.toMatch(/^form /m);
      expect(text.stderr).not.toContain('judged in the general form');
    } finally {
      await service.close();
    }
  });
});
