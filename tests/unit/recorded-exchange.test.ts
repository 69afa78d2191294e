import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import type { EventKind, TimelineDetail, TimelineSummary } from '../../src/shared/events';
import { replayRequestSchema } from '../../src/shared/replay';
import { forwardWebhook } from '../../src/main/listener/forward-webhook';
import { sendNotification } from '../../src/main/scenarios/send-notification';
import { openEmulator, until, validPayload, type EmulatorHarness } from './helpers/emulator-harness';
import { openListeningConsole } from './helpers/listening-console';
import { receivedWebhook } from './helpers/received-webhook';

// Issue 17, seam 1: one module (outbound/recorded-exchange.ts) records every kind that goes
// out. Before it, each kind worded its failures its own way ("Forward to … failed: …",
// "Could not deliver: …", "No answer within N ms.", "Could not send: …") and forwards,
// deliveries and scenario sends were written only once the answer was in.

const TIMEOUT_MS = 300;

type Sender = (url: string) => Promise<unknown>;

let emulator: EmulatorHarness;
let profileId: number;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  emulator = await openEmulator();
  emulator.core.emulator.updateSettings({ timeoutMs: TIMEOUT_MS, attempts: 1 });
  const sandbox = emulator.core.profiles.findByName('Sandbox');
  if (sandbox === undefined) throw new Error('seed');
  profileId = sandbox.id;
});
afterAll(async () => {
  await emulator.dispose();
});
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** An endpoint answering each request as `answer` says (or never, when it does nothing). */
async function endpoint(answer: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => answer(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  closers.push(close);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
}

/** A URL where nothing listens: a port that was free a moment ago. */
async function closedUrl(): Promise<string> {
  const url = await endpoint(() => undefined);
  await closers.pop()?.();
  return url;
}

const core = () => emulator.core;

/** A stored webhook to replay. */
function storedWebhook(): number {
  return core().recorder.record({
    kind: 'webhook',
    method: 'POST',
    url: 'http://127.0.0.1:1/hooks',
    path: '/hooks',
    requestHeaders: [['Content-Type', 'application/json']],
    requestBody: Buffer.from('{"event_type":"order_approved"}'),
    eventType: 'order_approved',
  }).id;
}

/** Every kind, sending one request to `url` the way the console does. */
const SENDERS: Record<'request' | 'forward' | 'delivery' | 'replay' | 'scenario', Sender> = {
  request: (url) => {
    // The client sends only to its profile's service, so the profile points at the endpoint.
    core().profiles.update(
      profileId,
      { baseUrl: `${new URL(url).origin}/` },
      { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } },
    );
    return core().merchantApi.sendOperation({
      profileId,
      operation: 'getOrder',
      orderId: 'order-1',
      method: 'GET',
      url,
      body: null,
      timeoutMs: TIMEOUT_MS,
    });
  },
  forward: (url) => forwardWebhook(core().recorder, receivedWebhook('recorded-test'), url, TIMEOUT_MS),
  delivery: async (url) => {
    const before = latest('delivery')?.id ?? 0;
    const created = await emulator.call('POST', '/checkout', validPayload(url));
    expect(created.status).toBe(200);
    const orderId = String(created.json['order_id']);
    expect((await emulator.call('POST', `/_emulator/orders/${orderId}/pay`)).status).toBe(200);
    const done = () => {
      const record = latest('delivery');
      return record !== undefined && record.id > before && (record.status !== null || record.error !== null);
    };
    await until(done, 'the delivery to complete');
  },
  replay: (url) =>
    core().replay.run(
      replayRequestSchema.parse({
        ids: [storedWebhook()],
        target: { kind: 'url', url },
        timeoutMs: TIMEOUT_MS,
      }),
    ),
  scenario: (url) =>
    sendNotification(
      { jwt: core().jwt, recorder: core().recorder },
      {
        url,
        body: Buffer.from('{}'),
        mode: 'valid',
        signer: { source: 'secret', secret: 'a-test-notification-secret' },
        timeoutMs: TIMEOUT_MS,
        record: {
          origin: 'scenario',
          profileId: null,
          profileName: null,
          orderId: null,
          orderReferenceId: null,
          eventType: null,
          details: {},
        },
      },
    ),
};
const KIND_OF: Record<keyof typeof SENDERS, EventKind> = {
  request: 'request',
  forward: 'forward',
  delivery: 'delivery',
  replay: 'replay',
  scenario: 'replay',
};
const KINDS = Object.keys(SENDERS) as (keyof typeof SENDERS)[];

/** The newest record of a kind, in full. */
function latest(kind: EventKind): TimelineDetail | undefined {
  const [newest] = core().eventsQuery.page({ kinds: [kind] }, { limit: 1 }).items;
  return newest === undefined ? undefined : core().events.getDetail(newest.id);
}

/** A record's uid as docs/history.md says every one is: a UUID version 7. */
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function failureThroughEveryKind(url: string) {
  const seen: { error: string | null; failure: unknown }[] = [];
  for (const name of KINDS) {
    await SENDERS[name](url);
    const record = latest(KIND_OF[name]);
    expect(record?.status, name).toBeNull();
    // A replay's and a scenario's send were version 4: their uid is also the replay marker.
    expect(record?.uid, name).toMatch(UUID_V7);
    seen.push({ error: record?.error ?? null, failure: record?.details['failure'] });
  }
  return seen;
}

describe('one recorded exchange for every kind', () => {
  it('words a refused connection the same way, whatever the kind', async () => {
    const url = await closedUrl();
    const seen = await failureThroughEveryKind(url);
    const host = new URL(url).host;
    for (const { error, failure } of seen) {
      expect(error).toBe(`Connection refused by ${host}: nothing is listening there. (ECONNREFUSED)`);
      expect(failure).toEqual({ kind: 'refused', message: expect.any(String), code: 'ECONNREFUSED' });
    }
    expect(new Set(seen.map((one) => JSON.stringify(one))).size).toBe(1);
  });

  it('words a timeout the same way, whatever the kind', async () => {
    const url = await endpoint(() => undefined);
    const seen = await failureThroughEveryKind(url);
    // Each was written whole to an endpoint that never answers: it may have been carried out.
    const message =
      'The whole request was sent, and no answer came within 0.3 s (timeout): it may have been carried out, so look on the timeline for what followed.';
    for (const { error, failure } of seen) {
      expect(error).toBe(message);
      expect(failure).toEqual({ kind: 'timeout_after_sending', message, code: null });
    }
  });

  it('pushes a forward and a delivery once, complete (`listen` and `emulator` print a line per push)', async () => {
    const url = await endpoint((_req, res) => res.writeHead(200).end('{}'));
    const pushes: { name: string; kind: string; status: number | null }[] = [];
    const unsubscribe = core().bus.subscribe((event) => {
      if (event.name !== 'timeline.appended' && event.name !== 'timeline.updated') return;
      const { kind, status } = event.payload;
      if (kind === 'forward' || kind === 'delivery') pushes.push({ name: event.name, kind, status });
    });
    try {
      await SENDERS.forward(url);
      await SENDERS.delivery(url);
      await until(() => pushes.length >= 2, 'the pushes');
    } finally {
      unsubscribe();
    }
    expect(pushes).toEqual([
      { name: 'timeline.appended', kind: 'forward', status: 200 },
      { name: 'timeline.appended', kind: 'delivery', status: 200 },
    ]);
  });

  it.each(KINDS)('%s: the record is stored, pending, before the answer arrives', async (name) => {
    const held: ServerResponse[] = [];
    const url = await endpoint((_req, res) => held.push(res));
    const before = latest(KIND_OF[name])?.id ?? 0;
    const sending = SENDERS[name](url);
    await until(() => held.length > 0, 'the request to arrive');
    // The endpoint holds its answer: the record is already on disk, in flight.
    const pending = latest(KIND_OF[name]);
    expect(pending?.id).toBeGreaterThan(before);
    expect(pending).toMatchObject({ status: null, error: null, responseHeaders: null });
    held[0]?.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
    await sending;
    // The same record, completed.
    expect(core().events.getDetail(pending?.id ?? 0)).toMatchObject({ status: 200, error: null });
  });
});

describe("a delivery to this console's listener", () => {
  it('is completed linked to the listener record of it, and pushed once so', async () => {
    const open = await openListeningConsole();
    closers.push(open.dispose);
    const local = open.core.profiles.active();
    const apiToken = open.core.profiles.secretsOf(local.id).apiToken ?? '';
    const status = await open.core.emulator.start(0);
    if (status.url === null) throw new Error(status.error ?? 'The emulator did not start.');
    const pushed: TimelineSummary[] = [];
    open.core.bus.subscribe((event) => {
      if (event.name === 'timeline.appended' && event.payload.kind === 'delivery') pushed.push(event.payload);
    });
    const call = async (path: string, body?: unknown) => {
      const response = await fetch(`${status.url ?? ''}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiToken}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return (await response.json()) as Record<string, unknown>;
    };
    const created = await call('/checkout', validPayload(`${open.origin}/hooks`));
    await call(`/_emulator/orders/${String(created['order_id'])}/pay`);
    await until(() => pushed.length > 0, 'the delivery');
    const [delivery] = pushed;
    const arrival = open.core.events.getSummary(delivery?.relatedId ?? 0);
    // The link is learned with the answer (the listener names its record) and written with it.
    expect(arrival).toMatchObject({ kind: 'webhook', orderId: created['order_id'] });
    expect(open.core.events.getSummary(delivery?.id ?? 0)?.relatedId).toBe(arrival?.id);
    expect(pushed).toHaveLength(1);
  });
});
