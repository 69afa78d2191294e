import { decodeJwt, jwtVerify } from 'jose';
import { join } from 'node:path';
import { openDatabase } from '../../src/main/store/connection';
import { afterEach, describe, expect, it } from 'vitest';
import { localProfileOf } from '../../src/main/emulator/local-profile-tokens';
import { NO_FAULTS } from '../../src/shared/emulator';
import { openListeningConsole } from './helpers/listening-console';
import {
  openEmulator,
  startReceiver,
  until,
  validPayload,
  type EmulatorHarness,
} from './helpers/emulator-harness';
import { withConsoleFile } from './helpers/console-file';
import { openTempConsole } from './helpers/temp-console';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(failFirst = 0) {
  const emulator = await openEmulator();
  const receiver = await startReceiver(failFirst);
  cleanups.push(
    () => emulator.dispose(),
    () => receiver.close(),
  );
  return { emulator, receiver };
}

async function newOrder(
  emulator: EmulatorHarness,
  notification: string,
  headers: Record<string, string> = {},
) {
  const { json } = await emulator.call('POST', '/checkout', validPayload(notification), headers);
  return String(json['order_id']);
}

const deliveries = (emulator: EmulatorHarness) =>
  emulator.core.eventsQuery.page({ kinds: ['delivery'] }, { limit: 100 }).items;

describe('notifications', () => {
  it('pay sends order_approved with the same HS256 token in the query and the header', async () => {
    const { emulator, receiver } = await setup();
    const orderId = await newOrder(emulator, receiver.url);
    const paid = await emulator.call('POST', `/_emulator/orders/${orderId}/pay`);
    expect(paid.json).toMatchObject({ status: 'approved', redirect_url: expect.stringContaining('success') });
    await until(() => receiver.received.length === 1, 'the notification');
    const [received] = receiver.received;
    const token = received?.url.searchParams.get('serviceToken') ?? '';
    expect(received?.authorization).toBe(`Bearer ${token}`);
    const { payload, protectedHeader } = await jwtVerify(
      token,
      new TextEncoder().encode(emulator.notificationToken),
      {
        algorithms: ['HS256'],
      },
    );
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload.iss).toBe('checkout-emulator');
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(900);
    expect(received?.body).toEqual({
      order_id: orderId,
      order_reference_id: 'ORD-20261120-093000-2DAPZB93',
      order_number: '428154',
      event_type: 'order_approved',
      data: [],
    });
    await until(
      () => deliveries(emulator)[0]?.status !== undefined && deliveries(emulator)[0]?.status !== null,
      'the completed delivery record',
    );
    expect(deliveries(emulator)[0]).toMatchObject({
      kind: 'delivery',
      status: 200,
      orderId,
      eventType: 'order_approved',
    });
  });

  it('authorise, capture and refund send their events; capture carries capture_id and captured_amount', async () => {
    const { emulator, receiver } = await setup();
    const orderId = await newOrder(emulator, receiver.url);
    await emulator.call('POST', `/_emulator/orders/${orderId}/pay`);
    await emulator.call('POST', `/orders/${orderId}/authorise`);
    await emulator.call('POST', '/payments/capture', {
      order_id: orderId,
      total_amount: { amount: '72.98', currency: 'SAR' },
    });
    await until(() => receiver.received.length === 3, 'three notifications');
    const events = receiver.received.map((notification) => notification.body['event_type']);
    expect(events.sort()).toEqual(['order_approved', 'order_authorised', 'order_captured']);
    const captured = receiver.received.find(
      (notification) => notification.body['event_type'] === 'order_captured',
    );
    expect(captured?.body['data']).toEqual({
      capture_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      captured_amount: { amount: '72.98', currency: 'SAR' },
    });
    const authorised = receiver.received.find(
      (notification) => notification.body['event_type'] === 'order_authorised',
    );
    expect(authorised?.body['data']).toEqual([]);
  });

  it('signs with the token issuer set in its settings; an empty one is refused in its own words', async () => {
    const { emulator, receiver } = await setup();
    const saved = emulator.core.emulator.updateSettings({ issuer: '  merchant-sandbox-issuer ' });
    expect(saved.issuer).toBe('merchant-sandbox-issuer');
    expect(() => emulator.core.emulator.updateSettings({ issuer: '   ' })).toThrow(
      'The token issuer must not be empty',
    );
    const orderId = await newOrder(emulator, receiver.url);
    await emulator.call('POST', `/_emulator/orders/${orderId}/pay`);
    await until(() => receiver.received.length === 1, 'the notification');
    const token = receiver.received[0]?.url.searchParams.get('serviceToken') ?? '';
    expect(decodeJwt(token).iss).toBe('merchant-sandbox-issuer');
  });

  it("signs with the Local profile's Signed token lifetime, as every token the console signs", async () => {
    const { emulator, receiver } = await setup();
    const local = localProfileOf(emulator.core.profiles);
    if (local === null) throw new Error('No Local profile');
    emulator.core.profiles.update(
      local.id,
      { signedTokenMinutes: 2 },
      { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } },
    );
    const orderId = await newOrder(emulator, receiver.url);
    await emulator.call('POST', `/_emulator/orders/${orderId}/pay`);
    await until(() => receiver.received.length === 1, 'the notification');
    const token = receiver.received[0]?.url.searchParams.get('serviceToken') ?? '';
    const claims = decodeJwt(token);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(120);
  });

  it('sends the legacy approved form when the order asked for it', async () => {
    const { emulator, receiver } = await setup();
    const orderId = await newOrder(emulator, receiver.url, { 'x-emulator-notification-form': 'legacy' });
    await emulator.call('POST', `/_emulator/orders/${orderId}/pay`);
    await until(() => receiver.received.length === 1, 'the notification');
    expect(receiver.received[0]?.body).toEqual({
      order_id: orderId,
      order_reference_id: 'ORD-20261120-093000-2DAPZB93',
      order_status: 'approved',
      data: [],
    });
  });

  it('retries a failing endpoint with backoff and records every attempt', async () => {
    const { emulator, receiver } = await setup(2);
    const orderId = await newOrder(emulator, receiver.url);
    await emulator.call('POST', `/_emulator/orders/${orderId}/decline`);
    await until(() => receiver.received.length === 3, 'three attempts');
    // A delivery's record is stored pending before it leaves (outbound/recorded-exchange.ts):
    // wait for all three to be completed.
    await until(
      () => deliveries(emulator).filter((delivery) => delivery.status !== null).length === 3,
      'three completed delivery records',
    );
    const statuses = deliveries(emulator).map((delivery) => delivery.status);
    expect(statuses).toEqual([200, 503, 503]);
    const [outbox] = emulator.core.emulator.deliveries(10);
    expect(outbox).toMatchObject({
      status: 'delivered',
      attempts: 3,
      maxAttempts: 3,
      eventType: 'order_declined',
    });
  });

  it('gives up after the last attempt', async () => {
    const { emulator, receiver } = await setup(10);
    const orderId = await newOrder(emulator, receiver.url);
    await emulator.call('POST', `/_emulator/orders/${orderId}/pay`);
    await until(() => emulator.core.emulator.deliveries(1)[0]?.status === 'failed', 'the delivery to fail');
    expect(receiver.received).toHaveLength(3);
    // Worded as a replay's and a forward's answer not taken (outbound/answer-taken.ts).
    expect(emulator.core.emulator.deliveries(1)[0]).toMatchObject({
      lastStatus: 503,
      nextAttemptAt: null,
      lastError: 'The target answered 503.',
    });
  });
});

describe('faults', () => {
  async function withFaults(faults: Record<string, unknown>) {
    const context = await setup();
    const orderId = await newOrder(context.emulator, context.receiver.url);
    context.emulator.core.emulator.setOrderOptions(orderId, {
      faults: { delayMs: 0, duplicate: false, outOfOrder: false, token: 'valid', drop: false, ...faults },
    });
    return { ...context, orderId };
  }

  it('wrong signature: a token the notification token does not verify', async () => {
    const { emulator, receiver, orderId } = await withFaults({ token: 'wrong_signature' });
    await emulator.call('POST', `/_emulator/orders/${orderId}/pay`);
    await until(() => receiver.received.length === 1, 'the notification');
    const token = receiver.received[0]?.url.searchParams.get('serviceToken') ?? '';
    await expect(jwtVerify(token, new TextEncoder().encode(emulator.notificationToken))).rejects.toThrow(
      /signature/,
    );
  });

  it('expired token: exp already passed', async () => {
    const { emulator, receiver, orderId } = await withFaults({ token: 'expired' });
    await emulator.call('POST', `/_emulator/orders/${orderId}/pay`);
    await until(() => receiver.received.length === 1, 'the notification');
    const claims = decodeJwt(receiver.received[0]?.url.searchParams.get('serviceToken') ?? '');
    expect((claims.exp ?? 0) * 1000).toBeLessThan(Date.now());
  });

  it('expired token with a one-minute lifetime: still expired well past the clock tolerance', async () => {
    const { emulator, receiver, orderId } = await withFaults({ token: 'expired' });
    const local = localProfileOf(emulator.core.profiles);
    if (local === null) throw new Error('No Local profile');
    emulator.core.profiles.update(
      local.id,
      { signedTokenMinutes: 1 },
      { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } },
    );
    await emulator.call('POST', `/_emulator/orders/${orderId}/pay`);
    await until(() => receiver.received.length === 1, 'the notification');
    const claims = decodeJwt(receiver.received[0]?.url.searchParams.get('serviceToken') ?? '');
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(60);
    expect(Date.now() / 1000 - (claims.exp ?? 0)).toBeGreaterThanOrEqual(14 * 60);
  });

  it('no token: neither in the query nor in the header', async () => {
    const { emulator, receiver, orderId } = await withFaults({ token: 'none' });
    await emulator.call('POST', `/_emulator/orders/${orderId}/pay`);
    await until(() => receiver.received.length === 1, 'the notification');
    expect(receiver.received[0]?.url.searchParams.has('serviceToken')).toBe(false);
    expect(receiver.received[0]?.authorization).toBeNull();
  });

  it('duplicate: the same notification twice', async () => {
    const { emulator, receiver, orderId } = await withFaults({ duplicate: true });
    await emulator.call('POST', `/_emulator/orders/${orderId}/pay`);
    await until(() => receiver.received.length === 2, 'two notifications');
    expect(receiver.received[0]?.body).toEqual(receiver.received[1]?.body);
  });

  it('drop: never sent, recorded as dropped', async () => {
    const { emulator, receiver, orderId } = await withFaults({ drop: true });
    await emulator.call('POST', `/_emulator/orders/${orderId}/pay`);
    await until(() => deliveries(emulator).length === 1, 'the dropped record');
    expect(deliveries(emulator)[0]).toMatchObject({
      status: null,
      error: expect.stringContaining('Dropped'),
    });
    expect(emulator.core.emulator.deliveries(1)[0]?.status).toBe('dropped');
    expect(receiver.received).toHaveLength(0);
  });

  it('delay: the first attempt waits', async () => {
    const { emulator, receiver, orderId } = await withFaults({ delayMs: 400 });
    const paidAt = Date.now();
    await emulator.call('POST', `/_emulator/orders/${orderId}/pay`);
    await until(() => receiver.received.length === 1, 'the delayed notification');
    expect((receiver.received[0]?.atMs ?? 0) - paidAt).toBeGreaterThanOrEqual(380);
  });

  it('out of order: the next notification of the order arrives first', async () => {
    const { emulator, receiver, orderId } = await withFaults({ outOfOrder: true });
    await emulator.call('POST', `/_emulator/orders/${orderId}/pay`);
    emulator.core.emulator.setOrderOptions(orderId, { faults: null });
    await emulator.call('POST', `/orders/${orderId}/authorise`);
    await until(() => receiver.received.length === 2, 'both notifications');
    expect(receiver.received.map((notification) => notification.body['event_type'])).toEqual([
      'order_authorised',
      'order_approved',
    ]);
  });

  it('out of order on every notification: each pair goes swapped, the next one never held', async () => {
    const { emulator, receiver, orderId } = await withFaults({ outOfOrder: true });
    // Longer than the test: only the next notification lets a held one go.
    emulator.core.emulator.updateSettings({ outOfOrderMs: 600_000 });
    const events = () => receiver.received.map((notification) => notification.body['event_type']);
    await emulator.call('POST', `/_emulator/orders/${orderId}/pay`);
    const [held] = emulator.core.emulator.deliveries(1);
    expect(held).toMatchObject({ eventType: 'order_approved', status: 'pending', heldForNext: true });
    await emulator.call('POST', `/orders/${orderId}/authorise`);
    await until(() => receiver.received.length === 2, 'the first pair');
    expect(events()).toEqual(['order_authorised', 'order_approved']);
    await emulator.call('POST', '/payments/capture', {
      order_id: orderId,
      total_amount: { amount: '50.00', currency: 'SAR' },
    });
    await emulator.call('POST', `/payments/simplified-refund/${orderId}`, {
      total_amount: { amount: '20.00', currency: 'SAR' },
      comment: '',
    });
    await until(() => receiver.received.length === 4, 'the second pair');
    expect(events()).toEqual(['order_authorised', 'order_approved', 'order_refunded', 'order_captured']);
  });

  it('out of order with no next notification: it goes when the hold ends', async () => {
    const { emulator, receiver, orderId } = await withFaults({ outOfOrder: true });
    const paidAt = Date.now();
    await emulator.call('POST', `/_emulator/orders/${orderId}/pay`);
    await until(() => receiver.received.length === 1, 'the held notification');
    // The harness holds for 300 ms.
    expect((receiver.received[0]?.atMs ?? 0) - paidAt).toBeGreaterThanOrEqual(280);
  });
});

describe('expiry and restarts', () => {
  it('an unpaid order past its time expires and sends order_expired', async () => {
    const { emulator, receiver } = await setup();
    const payload = validPayload(receiver.url);
    delete payload['expires_in_minutes'];
    const orderId = String((await emulator.call('POST', '/checkout', payload)).json['order_id']);
    const order = emulator.core.store.emulatorOrders.get(orderId);
    if (order === undefined) throw new Error('no order');
    // The spec's default expiry when the request gives none.
    expect(order.expiresAtMs - order.createdAtMs).toBe(30 * 60_000);
    withConsoleFile(emulator.core.dataDir, (db) =>
      db
        .prepare('UPDATE emulator_orders SET expires_at_ms = ? WHERE order_id = ?')
        .run(Date.now() - 1, orderId),
    );
    expect(emulator.core.emulator.engine.expireOverdue()).toBe(1);
    expect((await emulator.call('GET', `/orders/${orderId}`)).json['status']).toBe('expired');
    await until(() => receiver.received.length === 1, 'order_expired');
    expect(receiver.received[0]?.body['event_type']).toBe('order_expired');
  });

  it('an order past its time is not paid when its timer is late (a laptop that slept): 409, then it expires', async () => {
    const { emulator, receiver } = await setup();
    const orderId = await newOrder(emulator, receiver.url);
    // The timer was set for 30 minutes of awake time; the clock says the order is overdue now.
    withConsoleFile(emulator.core.dataDir, (db) =>
      db
        .prepare('UPDATE emulator_orders SET expires_at_ms = ? WHERE order_id = ?')
        .run(Date.now() - 1, orderId),
    );
    const paid = await emulator.call('POST', `/_emulator/orders/${orderId}/pay`);
    expect(paid.status).toBe(409);
    expect(paid.json['errors']).toEqual([expect.objectContaining({ error_code: 'order_expired' })]);
    expect(String(paid.json['message'])).toContain('expired at');
    await until(() => receiver.received.length === 1, 'order_expired');
    expect(receiver.received.map((request) => request.body['event_type'])).toEqual(['order_expired']);
    expect((await emulator.call('GET', `/merchants/orders/${orderId}`)).json['status']).toBe('expired');
  });

  it('expires from its timer without waiting on the event loop while another process holds the lock', async () => {
    const first = await openEmulator();
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    const orderId = await newOrder(first, receiver.url);
    await first.core.close();
    withConsoleFile(first.dataDir, (db) =>
      db
        .prepare('UPDATE emulator_orders SET expires_at_ms = ? WHERE order_id = ?')
        .run(Date.now() - 1, orderId),
    );
    const { core, dispose } = await openTempConsole({ dataDir: first.dataDir });
    cleanups.push(dispose);
    // Another process (an import, a retention) holds the write lock as the emulator starts.
    const other = openDatabase(join(first.dataDir, 'console.sqlite'));
    cleanups.push(async () => {
      other.close();
    });
    other.prepare('BEGIN IMMEDIATE').run();
    const status = await core.emulator.start(0);
    expect(status.error).toBeNull();
    // The overdue order waits for the lock; the event loop keeps running meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(core.store.emulatorOrders.get(orderId)?.state).toBe('new');
    other.prepare('COMMIT').run();
    await until(() => core.store.emulatorOrders.get(orderId)?.state === 'expired', 'the expiry');
    await until(() => receiver.received.length === 1, 'order_expired');
    expect(receiver.received[0]?.body['event_type']).toBe('order_expired');
  });

  it('orders and undelivered notifications survive a restart, and delivery resumes', async () => {
    const first = await openEmulator();
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    const orderId = await newOrder(first, receiver.url);
    first.core.emulator.setOrderOptions(orderId, {
      faults: { delayMs: 60_000, duplicate: false, outOfOrder: false, token: 'valid', drop: false },
    });
    await first.call('POST', `/_emulator/orders/${orderId}/pay`);
    expect(first.core.emulator.deliveries(1)[0]?.status).toBe('pending');
    await first.core.close();
    // Make the held notification due, as if the minute had passed while the app was closed.
    const again = await openEmulator(first.dataDir);
    cleanups.push(() => again.dispose());
    withConsoleFile(again.core.dataDir, (db) =>
      db.prepare("UPDATE emulator_outbox SET next_attempt_at_ms = 0 WHERE status = 'pending'").run(),
    );
    await again.core.emulator.start(0);
    expect(again.core.emulator.orders(5).find((order) => order.orderId === orderId)?.state).toBe('approved');
    await until(() => receiver.received.length === 1, 'the resumed delivery');
    expect(receiver.received[0]?.body['event_type']).toBe('order_approved');
  });
});

describe('through the console', () => {
  it('a checkout sent on the Local profile reaches the emulator; Pay brings a valid webhook to the listener', async () => {
    const console_ = await openListeningConsole();
    cleanups.push(() => console_.dispose());
    const { core } = console_;
    const local = localProfileOf(core.profiles);
    if (local === null) throw new Error('no Local profile');
    const status = await core.emulator.start(0);
    core.profiles.update(
      local.id,
      { baseUrl: status.url ?? '' },
      { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } },
    );

    const result = await core.merchantApi.sendCheckout({
      profileId: local.id,
      body: { kind: 'json', payload: validPayload(null) },
      injectNotificationUrl: true,
      form: 'general',
    });
    expect(result.status).toBe(200);
    const orderId = result.checkout?.order_id ?? '';
    core.emulator.customerAction(orderId, 'pay');
    await until(
      () => core.eventsQuery.page({ kinds: ['webhook'], orderId }, { limit: 5 }).items.length === 1,
      'the webhook in the listener',
    );
    const [webhook] = core.eventsQuery.page({ kinds: ['webhook'], orderId }, { limit: 5 }).items;
    expect(webhook).toMatchObject({
      tokenVerdict: 'valid',
      bodyVerdict: 'event',
      eventType: 'order_approved',
    });
  });
});

describe('a second console on the same data directory', () => {
  it("finds the emulator's port taken by another console on the data directory, names it, and says it answers instead", async () => {
    const first = await openEmulator();
    cleanups.push(() => first.dispose());
    const port = Number(new URL(first.url).port);
    const second = await openTempConsole({ dataDir: first.dataDir });
    cleanups.push(() => second.dispose());
    const status = await second.core.emulator.start(port);
    expect(status.running).toBe(false);
    // Held by the first console, whose address record says so: it is named, not "something else".
    expect(status.error).toContain(
      `checkout-console serve (pid ${process.pid}) runs this data directory's emulator on port ${port}`,
    );
    // Not "nothing would answer": the first console's emulator, on the same tokens, does.
    expect(status.error).toContain('that one answers as the same emulator');
  });
});

describe('an order whose checkout request has no notification URL', () => {
  // The spec: notifications go "to the URL given in the checkout request or to the URL
  // registered for the event"; the registration is the portal's, so it is a setting here.
  it('notifies the registered webhook, for the events chosen for it', async () => {
    const { emulator, receiver } = await setup();
    emulator.core.emulator.updateSettings({
      webhookUrl: receiver.url,
      webhookEvents: ['order_authorised'],
    });
    const { json } = await emulator.call('POST', '/checkout', validPayload(null));
    const orderId = String(json['order_id']);
    await emulator.call('POST', `/_emulator/orders/${orderId}/pay`);
    await emulator.call('POST', `/orders/${orderId}/authorise`);
    await until(() => receiver.received.length === 1, 'the notification to the registered webhook');
    expect(receiver.received[0]?.body).toMatchObject({ order_id: orderId, event_type: 'order_authorised' });
    // order_approved was not chosen for the webhook: recorded as not sent, never silently lost.
    await until(() => deliveries(emulator).length >= 2, 'both delivery records');
    const approved = deliveries(emulator).find((record) => record.eventType === 'order_approved');
    expect(approved).toMatchObject({ status: null, orderId });
    expect(approved?.error).toContain('Not sent: the checkout request had no notification URL');
  });

  it('with no webhook registered, each notification is recorded as not sent, naming the setting', async () => {
    const { emulator } = await setup();
    const { json } = await emulator.call('POST', '/checkout', validPayload(null));
    const orderId = String(json['order_id']);
    await emulator.call('POST', `/_emulator/orders/${orderId}/pay`);
    await until(() => deliveries(emulator).length === 1, 'the record of the unsent notification');
    expect(deliveries(emulator)[0]).toMatchObject({
      kind: 'delivery',
      status: null,
      eventType: 'order_approved',
    });
    expect(deliveries(emulator)[0]?.error).toBe(
      'Not sent: the checkout request had no notification URL, and no webhook is registered for order_approved (Emulator → Settings → Registered webhook).',
    );
    // The Emulator view's outbox lists it too, with the same reason; nothing is ever attempted.
    expect(emulator.core.emulator.deliveries(10)).toEqual([
      expect.objectContaining({
        orderId,
        eventType: 'order_approved',
        url: null,
        status: 'unsent',
        attempts: 0,
        nextAttemptAt: null,
        lastError: deliveries(emulator)[0]?.error,
      }),
    ]);
  });

  it('a notification URL the service cannot POST to (ftp://) is recorded as not sent, never attempted forever', async () => {
    const { emulator } = await setup();
    const orderId = await newOrder(emulator, 'ftp://127.0.0.1/hooks');
    expect((await emulator.call('POST', `/_emulator/orders/${orderId}/pay`)).status).toBe(200);
    await until(() => deliveries(emulator).length === 1, 'the record of the unsent notification');
    expect(deliveries(emulator)[0]).toMatchObject({ status: null, eventType: 'order_approved', orderId });
    expect(deliveries(emulator)[0]?.error).toContain(
      'ftp://127.0.0.1/hooks is not an http:// or https:// URL',
    );
    expect(emulator.core.emulator.deliveries(10)).toEqual([
      expect.objectContaining({ orderId, status: 'unsent', attempts: 0, nextAttemptAt: null }),
    ]);
  });

  it('one already queued with such a URL (by an older version) fails once, saying why, instead of looping', async () => {
    const { emulator } = await setup();
    const orderId = await newOrder(emulator, 'http://127.0.0.1:9/unused');
    const id = emulator.core.store.writer.writeNow(() =>
      emulator.core.store.emulatorOutbox.add({
        orderId,
        eventType: 'order_approved',
        url: 'ftp://127.0.0.1/hooks',
        body: '{}',
        faults: NO_FAULTS,
        maxAttempts: 3,
        nextAttemptAtMs: Date.now(),
        status: 'pending',
        nowMs: Date.now(),
      }),
    );
    await until(() => emulator.core.store.emulatorOutbox.get(id)?.status !== 'pending', 'the row to settle');
    expect(emulator.core.store.emulatorOutbox.get(id)).toMatchObject({
      status: 'failed',
      nextAttemptAtMs: null,
      lastError: expect.stringContaining('is not an http:// or https:// URL'),
    });
  });

  it("the request's own URL comes first when both exist", async () => {
    const { emulator, receiver } = await setup();
    const other = await startReceiver();
    cleanups.push(() => other.close());
    emulator.core.emulator.updateSettings({ webhookUrl: other.url });
    const orderId = await newOrder(emulator, receiver.url);
    await emulator.call('POST', `/_emulator/orders/${orderId}/pay`);
    await until(() => receiver.received.length === 1, 'the notification');
    expect(other.received).toHaveLength(0);
  });
});
