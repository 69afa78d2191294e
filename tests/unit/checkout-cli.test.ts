import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withComputedTotal } from '../../src/shared/checkout';
import { fixture, type Payload } from './helpers/checkout-payloads';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

const fixturePath = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

let dir: string;
let remove: () => void;
beforeEach(() => {
  ({ dir, remove } = makeTempDir());
});
afterEach(() => remove());

const write = (name: string, content: string | Payload) => {
  const file = join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return file;
};
const validate = (...args: string[]) => runCliCaptured(['--data-dir', dir, 'validate', ...args]);

describe('checkout-console validate', () => {
  it('exits 0 for a valid payload of either form, and opens no data directory', async () => {
    const general = await validate(fixturePath('general-valid.json'));
    expect(general).toMatchObject({ code: 0, stderr: '' });
    expect(general.stdout).toMatch(/general-valid\.json \(general form\): valid, no findings/);
    const education = await validate(fixturePath('education-valid.json'), '--form', 'education');
    expect(education.code).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('exits 0 with warnings, and prints them', async () => {
    const run = await validate(write('typo.json', { ...fixture('general'), expires_in_minute: 30 }));
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/valid, 1 warning/);
    expect(run.stdout).toMatch(
      /warning +expires_in_minute\n +"expires_in_minute" is not a field .* Did you mean "expires_in_minutes"\?/,
    );
  });

  it('warns of two items with one reference_id, naming both, as the builder does', async () => {
    const general = fixture('general');
    const items = general.items as Payload[];
    items.push({ ...items[0] });
    const payload = withComputedTotal(general) as Payload;
    const run = await validate(write('twice.json', payload));
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/valid, 1 warning/);
    expect(run.stdout).toContain(
      'warning  items[1].reference_id\n' +
        `         items[1].reference_id is the text "${String(items[0]?.reference_id)}", as items[0].reference_id is: the spec calls reference_id the merchant's unique item id, and how the service takes one given twice is not shown. Give each item its own.\n` +
        "         rule: Item: reference_id — Merchant's unique item id (how the service takes one given twice is not shown) [duplicate_reference_id]\n",
    );
  });

  it('exits 1 with errors: severity, path, message and the spec rule', async () => {
    const payload = fixture('general');
    (payload.items as Payload[])[0] = { ...(payload.items as Payload[])[0], sku: 's'.repeat(129) };
    const run = await validate(write('bad.json', payload));
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/invalid: 1 error, 0 warnings/);
    expect(run.stdout).toContain(
      'error    items[0].sku\n' +
        '         sku is 129 characters long; the maximum is 128.\n' +
        '         rule: Item: sku — maximum 128 characters [too_long]\n',
    );
  });

  it("counts an amount's decimals as the file writes them, not as JSON.parse rounds them", async () => {
    const text = readFileSync(fixturePath('general-valid.json'), 'utf8').replace(
      '"amount": 72.98,',
      '"amount": 72.98000000000000000001,',
    );
    const run = await validate(write('prec2.json', text));
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/invalid: 1 error, 0 warnings/);
    expect(run.stdout).toContain(
      'error    total_amount.amount\n' +
        '         amount 72.98000000000000000001 has 20 decimals; SAR has 2, so its smallest amount is 0.01.\n',
    );
    const huge = await validate(
      write('huge.json', text.replace('72.98000000000000000001', '12345678901234567890.5')),
    );
    expect(huge.stdout).toContain(
      '         amount 12345678901234567890.5 is read as 12345678901234567000 (the nearest number JSON holds), not as written.\n',
    );
  });

  it('prints { valid, errors, warnings, findings } with --json', async () => {
    const run = await validate(fixturePath('education-valid.json'), '--json');
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as {
      valid: boolean;
      errors: number;
      warnings: number;
      findings: unknown[];
    };
    expect(report).toEqual({
      valid: false,
      errors: 1,
      warnings: 0,
      findings: [
        {
          severity: 'error',
          path: 'shipping_address',
          message: 'shipping_address is required (an object).',
          rule: 'Checkout request: shipping_address — required in the general form',
          code: 'required',
        },
      ],
    });
  });

  it('applies --single-checkout-disabled and --notification-field', async () => {
    const payload = fixture('education');
    delete payload.payment_type;
    payload.hook = 'not a url';
    const file = write('education.json', payload);
    expect((await validate(file, '--form', 'education', '--notification-field', 'hook')).stdout).toMatch(
      /error +hook\n.*absolute URI/,
    );
    const disabled = await validate(file, '--form', 'education', '--single-checkout-disabled', '--json');
    expect(disabled.code).toBe(1);
    expect(disabled.stdout).toMatch(
      /"path": "payment_type",\s+"message": "payment_type is required when single checkout is disabled\."/,
    );
  });

  it('--empty-optional: warn (default) exits 0, refuse exits 1 naming the field, accept says nothing', async () => {
    const payload = fixture('general');
    payload.consumer = { ...(payload.consumer as Payload), email: '' };
    const file = write('empty-email.json', payload);
    const warned = await validate(file);
    expect(warned.code).toBe(0);
    expect(warned.stdout).toMatch(/valid, 1 warning\n[\s\S]*warning +consumer\.email\n/);
    const refused = await validate(file, '--empty-optional', 'refuse');
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/invalid: 1 error, 0 warnings/);
    expect(refused.stdout).toMatch(
      /error +consumer\.email\n +email is given as "" \(empty\)\. .*set to refuse it.*\n +rule: .*\[empty_optional\]/,
    );
    const accepted = await validate(file, '--empty-optional', 'accept');
    expect(accepted).toMatchObject({ code: 0 });
    expect(accepted.stdout).toMatch(/valid, no findings/);
  });

  it('--empty-optional refuse leaves the official client\'s own "" alone', async () => {
    const payload = { ...fixture('general'), locale: '', platform: '' };
    const run = await validate(write('client.json', payload), '--empty-optional', 'refuse');
    expect(run).toMatchObject({ code: 0 });
  });

  it('exits 2 for an --empty-optional it does not know, naming the choices', async () => {
    const run = await validate(fixturePath('general-valid.json'), '--empty-optional', 'ignore');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--empty-optional: choose warn, refuse or accept/);
  });

  it('--instalments-required: PAY_NOW without instalments warns by default, always refuses; a negative count warns', async () => {
    const payload: Payload = { ...fixture('general'), payment_type: 'PAY_NOW' };
    delete payload.instalments;
    const file = write('pay-now.json', payload);
    const warned = await validate(file);
    expect(warned.code).toBe(0);
    expect(warned.stdout).toMatch(
      /valid, 1 warning\n[\s\S]*warning +instalments\n[\s\S]*\[instalments_not_given\]/,
    );
    const refused = await validate(file, '--instalments-required', 'always');
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/error +instalments\n +instalments is required/);
    const negative = await validate(
      write('negative.json', { ...fixture('general'), payment_type: 'PAY_BY_INSTALMENTS', instalments: -3 }),
    );
    expect(negative.stdout).toMatch(/valid, 1 warning\n[\s\S]*instalments is -3; a count cannot be negative/);
    const unknown = await validate(file, '--instalments-required', 'never');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/--instalments-required: choose pay_by_instalments or always/);
  });

  it('--missing-country-code: refused as required by default, take_sa judges it as SA', async () => {
    const payload: Payload = { ...fixture('general') };
    delete payload.country_code;
    const file = write('no-country.json', payload);
    const refused = await validate(file);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/error +country_code\n +country_code is required/);
    expect(await validate(file, '--missing-country-code', 'take_sa')).toMatchObject({ code: 0 });
    const unknown = await validate(file, '--missing-country-code', 'guess');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/--missing-country-code: choose refuse or take_sa/);
  });

  it('reads standard input for -', async () => {
    const run = await runCliCaptured(
      ['validate', '-', '--form', 'education'],
      JSON.stringify(fixture('education')),
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/standard input \(education form\): valid/);
  });

  it('exits 2 for malformed JSON, with the line and column where it breaks', async () => {
    const run = await validate(
      write('broken.json', '{\n  "total_amount": { "amount": 1 },\n  "items" []\n}\n'),
    );
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(
      "broken.json is not valid JSON: Expected ':' after the property name but found '[' at line 3, column 11",
    );
    expect(run.stderr).toContain('  3 |   "items" []\n    |           ^\n');
  });

  // Read as UTF-8 with replacement, a Latin-1 byte became U+FFFD: validate said "valid", and send
  // sent (and stored) a body the file does not hold, which the emulator accepted, while the same
  // bytes sent as they are get invalid_json.
  it('exits 2 for a file that is not UTF-8, naming the byte and where it is; send sends nothing', async () => {
    const good = JSON.stringify(fixture('general'));
    const at = good.indexOf('"name":"') + 8;
    const file = join(dir, 'latin1.json');
    writeFileSync(
      file,
      Buffer.concat([Buffer.from(good.slice(0, at)), Buffer.from([0xe9]), Buffer.from(good.slice(at))]),
    );
    const run = await validate(file);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `error: ${file} is not UTF-8 text: byte 0xE9 at line 1, column ${at + 1} is not UTF-8 (JSON is; was it saved as Latin-1 or another encoding?)\n`,
    );
    const sent = await runCliCaptured(['--data-dir', dir, 'send', file]);
    expect(sent.code).toBe(2);
    expect(sent.stderr).toContain('is not UTF-8 text: byte 0xE9');
    expect(sent.stdout).toBe('');
  });

  it.each([
    ['a missing file', () => join(dir, 'nope.json'), /cannot read .*nope\.json: no such file/],
    ['a directory', () => dir, /cannot read .*: it is a directory/],
    [
      'an empty file',
      () => write('empty.json', ''),
      /not valid JSON: Unexpected end of input: expected a value at line 1, column 1/,
    ],
  ])('exits 2 for %s', async (_label, file, message) => {
    const run = await validate(file());
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });

  it('exits 2 for a bad flag or a missing file argument', async () => {
    const form = await validate(fixturePath('general-valid.json'), '--form', 'school');
    expect(form.code).toBe(2);
    expect(form.stderr).toMatch(/--form: choose general or education/);
    expect((await validate()).code).toBe(2);
  });
});
