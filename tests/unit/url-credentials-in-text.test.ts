import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import type { EventPageResult } from '../../src/shared/contract/timeline';
import type { TimelineDetail } from '../../src/shared/events';
import {
  maskWith,
  redactText,
  redactUrlCredentialsInText,
  redactWith,
} from '../../src/shared/secrets/redact-secrets';
import { openEmulator, startReceiver, validPayload, type EmulatorHarness } from './helpers/emulator-harness';
import { json, startFakeService } from './helpers/fake-service';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

// A checkout request's notification URL is text in its body: `http://merchant:<password>@shop/
// hook?serviceToken=<token>` was printed whole by `send`'s line saying where notifications go,
// `emulator pay`'s line and --json, and in the request's body on every screen, in curl, exports
// and `history`, and a search found the password, while the same URL on the delivery records was
// masked (`merchant:REDACTED@…?serviceToken=REDACTED`). A URL's credentials in free text now go
// by meaning, as a record's own URL's do.

const PASSWORD = 'pw12345678secret';
const SERVICE_TOKEN = 'preexistingXYZ987';
const hook = (base: string) =>
  `${base.replace('//', `//merchant:${PASSWORD}@`)}/hook?serviceToken=${SERVICE_TOKEN}`;
const expectNone = (text: string, where: string) => {
  expect(text, where).not.toContain('pw12345678');
  expect(text, where).not.toContain('preexisting');
};

describe('redactUrlCredentialsInText', () => {
  it('masks a URL’s password and serviceToken in free text, plain or JSON-escaped', () => {
    const text = `{"n":"http://merchant:${PASSWORD}@127.0.0.1:4601/x?a=1&ServiceToken=${SERVICE_TOKEN}&b=2"}`;
    expect(redactUrlCredentialsInText(text, redactWith)).toBe(
      '{"n":"http://merchant:REDACTED@127.0.0.1:4601/x?a=1&ServiceToken=REDACTED&b=2"}',
    );
    const escaped = `{"n":"https:\\/\\/merchant:${PASSWORD}@shop\\/x?serviceToken=${SERVICE_TOKEN}"}`;
    expect(redactUrlCredentialsInText(escaped, maskWith)).toBe(
      '{"n":"https:\\/\\/merchant:••••cret@shop\\/x?serviceToken=••••Z987"}',
    );
  });

  it('leaves text that only looks like one alone: an e-mail, a time, a port, a URL without credentials', () => {
    for (const text of [
      '{"email":"a.b@example.com","at":"10:30"}',
      'https://shop.example:8443/hook?x=1',
      'see https://shop.example/a@b',
    ])
      expect(redactText(text, [], redactWith)).toBe(text);
  });
});

describe('a notification URL with credentials in a stored request', () => {
  let core: ConsoleCore;
  let dataDir = '';
  let dispose: () => Promise<void> = async () => undefined;
  beforeEach(async () => {
    ({ core, dataDir, dispose } = await openTempConsole());
  });
  afterEach(async () => {
    await dispose();
  });
  const cli = (...args: string[]) => runCliCaptured(['--data-dir', dataDir, ...args]);

  it('is masked in the detail, curl, exports and history, and no search finds its password', async () => {
    const { id } = core.recorder.record({
      kind: 'request',
      method: 'POST',
      url: 'http://127.0.0.1:4010/checkout',
      path: '/checkout',
      status: 200,
      requestHeaders: [['Content-Type', 'application/json']],
      requestBody: Buffer.from(
        JSON.stringify({ note: 'kettle', merchant_url: { notification: hook('http://127.0.0.1:4601') } }),
      ),
    });
    const detail = await core.dispatcher('getEvent', { id }, { transport: 'websocket' });
    if (!detail.ok) throw new Error(detail.error.message);
    const body = (detail.data as TimelineDetail).requestBody?.text ?? '';
    expectNone(body, 'detail');
    expect(body).toContain('merchant:••••cret@127.0.0.1:4601/hook?serviceToken=••••Z987');
    const curl = await cli('curl', String(id));
    expectNone(curl.stdout, 'curl');
    for (const format of ['json', 'ndjson', 'har']) {
      const exported = await cli('export', '--format', format);
      expect(exported.code, exported.stderr).toBe(0);
      expectNone(exported.stdout, format);
    }
    expectNone((await cli('history', '--json')).stdout, 'history');
    for (const probe of ['pw12345678', 'preexistingXYZ']) {
      const page = await core.dispatcher(
        'listEvents',
        { filter: { text: probe }, limit: 10 },
        { transport: 'ipc' },
      );
      if (!page.ok) throw new Error(page.error.message);
      expect((page.data as EventPageResult).items, probe).toEqual([]);
    }
    const found = await core.dispatcher(
      'listEvents',
      { filter: { text: 'kettle' }, limit: 10 },
      { transport: 'ipc' },
    );
    expect(found.ok && (found.data as EventPageResult).items.map((item) => item.id)).toEqual([id]);
  });

  it('send: the line saying where notifications go, and the record’s details on screen', async () => {
    const service = await startFakeService((_request, res) =>
      json(res, 200, {
        order_id: 'o-1',
        checkout_id: 'c-1',
        status: 'new',
        checkout_url: 'https://pay.example/',
      }),
    );
    try {
      await cli('profiles', 'set', 'Local', '--base-url', service.url);
      const file = join(dataDir, 'payload.json');
      writeFileSync(
        file,
        JSON.stringify({
          order_reference_id: 'r1',
          merchant_url: { notification: hook('http://127.0.0.1:4601') },
        }),
      );
      const run = await cli('send', file);
      expect(run.code, run.stderr).toBe(0);
      expectNone(run.stdout, 'send');
      expect(run.stdout).toMatch(
        /^notification {2}http:\/\/merchant:••••cret@127\.0\.0\.1:4601\/hook\?serviceToken=••••Z987 /m,
      );
      const json = await cli('send', file, '--json');
      expectNone(json.stdout, 'send --json');
      // The service received the URL as written: only what is shown is masked.
      expect(service.received[0]?.body).toContain(PASSWORD);
      const page = await core.dispatcher(
        'listEvents',
        { filter: { kinds: ['request'] }, limit: 10 },
        { transport: 'ipc' },
      );
      if (!page.ok) throw new Error(page.error.message);
      for (const item of (page.data as EventPageResult).items) {
        const detail = await core.dispatcher('getEvent', { id: item.id }, { transport: 'websocket' });
        if (!detail.ok) throw new Error(detail.error.message);
        expectNone(JSON.stringify(detail.data), `record #${item.id}`);
      }
    } finally {
      await service.close();
    }
  });
});

describe('emulator pay on an order whose notification URL has credentials', () => {
  let emulator: EmulatorHarness;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeEach(async () => {
    emulator = await openEmulator();
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await receiver.close();
    await emulator.dispose();
  });

  it('says where the notification went with the password and serviceToken masked, in its line and --json', async () => {
    const cli = (...argv: string[]) => runCliCaptured(['--data-dir', emulator.dataDir, ...argv]);
    expect((await cli('profiles', 'set', 'Local', '--base-url', emulator.url)).code).toBe(0);
    const orders: string[] = [];
    for (let n = 0; n < 2; n++) {
      const created = await emulator.call('POST', '/checkout', validPayload(hook(receiver.url)));
      expect(created.status).toBe(200);
      orders.push(String(created.json['order_id']));
    }
    const line = await cli('emulator', 'pay', orders[0] ?? '');
    expect(line.code, line.stderr).toBe(0);
    expectNone(line.stdout, 'pay');
    expect(line.stdout).toContain('serviceToken=••••Z987');
    const asJson = await cli('emulator', 'pay', orders[1] ?? '', '--json');
    expect(asJson.code, asJson.stderr).toBe(0);
    expectNone(asJson.stdout, 'pay --json');
  });
});
