import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ConsoleError } from '../../src/main/console-error';
import { commands } from '../../src/shared/contract';
import type { HeaderList } from '../../src/shared/events';
import type { WebhookHeaderEdit } from '../../src/shared/registered-webhook-headers';
import { openEmulator, type EmulatorHarness } from './helpers/emulator-harness';

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
      { name: 'X-Api-Key', value: { isSet: true, masked: `••••${KEY.slice(-4)}` } },
    ]);
  });
});
