import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  goesToRegisteredWebhook,
  notificationTarget,
  whyNotQueued,
} from '../../src/main/emulator/notification-url';
import { ORDER_EVENT_TYPES } from '../../src/shared/orders/order-states';
import type { HeaderList } from '../../src/shared/events';
import { openEmulator, until, validPayload, type EmulatorHarness } from './helpers/emulator-harness';

/**
 * With "Events beyond the spec to the request's notification URL" off, an event the spec does
 * not name is withheld from the checkout request's own URL. The spec delivers "to the URL given
 * in the checkout request or to the URL registered for the event": withheld from the first, it
 * goes to the second when one is registered for it (with the registered headers), as it would
 * for an order that named no URL; only with nothing registered is it recorded as not sent.
 */

const OWN = 'http://127.0.0.1:4455/own';
const HOOK = 'http://127.0.0.1:4455/registered';
const withheld = {
  extensionEventsToRequestUrl: false,
  webhookUrl: HOOK,
  webhookEvents: [...ORDER_EVENT_TYPES],
};
const ownUrl = { notificationUrl: OWN };

describe('notificationTarget: an event withheld from the request URL', () => {
  it('goes to the webhook registered for it', () => {
    expect(notificationTarget(ownUrl, 'order_canceled', withheld)).toBe(HOOK);
  });

  it('goes nowhere when the webhook is not registered for it, or none is', () => {
    const otherEvents = { ...withheld, webhookEvents: ['order_approved' as const] };
    expect(notificationTarget(ownUrl, 'order_canceled', otherEvents)).toBeNull();
    expect(notificationTarget(ownUrl, 'order_canceled', { ...withheld, webhookUrl: null })).toBeNull();
  });

  it("leaves the spec's three, and every event with the setting on, at the request's own URL", () => {
    expect(notificationTarget(ownUrl, 'order_approved', withheld)).toBe(OWN);
    const on = { ...withheld, extensionEventsToRequestUrl: true };
    expect(notificationTarget(ownUrl, 'order_canceled', on)).toBe(OWN);
  });
});

describe('whyNotQueued: the "Not sent" words stay true', () => {
  it('says nothing when the registered webhook takes it', () => {
    expect(whyNotQueued(ownUrl, 'order_canceled', withheld)).toBeNull();
  });

  it('withheld and nothing registered: says both', () => {
    const expected =
      `Not sent: order_canceled is not one of the spec's three event types, and "Events beyond the spec to the request's notification URL" is off (Emulator → Settings), so it does not go to ${OWN}; ` +
      'and no webhook is registered for order_canceled (Emulator → Settings → Registered webhook).';
    expect(whyNotQueued(ownUrl, 'order_canceled', { ...withheld, webhookUrl: null })).toBe(expected);
    const otherEvents = { ...withheld, webhookEvents: ['order_approved' as const] };
    expect(whyNotQueued(ownUrl, 'order_canceled', otherEvents)).toBe(expected);
  });
});

describe('goesToRegisteredWebhook agrees with the target', () => {
  it('a withheld event queued for the registered URL takes its headers', () => {
    expect(goesToRegisteredWebhook(ownUrl, { url: HOOK, eventType: 'order_canceled' }, withheld)).toBe(true);
  });

  it('the same URL named by the request itself: headers only for what was withheld from it', () => {
    const same = { notificationUrl: HOOK };
    expect(goesToRegisteredWebhook(same, { url: HOOK, eventType: 'order_canceled' }, withheld)).toBe(true);
    expect(goesToRegisteredWebhook(same, { url: HOOK, eventType: 'order_approved' }, withheld)).toBe(false);
    const on = { ...withheld, extensionEventsToRequestUrl: true };
    expect(goesToRegisteredWebhook(same, { url: HOOK, eventType: 'order_canceled' }, on)).toBe(false);
  });

  it('as before: an order with no URL of its own, while the registration stays where it was queued', () => {
    const none = { notificationUrl: null };
    expect(goesToRegisteredWebhook(none, { url: HOOK, eventType: 'order_approved' }, withheld)).toBe(true);
    const moved = { ...withheld, webhookUrl: 'http://127.0.0.1:4455/moved' };
    expect(goesToRegisteredWebhook(none, { url: HOOK, eventType: 'order_approved' }, moved)).toBe(false);
    expect(goesToRegisteredWebhook(undefined, { url: HOOK, eventType: 'order_approved' }, withheld)).toBe(
      false,
    );
  });
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A merchant endpoint on 127.0.0.1 keeping each request's path, raw headers and event type. */
async function startEndpoint() {
  const received: { path: string; headers: HeaderList; eventType: unknown }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers: HeaderList = [];
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        headers.push([req.rawHeaders[i] ?? '', req.rawHeaders[i + 1] ?? '']);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      received.push({
        path: new URL(req.url ?? '/', 'http://x').pathname,
        headers,
        eventType: body['event_type'],
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
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
  return { base: `http://127.0.0.1:${port}`, received };
}

const keyOf = (headers: HeaderList | undefined) =>
  headers?.find(([name]) => name.toLowerCase() === 'x-api-key')?.[1];

const deliveries = (emulator: EmulatorHarness) =>
  emulator.core.eventsQuery.page({ kinds: ['delivery'] }, { limit: 100 }).items;

async function orderAt(emulator: EmulatorHarness, notificationUrl: string): Promise<string> {
  const { status, json } = await emulator.call('POST', '/checkout', validPayload(notificationUrl));
  expect(status).toBe(200);
  return String(json['order_id']);
}

describe('through the HTTP API, with the setting off and a webhook registered', () => {
  it("a declined order's order_declined goes to the registered webhook with its headers; order_approved to the request's URL without", async () => {
    const emulator = await openEmulator();
    cleanups.push(() => emulator.dispose());
    const endpoint = await startEndpoint();
    emulator.core.emulator.updateSettings({
      extensionEventsToRequestUrl: false,
      webhookUrl: `${endpoint.base}/registered`,
      webhookHeaders: [{ name: 'X-Api-Key', value: { action: 'set', value: 'mk_test_registered' } }],
    });
    const own = `${endpoint.base}/own`;
    const paid = await orderAt(emulator, own);
    expect((await emulator.call('POST', `/_emulator/orders/${paid}/pay`)).status).toBe(200);
    const declined = await orderAt(emulator, own);
    expect((await emulator.call('POST', `/_emulator/orders/${declined}/decline`)).status).toBe(200);
    await until(() => endpoint.received.length === 2, 'both notifications');

    const approved = endpoint.received.find((request) => request.eventType === 'order_approved');
    expect(approved?.path).toBe('/own');
    expect(keyOf(approved?.headers)).toBeUndefined();
    const declinedSent = endpoint.received.find((request) => request.eventType === 'order_declined');
    expect(declinedSent?.path).toBe('/registered');
    expect(keyOf(declinedSent?.headers)).toBe('mk_test_registered');
    expect(deliveries(emulator).filter((record) => record.error?.startsWith('Not sent') === true)).toEqual(
      [],
    );
  });

  it('registered for other events only: recorded as not sent, saying both', async () => {
    const emulator = await openEmulator();
    cleanups.push(() => emulator.dispose());
    const endpoint = await startEndpoint();
    emulator.core.emulator.updateSettings({
      extensionEventsToRequestUrl: false,
      webhookUrl: `${endpoint.base}/registered`,
      webhookEvents: ['order_approved'],
    });
    const own = `${endpoint.base}/own`;
    const declined = await orderAt(emulator, own);
    expect((await emulator.call('POST', `/_emulator/orders/${declined}/decline`)).status).toBe(200);
    await until(
      () => deliveries(emulator).some((record) => record.eventType === 'order_declined'),
      'the record of order_declined',
    );
    expect(deliveries(emulator).find((record) => record.eventType === 'order_declined')?.error).toBe(
      `Not sent: order_declined is not one of the spec's three event types, and "Events beyond the spec to the request's notification URL" is off (Emulator → Settings), so it does not go to ${own}; ` +
        'and no webhook is registered for order_declined (Emulator → Settings → Registered webhook).',
    );
    expect(endpoint.received).toEqual([]);
  });
});
