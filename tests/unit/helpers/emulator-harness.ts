import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConsoleCore } from '../../../src/main/app';
import { localProfileOf } from '../../../src/main/emulator/local-profile-tokens';
import { openTempConsole } from './temp-console';

export interface ReceivedNotification {
  url: URL;
  authorization: string | null;
  body: Record<string, unknown>;
  atMs: number;
}

/** A merchant endpoint on 127.0.0.1 that keeps what it receives; it can fail the first calls on purpose. */
export async function startReceiver(failFirst = 0) {
  const received: ReceivedNotification[] = [];
  let failures = failFirst;
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        url: new URL(req.url ?? '/', 'http://127.0.0.1'),
        authorization: req.headers.authorization ?? null,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>,
        atMs: Date.now(),
      });
      if (failures > 0) {
        failures--;
        res.writeHead(503).end('busy');
      } else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface EmulatorHarness {
  core: ConsoleCore;
  dataDir: string;
  url: string;
  apiToken: string;
  notificationToken: string;
  call: (
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => Promise<{ status: number; json: Record<string, unknown> }>;
  /** POST /checkout with the Local API token: the status, X-Emulator-Warnings and the answer. */
  createCheckout: (
    payload: unknown,
  ) => Promise<{ status: number; warnings: string | null; json: Record<string, unknown> }>;
  dispose: () => Promise<void>;
}

/** A console whose emulator runs on a free port, with quick retries for tests. */
export async function openEmulator(dataDir?: string): Promise<EmulatorHarness> {
  const opened = await openTempConsole(dataDir === undefined ? {} : { dataDir });
  const { core } = opened;
  core.emulator.updateSettings({ backoffMs: [30], timeoutMs: 2000, outOfOrderMs: 300 });
  const status = await core.emulator.start(0);
  if (status.url === null) throw new Error(`The emulator did not start: ${status.error ?? ''}`);
  const local = localProfileOf(core.profiles);
  if (local === null) throw new Error('No Local profile');
  const secrets = core.profiles.secretsOf(local.id);
  const apiToken = secrets.apiToken ?? '';
  const url = status.url;
  return {
    core,
    dataDir: opened.dataDir,
    url,
    apiToken,
    notificationToken: secrets.notificationToken ?? '',
    async call(method, path, body, headers = {}) {
      // An empty header value means "leave it out" (to test a request without it).
      const sent = Object.entries({
        authorization: `Bearer ${apiToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      }).filter(([, value]) => value !== '');
      const response = await fetch(`${url}${path}`, {
        method,
        headers: Object.fromEntries(sent),
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      });
      const text = await response.text();
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(text) as Record<string, unknown>;
      } catch {
        json = { text };
      }
      return { status: response.status, json };
    },
    async createCheckout(payload) {
      const response = await fetch(`${url}/checkout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      const json = (await response.json()) as Record<string, unknown>;
      return { status: response.status, warnings: response.headers.get('x-emulator-warnings'), json };
    },
    dispose: dataDir === undefined ? opened.dispose : () => core.close(),
  };
}

/** The spec-valid general payload of the fixtures, its notification URL pointed at `notification`. */
export function validPayload(
  notification: string | null,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const payload = JSON.parse(
    readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'general-valid.json'), 'utf8'),
  ) as Record<string, unknown>;
  const merchantUrl = { ...(payload['merchant_url'] as Record<string, unknown>) };
  if (notification === null) delete merchantUrl['notification'];
  else merchantUrl['notification'] = notification;
  return { ...payload, merchant_url: merchantUrl, ...overrides };
}

/** Waits until `check` holds (polling; the deliveries are asynchronous). */
export async function until(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
