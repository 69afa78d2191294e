import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConsoleError } from '../../src/main/console-error';
import { commands } from '../../src/shared/contract';
import type { HeaderList } from '../../src/shared/events';
import type { WebhookHeaderEdit } from '../../src/shared/registered-webhook-headers';
import { openEmulator, until, validPayload, type EmulatorHarness } from './helpers/emulator-harness';
import { openListeningConsole } from './helpers/listening-console';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The merchant's key for its endpoint: what must never be stored or shown in plain text. */
const KEY = 'mk_live_7f3a9c2e41b8d6f0aa55';
const OTHER_KEY = 'mk_live_replaced_9911cc44';
const set = (name: string, value: string): WebhookHeaderEdit => ({ name, value: { action: 'set', value } });

/** A merchant endpoint that keeps each request's raw headers and echoes the key it was sent. */
async function startEndpoint() {
  const received: { path: string; headers: HeaderList }[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const headers: HeaderList = [];
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        headers.push([req.rawHeaders[i] ?? '', req.rawHeaders[i + 1] ?? '']);
      received.push({ path: req.url ?? '', headers });
      const key = String(req.headers['x-api-key'] ?? '');
      res.writeHead(200, { 'content-type': 'application/json', 'x-echo': key });
      res.end(JSON.stringify({ received: true, key }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    received,
    valueOf: (index: number, name: string) => headerOf(received[index]?.headers, name),
  };
}

const headerOf = (headers: HeaderList | undefined, name: string) =>
  headers?.find(([header]) => header.toLowerCase() === name.toLowerCase())?.[1];

async function setup() {
  const emulator = await openEmulator();
  cleanups.push(() => emulator.dispose());
  const endpoint = await startEndpoint();
  return { emulator, endpoint };
}

async function paidOrder(emulator: EmulatorHarness, notificationUrl: string | null) {
  const { json } = await emulator.call('POST', '/checkout', validPayload(notificationUrl));
  const orderId = String(json['order_id']);
  await emulator.call('POST', `/_emulator/orders/${orderId}/pay`);
  return orderId;
}

const deliveries = (emulator: EmulatorHarness) =>
  emulator.core.eventsQuery.page({ kinds: ['delivery'] }, { limit: 100 }).items;

/** The refusal's message, or the empty string when it was not refused as bad input. */
function refusal(emulator: EmulatorHarness, webhookHeaders: unknown): string {
  try {
    emulator.core.emulator.updateSettings({ webhookHeaders } as never);
  } catch (error) {
    if (error instanceof ConsoleError && error.code === 'invalid_input') return error.message;
    throw error;
  }
  return '';
}

describe("the registered webhook's headers are checked where they come in", () => {
  it('each refusal names the field and why; none repeats the value', async () => {
    const { emulator } = await setup();
    const cases: [unknown, string][] = [
      [
        [set('X Api Key', KEY)],
        "webhookHeaders[0].name: A header name is letters, digits and ! # $ % & ' * + - . ^ _ ` | ~ only",
      ],
      [[set('X-Api:Key', KEY)], 'webhookHeaders[0].name: A header name is letters'],
      [[set('', KEY)], 'webhookHeaders[0].name: Enter the header name'],
      [[set('X'.repeat(65), KEY)], 'webhookHeaders[0].name: A header name has at most 64 characters'],
      [
        [set('X-Ok', 'a'), set('content-type', 'text/plain')],
        'webhookHeaders[1].name: content-type is set by the delivery itself: the service sends its JSON body with Content-Type: application/json',
      ],
      [
        [set('Authorization', KEY)],
        'webhookHeaders[0].name: Authorization is set by the delivery itself: the service sends the notification token there',
      ],
      [[set('Content-Length', '12')], 'webhookHeaders[0].name: Content-Length is set by the delivery itself'],
      [
        [set('HOST', 'evil.example')],
        'webhookHeaders[0].name: HOST is set by the delivery itself: the registered URL names the host',
      ],
      [
        [set('Transfer-Encoding', 'chunked')],
        'webhookHeaders[0].name: Transfer-Encoding is set by the delivery itself',
      ],
      [
        [set('X-Api-Key', `${KEY}\r\nX-Injected: 1`)],
        'webhookHeaders[0].value.value: A header value has no line breaks or NUL characters',
      ],
      [
        [set('X-Api-Key', `${KEY}\n`.repeat(2))],
        'webhookHeaders[0].value.value: A header value has no line breaks',
      ],
      [
        [set('X-Api-Key', `${KEY}\0`)],
        'webhookHeaders[0].value.value: A header value has no line breaks or NUL characters',
      ],
      [[set('X-Api-Key', `${KEY}€`)], 'webhookHeaders[0].value.value: A header value is printable ASCII'],
      [[set('X-Api-Key', '   ')], "webhookHeaders[0].value.value: Enter the header's value"],
      [
        [set('X-Api-Key', 'k'.repeat(1025))],
        'webhookHeaders[0].value.value: A header value has at most 1024 characters',
      ],
      [
        [set('X-Api-Key', KEY), set('x-api-key', OTHER_KEY)],
        'webhookHeaders[1].name: x-api-key is already header 1: header names are compared without letter case',
      ],
      [
        Array.from({ length: 21 }, (_, index) => set(`X-H${index}`, 'v')),
        'webhookHeaders: The registered webhook has at most 20 headers',
      ],
      [
        [{ name: 'X-Api-Key', value: { action: 'keep' } }],
        'webhookHeaders[0].value: X-Api-Key has no stored value to keep',
      ],
    ];
    for (const [headers, expected] of cases) {
      const message = refusal(emulator, headers);
      expect(message, JSON.stringify(headers).slice(0, 80)).toContain(expected);
      expect(message).not.toContain(KEY);
    }
    // The bridge's own parse names the same field (the window's path).
    const parsed = commands.updateEmulatorSettings.input.safeParse({
      webhookHeaders: [set('Authorization', KEY)],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ['webhookHeaders', 0, 'name'],
      message: expect.stringContaining('Authorization is set by the delivery itself'),
    });
    expect(emulator.core.emulator.settingsView().webhookHeaders).toEqual([]);
  });

  it('a refused list changes nothing, the URL saved with it included', async () => {
    const { emulator, endpoint } = await setup();
    emulator.core.emulator.updateSettings({ webhookHeaders: [set('X-Api-Key', KEY)] });
    expect(refusal(emulator, [set('X-Api-Key', OTHER_KEY), set('Host', 'x')])).toContain(
      'webhookHeaders[1].name: Host is set by the delivery itself',
    );
    expect(() =>
      emulator.core.emulator.updateSettings({
        webhookUrl: `${endpoint.base}/registered`,
        webhookHeaders: [{ name: 'X-Other', value: { action: 'keep' } }],
      }),
    ).toThrow(/webhookHeaders\[0\]\.value: X-Other has no stored value to keep/);
    expect(emulator.core.emulator.settings().webhookUrl).toBeNull();
    expect(emulator.core.emulator.settingsView().webhookHeaders).toEqual([
      {
        name: 'X-Api-Key',
        value: { isSet: true, masked: `••••${KEY.slice(-4)}`, stamp: expect.any(String) },
      },
    ]);
  });
});

describe('deliveries to the registered URL carry its headers', () => {
  it('the registered URL gets them; a checkout whose request named its own URL does not, even the same URL', async () => {
    const { emulator, endpoint } = await setup();
    const registered = `${endpoint.base}/registered`;
    emulator.core.emulator.updateSettings({
      webhookUrl: registered,
      webhookHeaders: [set('X-Api-Key', KEY), set('X-Merchant-Route', 'eu-1')],
    });
    await paidOrder(emulator, null);
    await until(() => endpoint.received.length === 1, 'the delivery to the registered URL');
    expect(endpoint.valueOf(0, 'X-Api-Key')).toBe(KEY);
    expect(endpoint.valueOf(0, 'X-Merchant-Route')).toBe('eu-1');
    // After the service's own, which stay as the spec says.
    const names = endpoint.received[0]?.headers.map(([name]) => name.toLowerCase()) ?? [];
    expect(names.indexOf('x-api-key')).toBeGreaterThan(names.indexOf('authorization'));
    expect(endpoint.valueOf(0, 'content-type')).toBe('application/json');
    expect(endpoint.valueOf(0, 'authorization')).toMatch(/^Bearer eyJ/);

    await paidOrder(emulator, registered);
    await until(() => endpoint.received.length === 2, "the delivery to the request's own URL");
    expect(endpoint.valueOf(1, 'X-Api-Key')).toBeUndefined();
    expect(endpoint.valueOf(1, 'X-Merchant-Route')).toBeUndefined();
  });

  it('a notification already queued goes with the headers in force when it goes out; without them once the URL moved', async () => {
    const { emulator, endpoint } = await setup();
    const registered = `${endpoint.base}/registered`;
    emulator.core.emulator.updateSettings({
      webhookUrl: registered,
      webhookHeaders: [set('X-Api-Key', KEY)],
      faults: { delayMs: 600_000, duplicate: false, outOfOrder: false, token: 'valid', drop: false },
    });
    await paidOrder(emulator, null);
    const outbox = emulator.core.store.emulatorOutbox;
    const queued = emulator.core.emulator.deliveries(10)[0];
    if (queued === undefined) throw new Error('Nothing was queued');
    /** Its delay cut short: due now (no wait in the test). */
    const dueNow = (id: number) =>
      emulator.core.store.writer.writeNow(() => {
        const row = outbox.get(id);
        if (row !== undefined) outbox.save({ ...row, nextAttemptAtMs: Date.now() });
      });
    emulator.core.emulator.updateSettings({ webhookHeaders: [set('X-Api-Key', OTHER_KEY)] });
    dueNow(queued.id);
    await until(() => endpoint.received.length === 1, 'the queued delivery');
    expect(endpoint.valueOf(0, 'X-Api-Key')).toBe(OTHER_KEY);

    // Queued for the registered URL, which then moved: the headers are the new URL's.
    await paidOrder(emulator, null);
    const second = emulator.core.emulator.deliveries(10)[0];
    if (second === undefined || second.id === queued.id) throw new Error('The second was not queued');
    emulator.core.emulator.updateSettings({ webhookUrl: `${endpoint.base}/moved` });
    dueNow(second.id);
    await until(() => endpoint.received.length === 2, 'the delivery queued before the move');
    expect(endpoint.received[1]?.path).toMatch(/^\/registered\?/);
    expect(endpoint.valueOf(1, 'X-Api-Key')).toBeUndefined();
  });
});

describe('a value this process cannot open', () => {
  it('fails the notification once, saying why, instead of sending it without the header', async () => {
    const { emulator, endpoint } = await setup();
    emulator.core.emulator.updateSettings({ webhookUrl: `${endpoint.base}/registered` });
    // As the desktop app leaves it (Electron's safeStorage), read where that protection is missing.
    emulator.core.store.writer.writeNow(() =>
      emulator.core.store.settings.set('emulator.webhookHeaders', [
        { name: 'X-Api-Key', sealed: '$safestorage:AAAA' },
      ]),
    );
    expect(emulator.core.emulator.settingsView().webhookHeaders).toEqual([
      { name: 'X-Api-Key', value: { isSet: true, masked: '••••', stamp: expect.any(String) } },
    ]);
    await paidOrder(emulator, null);
    await until(
      () => emulator.core.emulator.deliveries(1)[0]?.status === 'failed',
      'the failed notification',
    );
    expect(emulator.core.emulator.deliveries(1)[0]).toMatchObject({
      attempts: 0,
      nextAttemptAt: null,
      lastError: expect.stringContaining(
        "Not sent: The registered webhook's header X-Api-Key was encrypted with a protection not available here",
      ),
    });
    expect(endpoint.received).toHaveLength(0);
  });
});

describe('the values are secrets', () => {
  /** Every file under the data directory, as bytes (the database, its WAL, the key file…). */
  const everyFile = (dir: string): Buffer[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? everyFile(join(dir, entry.name)) : [readFileSync(join(dir, entry.name))],
    );

  it('sealed at rest, masked in the view, the record, what the endpoint echoed, exports and cURL', async () => {
    const { emulator, endpoint } = await setup();
    emulator.core.emulator.updateSettings({
      webhookUrl: `${endpoint.base}/registered`,
      webhookHeaders: [set('X-Api-Key', KEY)],
    });
    const masked = `••••${KEY.slice(-4)}`;
    expect(emulator.core.emulator.settingsView().webhookHeaders).toEqual([
      { name: 'X-Api-Key', value: { isSet: true, masked, stamp: expect.any(String) } },
    ]);
    expect(JSON.stringify(emulator.core.emulator.settingsView())).not.toContain(KEY.slice(0, -4));
    const orderId = await paidOrder(emulator, null);
    await until(() => deliveries(emulator)[0]?.status === 200, 'the completed delivery');
    const id = deliveries(emulator)[0]?.id ?? 0;

    const stored = emulator.core.store.events.getDetail(id);
    expect(headerOf(stored?.requestHeaders, 'X-Api-Key')).toBe(masked);
    expect(stored?.details['registeredHeaders']).toEqual(['X-Api-Key']);
    expect(headerOf(stored?.responseHeaders ?? [], 'x-echo')).toBe(masked);
    expect(JSON.stringify(stored)).not.toContain(KEY);

    expect(headerOf(emulator.core.recordSecrets.shown(id).requestHeaders, 'X-Api-Key')).toBe(masked);
    // Stored masked, it stays masked wherever the record goes (the last four tell two keys apart).
    for (const includeTokens of [false, true]) {
      const exported = emulator.core.history.exportText({
        format: 'json',
        filter: { orderId },
        includeTokens,
      }).text;
      expect(exported).not.toContain(KEY);
      expect(exported).toContain(`"X-Api-Key","${masked}"`);
    }
    for (const withToken of [false, true]) {
      const curl = emulator.core.curl.commandFor(id, withToken);
      expect(curl.command).not.toContain(KEY);
      // REDACTED, as the webhook's own registered header reads: never the key, nor a command
      // that sends the mask's bullets.
      expect(curl.command).toContain("--header 'X-Api-Key: REDACTED'");
      expect(curl.command).not.toContain('\\342\\200\\242');
      expect(curl.notes).toContain(
        'Its X-Api-Key value is a secret stored masked; write it back in yourself.',
      );
    }

    // Replaced, the old value is kept sealed among the former secrets, so an echo stays masked.
    emulator.core.emulator.updateSettings({ webhookHeaders: [set('X-Api-Key', OTHER_KEY)] });
    expect(emulator.core.profiles.formerSecrets()).toContain(KEY);
    emulator.core.store.writer.writeNow(() => undefined);
    for (const bytes of everyFile(emulator.dataDir)) {
      expect(bytes.includes(KEY)).toBe(false);
      expect(bytes.includes(OTHER_KEY)).toBe(false);
    }
  });

  it("registered at this console's own listener: its record keeps what arrived, shown masked, REDACTED in exports and cURL", async () => {
    const listening = await openListeningConsole();
    cleanups.push(() => listening.dispose());
    const { core } = listening;
    const emulatorUrl = (await core.emulator.start(0)).url ?? '';
    core.emulator.updateSettings({
      webhookUrl: `${listening.origin}/webhooks`,
      webhookHeaders: [set('X-Api-Key', KEY)],
    });
    const apiToken = core.profiles.secretsOf(core.profiles.active().id).apiToken ?? '';
    const call = async (path: string, body?: unknown) =>
      (await fetch(`${emulatorUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiToken}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }).then((response) => response.json())) as Record<string, unknown>;
    const orderId = String((await call('/checkout', validPayload(null)))['order_id']);
    await call(`/_emulator/orders/${orderId}/pay`);
    const webhooks = () => core.eventsQuery.page({ kinds: ['webhook'] }, { limit: 10 }).items;
    await until(() => webhooks().length === 1, "the listener's record of the delivery");
    const id = webhooks()[0]?.id ?? 0;
    expect(headerOf(core.store.events.getDetail(id)?.requestHeaders, 'X-Api-Key')).toBe(KEY);
    expect(headerOf(core.recordSecrets.shown(id).requestHeaders, 'X-Api-Key')).toBe(`••••${KEY.slice(-4)}`);
    const exported = core.history.exportText({
      format: 'json',
      filter: { kinds: ['webhook'] },
      includeTokens: true,
    });
    expect(exported.text).not.toContain(KEY);
    expect(exported.text).toContain('"X-Api-Key","REDACTED"');
    expect(core.curl.commandFor(id, false).command).toContain("--header 'X-Api-Key: REDACTED'");
  });
});
