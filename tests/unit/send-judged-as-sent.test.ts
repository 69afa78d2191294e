import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConsole } from '../../src/main/app';
import { setInJsonText } from '../../src/shared/json-text-edit';
import { fixture } from './helpers/checkout-payloads';
import { json, startFakeService } from './helpers/fake-service';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

// What `send` (and the builder's Send) judged was not what went out, nor what the emulator
// judged: the findings stored with a send were of the parsed payload, so a name given twice
// (which validate and the emulator warn of) was stored as no finding; filling in the listener's
// URL wrote the payload out anew, so the name given twice and a number's digits (100.00 → 100)
// were gone from what was sent; and a local profile's send ignored the emulator's supported
// country/currency pairs, so a send it accepted was stored "sent with errors".

let dataDir: string;
let remove: () => void;
let service: Awaited<ReturnType<typeof startFakeService>>;

beforeEach(async () => {
  ({ dir: dataDir, remove } = makeTempDir());
  service = await startFakeService((_request, res) =>
    json(res, 200, {
      order_id: 'o-1',
      checkout_id: 'c-1',
      status: 'new',
      checkout_url: 'https://pay.example/',
    }),
  );
  await cli('profiles', 'set', 'Local', '--base-url', service.url, '--listener-port', '45872');
});
afterEach(async () => {
  await service.close();
  remove();
});

const cli = (...args: string[]) => runCliCaptured(['--data-dir', dataDir, ...args]);

async function lastRequestDetails(): Promise<Record<string, unknown>> {
  const core = await createConsole({ dataDir, frontDoor: 'cli', keychain: 'off' });
  try {
    const [summary] = core.eventsQuery.page({ kinds: ['request'] }, { limit: 1 }).items;
    return (summary === undefined ? undefined : core.events.getDetail(summary.id))?.details ?? {};
  } finally {
    await core.close();
  }
}

/** The general fixture as text: its order_number given twice, a total written 2 decimals deep. */
function textWithDuplicate(): string {
  const payload = fixture('general') as Record<string, unknown> & { merchant_url: Record<string, unknown> };
  delete payload.merchant_url['notification'];
  const text = JSON.stringify(payload, null, 2);
  return text.replace('"order_number": ', '"order_number": "first-number",\n  "order_number": ');
}

describe('send judges and sends the text it was given', () => {
  it('a name given twice: sent as written with the listener URL put in place, and stored as its warning', async () => {
    const file = join(dataDir, 'twice.json');
    writeFileSync(file, textWithDuplicate());
    const run = await cli('send', file);
    expect(run.code, run.stderr).toBe(0);
    const sent = service.received[0]?.body ?? '';
    expect(sent.match(/"order_number"/g)).toHaveLength(2);
    expect(sent).toContain('"notification": "http://127.0.0.1:45872"');
    // The member is laid out as the document is: on a line of its own, at its siblings' indent.
    expect(sent.replace(/,\n {4}"notification": "http:\/\/127\.0\.0\.1:45872"/, '')).toBe(
      textWithDuplicate(),
    );
    expect(await lastRequestDetails()).toMatchObject({
      findings: { errors: 0, warnings: 1 },
      sentWithErrors: false,
    });
  });

  it('a pair the emulator is set to support is no error on a local profile', async () => {
    const payload = fixture('general') as Record<string, unknown>;
    const core = await createConsole({ dataDir, frontDoor: 'cli', keychain: 'off' });
    try {
      core.emulator.updateSettings({
        countryCurrencyPairs: [...core.emulator.settings().countryCurrencyPairs, 'SA-AED'],
      });
    } finally {
      await core.close();
    }
    const aed = JSON.parse(JSON.stringify(payload).replaceAll('"SAR"', '"AED"')) as unknown;
    const file = join(dataDir, 'aed.json');
    writeFileSync(file, JSON.stringify(aed));
    const checked = await cli('validate', file);
    expect(checked.stdout).toContain('not_supported_country_currency');
    const run = await cli('send', file);
    expect(run.code, run.stderr).toBe(0);
    expect(await lastRequestDetails()).toMatchObject({ findings: { errors: 0 }, sentWithErrors: false });
  });
});

describe('setInJsonText', () => {
  it('puts a value in place: replacing one, adding a member, or the objects still missing', () => {
    expect(setInJsonText('{"m": {"n": ""}, "a": 100.00}', ['m', 'n'], 'u')).toBe(
      '{"m": {"n": "u"}, "a": 100.00}',
    );
    expect(setInJsonText('{"m": {"x": 1 }, "a": 1.50}', ['m', 'n'], 'u')).toBe(
      '{"m": {"x": 1, "n": "u" }, "a": 1.50}',
    );
    expect(setInJsonText('{"m": {}}', ['m', 'n'], 'u')).toBe('{"m": {"n": "u"}}');
    // Laid out as the document is: a pretty one gets the member on a line of its own.
    expect(setInJsonText('{\n  "a": 1.0\n}', ['m', 'n'], 'u')).toBe(
      '{\n  "a": 1.0,\n  "m": {\n    "n": "u"\n  }\n}',
    );
    expect(setInJsonText('{}', ['m', 'n'], 'u')).toBe('{"m": {"n": "u"}}');
  });

  it('refuses what it cannot do in place: a name on the way given twice, a value on the way not an object', () => {
    expect(setInJsonText('{"m": {}, "m": {}}', ['m', 'n'], 'u')).toBeNull();
    expect(setInJsonText('{"m": {"n": "", "n": ""}}', ['m', 'n'], 'u')).toBeNull();
    expect(setInJsonText('{"m": "text"}', ['m', 'n'], 'u')).toBeNull();
    expect(setInJsonText('[1]', ['m'], 'u')).toBeNull();
    expect(setInJsonText('{"x": 1, "x": 2}', ['m', 'n'], 'u')).toBe('{"x": 1, "x": 2, "m": {"n": "u"}}');
  });
});
