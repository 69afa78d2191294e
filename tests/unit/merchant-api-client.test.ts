import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/main/store/connection';
import type { ConsoleCore } from '../../src/main/app';
import { classifyNetworkFailure } from '../../src/main/outbound/network-failure';
import { startFakeService, json } from './helpers/fake-service';
import { openTempConsole } from './helpers/temp-console';

const API_TOKEN = 'sk_test_client_0123456789';
let core: ConsoleCore;
let dispose: () => Promise<void>;
let service: Awaited<ReturnType<typeof startFakeService>>;
let profileId: number;
/** Answers the request held back by the fake service (order_reference_id "held"). */
let held: (() => void) | null = null;

const CREATED = {
  order_id: '6f7c2b1e-8a3d-4c2e-9f1a-2b3c4d5e6f70',
  checkout_id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  status: 'new',
  checkout_url: 'https://checkout.example/?locale=ar_SA&orderId=6f7c2b1e',
};

beforeEach(async () => {
  held = null;
  ({ core, dispose } = await openTempConsole());
  service = await startFakeService((request, res) => {
    if (request.url.endsWith('/checkout')) {
      let body: { order_reference_id?: string } = {};
      try {
        body = JSON.parse(request.body) as typeof body;
      } catch {
        // raw, non-JSON bodies are answered like any other
      }
      if (body.order_reference_id === 'held') {
        held = () => json(res, 200, CREATED);
        return;
      }
      if (body.order_reference_id === 'bad-pair')
        return json(res, 400, {
          message: 'Country and currency combination is not supported',
          errors: [{ error_code: 'not_supported_country_currency' }],
          data: {},
          title: null,
          screen_type: null,
        });
      return json(res, 200, CREATED);
    }
    if (request.url.includes('/hang')) return; // never answers
    // An answer that names its order, as the service's operation answers do.
    const named = /"answer_order_id":"([^"]+)"/.exec(request.body)?.[1];
    if (named !== undefined) return json(res, 200, { order_id: named, status: 'authorised' });
    json(res, 200, { ok: true });
  });
  const sandbox = core.profiles.findByName('Sandbox');
  if (sandbox === undefined) throw new Error('seed');
  profileId = sandbox.id;
  core.profiles.update(
    profileId,
    { baseUrl: `${service.url}/api/v1/`, publicListenerUrl: 'https://tunnel.example.test/hooks' },
    { apiToken: { action: 'set', value: API_TOKEN }, notificationToken: { action: 'keep' } },
  );
});
afterEach(async () => {
  await service.close();
  await dispose();
});

const payload = (extra: Record<string, unknown> = {}) => ({
  order_reference_id: 'ref-1',
  merchant_url: {
    success: 'https://m.example/s',
    failure: 'https://m.example/f',
    cancel: 'https://m.example/c',
  },
  ...extra,
});

describe('create checkout', () => {
  it('stores an answer that comes while another process holds the write lock, not waiting on the event loop', async () => {
    const sending = core.merchantApi.sendCheckout({
      profileId,
      body: { kind: 'json', payload: payload({ order_reference_id: 'held' }) },
      injectNotificationUrl: false,
      form: 'general',
    });
    await expect.poll(() => held !== null).toBe(true);
    // Another process (an import, the listen CLI) takes the write lock; then the answer comes.
    const other = openDatabase(join(core.dataDir, 'console.sqlite'));
    try {
      other.prepare('BEGIN IMMEDIATE').run();
      held?.();
      await new Promise((resolve) => setTimeout(resolve, 200));
      other.prepare('COMMIT').run();
    } finally {
      other.close();
    }
    const result = await sending;
    expect(result.status).toBe(200);
    expect(core.events.getDetail(result.eventId)).toMatchObject({ status: 200, orderId: CREATED.order_id });
  });

  it('POSTs {base_url}/checkout with the bearer token, records the exchange masked, and returns the order', async () => {
    const pushed: string[] = [];
    core.bus.subscribe((event) => pushed.push(event.name));
    const result = await core.merchantApi.sendCheckout({
      profileId,
      body: { kind: 'json', payload: payload() },
      injectNotificationUrl: true,
      form: 'general',
    });
    expect(service.received).toHaveLength(1);
    const sent = service.received[0];
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('/api/v1/checkout');
    expect(sent?.headers.authorization).toBe(`Bearer ${API_TOKEN}`);
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({
      merchant_url: { notification: 'https://tunnel.example.test/hooks' },
    });

    expect(result.status).toBe(200);
    expect(result.checkout).toEqual(CREATED);
    expect(result.request.headers).toContainEqual(['Authorization', 'Bearer ••••6789']);
    const detail = core.events.getDetail(result.eventId);
    expect(detail).toMatchObject({
      kind: 'request',
      status: 200,
      orderId: CREATED.order_id,
      orderReferenceId: 'ref-1',
    });
    expect(detail?.details).toMatchObject({ operation: 'createCheckout', notification: { injected: true } });
    expect(JSON.stringify(detail)).not.toContain(API_TOKEN);
    expect(pushed).toEqual(['timeline.appended', 'timeline.updated']);
  });

  it('parses the spec error body into a structured service error', async () => {
    const result = await core.merchantApi.sendCheckout({
      profileId,
      body: { kind: 'json', payload: payload({ order_reference_id: 'bad-pair' }) },
      injectNotificationUrl: false,
      form: 'general',
    });
    expect(result.status).toBe(400);
    expect(result.checkout).toBeNull();
    expect(result.serviceError).toMatchObject({
      message: 'Country and currency combination is not supported',
      errorCodes: ['not_supported_country_currency'],
      title: null,
      screenType: null,
    });
  });

  it.each([
    [
      'fills an empty notification field',
      payload(),
      true,
      { injected: true, url: 'https://tunnel.example.test/hooks' },
    ],
    [
      'keeps one already set',
      payload({ merchant_url: { notification: 'https://mine.example/n' } }),
      true,
      { injected: false, url: 'https://mine.example/n' },
    ],
    ['does nothing when turned off', payload(), false, { injected: false, url: null }],
    ['does nothing for a non-object payload', [1, 2], true, { injected: false, url: null }],
  ])('notification URL: %s', (_label, body, enabled, expected) => {
    const plan = core.merchantApi.prepareCheckout({
      profileId,
      body: { kind: 'json', payload: body },
      injectNotificationUrl: enabled,
    });
    expect(plan.notification).toMatchObject({ path: 'merchant_url.notification', ...expected });
  });

  it('sends a raw body exactly as typed, even when it is not JSON', async () => {
    const result = await core.merchantApi.sendCheckout({
      profileId,
      body: { kind: 'raw', text: '{"order_reference_id": "raw-1", oops' },
      injectNotificationUrl: true,
      form: 'general',
    });
    expect(service.received[0]?.body).toBe('{"order_reference_id": "raw-1", oops');
    expect(result.request.body).toBe('{"order_reference_id": "raw-1", oops');
  });

  // "Send anyway" of text that does not parse was stored with no judgement at all: no "sent
  // with errors", no "Validation before sending" line, as if nothing were wrong with it.
  it('stores a raw body that does not parse as sent with errors: its syntax is one error', async () => {
    const result = await core.merchantApi.sendCheckout({
      profileId,
      body: { kind: 'raw', text: '{"order_reference_id": "BAD-1", "total_amount": {"amount": 100.00,}' },
      injectNotificationUrl: true,
      form: 'general',
    });
    expect(core.events.getDetail(result.eventId)?.details).toMatchObject({
      rawBody: true,
      sentWithErrors: true,
      findings: { errors: 1, warnings: 0 },
    });
  });

  it('sends nothing to a live profile without confirmation', async () => {
    const live = core.profiles.findByName('Live');
    if (live === undefined) throw new Error('seed');
    core.profiles.update(
      live.id,
      { baseUrl: service.url },
      { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } },
    );
    const before = core.events.count();
    const refused = core.dispatcher(
      'sendCheckout',
      { profileId: live.id, body: { kind: 'json', payload: payload() } },
      { transport: 'direct' },
    );
    expect(await refused).toMatchObject({ ok: false, error: { code: 'live_confirmation_required' } });
    expect(service.received).toHaveLength(0);
    expect(core.events.count()).toBe(before);
    const confirmed = await core.dispatcher(
      'sendCheckout',
      { profileId: live.id, body: { kind: 'json', payload: payload() }, confirmLive: true },
      { transport: 'direct' },
    );
    expect(confirmed.ok).toBe(true);
    expect(service.received).toHaveLength(1);
  });
});

describe("a call from another profile to a live profile's address", () => {
  // A duplicate of Live set to Sandbox keeps Live's base URL and token: judged by its label only,
  // it sent to production unasked. The address is judged as the server reached, as replay's is.
  const liveAt = (baseUrl: string) => {
    const live = core.profiles.findByName('Live');
    if (live === undefined) throw new Error('seed');
    core.profiles.update(
      live.id,
      { baseUrl },
      { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } },
    );
  };
  const loopback = () => service.url.replace('127.0.0.1', 'localhost');

  it('asks for confirmation of a checkout, naming the live profile and its address', async () => {
    liveAt(`${loopback()}/api/v1/`);
    const before = core.events.count();
    const refused = await core.dispatcher(
      'sendCheckout',
      { profileId, body: { kind: 'json', payload: payload() } },
      { transport: 'direct' },
    );
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'live_confirmation_required',
        message: `Creating a checkout session on "Sandbox" would reach the LIVE (production) profile "Live": it goes to ${service.url}/api/v1/checkout, on the same server as that profile's base URL (${loopback()}). Confirm it in the UI, or pass --yes-live on the command line.`,
      },
    });
    expect(service.received).toHaveLength(0);
    expect(core.events.count()).toBe(before);
    const confirmed = await core.dispatcher(
      'sendCheckout',
      { profileId, body: { kind: 'json', payload: payload() }, confirmLive: true },
      { transport: 'direct' },
    );
    expect(confirmed.ok).toBe(true);
    expect(service.received).toHaveLength(1);
  });

  it("asks for an operation whose edited URL is a live profile's address", async () => {
    liveAt(`${loopback()}/live/`);
    const operation = (confirmLive: boolean) =>
      core.dispatcher(
        'sendOperation',
        {
          profileId,
          operation: 'capture',
          orderId: 'o-1',
          method: 'POST',
          url: `${service.url}/payments/capture`,
          body: '{}',
          confirmLive,
        },
        { transport: 'direct' },
      );
    expect(await operation(false)).toMatchObject({
      ok: false,
      error: { code: 'live_confirmation_required', message: expect.stringContaining('"Live"') },
    });
    expect(service.received).toHaveLength(0);
    expect((await operation(true)).ok).toBe(true);
    expect(service.received).toHaveLength(1);
  });

  it('another port is no live address: sent unasked', async () => {
    liveAt('http://127.0.0.1:9/');
    const sent = await core.dispatcher(
      'sendCheckout',
      { profileId, body: { kind: 'json', payload: payload() } },
      { transport: 'direct' },
    );
    expect(sent.ok).toBe(true);
    expect(service.received).toHaveLength(1);
  });

  it('the profile view says which live address its base URL reaches', () => {
    liveAt(`${loopback()}/api/v1/`);
    const views = core.profiles.snapshot().profiles;
    expect(views.find((view) => view.name === 'Sandbox')?.liveAddress).toEqual({
      profileName: 'Live',
      field: 'base URL',
      url: `${loopback()}/api/v1/`,
      server: loopback(),
    });
    expect(views.find((view) => view.name === 'Local')?.liveAddress).toBeNull();
  });
});

describe('follow-up operations', () => {
  it('prepares each from the profile template with its default body', () => {
    const capture = core.merchantApi.prepareOperation({
      profileId,
      operation: 'capture',
      orderId: 'o/1',
      amount: '115.50',
      currency: 'SAR',
    });
    expect(capture).toMatchObject({ method: 'POST', url: `${service.url}/api/v1/payments/capture` });
    // The bodies follow the official client's (issue 18): a capture also carries items, the
    // zero amounts and shipping_info; an authorisation carries the order id.
    expect(JSON.parse(capture.body ?? '')).toMatchObject({
      order_id: 'o/1',
      // A number, as the official client sends it (and the zeros beside it).
      total_amount: { amount: 115.5, currency: 'SAR' },
      items: [],
      shipping_amount: { amount: 0, currency: 'SAR' },
      tax_amount: { amount: 0, currency: 'SAR' },
      discount_amount: { amount: 0, currency: 'SAR' },
      shipping_info: { shipping_company: '' },
    });
    // Written with the currency's decimals, as the order shows its amounts (115.50 SAR): a number
    // still, as the spec's Money declares it.
    expect(capture.body).toContain('"amount": 115.50,');
    expect(capture.body).toContain('"amount": 0.00,');
    const refund = core.merchantApi.prepareOperation({
      profileId,
      operation: 'refund',
      orderId: 'o/1',
      amount: '12.5',
      currency: 'KWD',
    });
    expect(refund.body).toContain('"amount": 12.500,');
    expect(JSON.parse(refund.body ?? '')).toEqual({
      total_amount: { amount: 12.5, currency: 'KWD' },
      comment: '',
    });
    const authorise = core.merchantApi.prepareOperation({
      profileId,
      operation: 'authorise',
      orderId: 'o/1',
    });
    expect(authorise).toMatchObject({
      method: 'POST',
      url: `${service.url}/api/v1/orders/o%2F1/authorise`,
    });
    expect(JSON.parse(authorise.body ?? '')).toEqual({ order_id: 'o/1' });
    expect(core.merchantApi.prepareOperation({ profileId, operation: 'getOrder', orderId: 'x' }).method).toBe(
      'GET',
    );
  });

  it('sends the edited request and records the operation', async () => {
    const result = await core.merchantApi.sendOperation({
      profileId,
      operation: 'authorise',
      orderId: 'order-9',
      method: 'PUT',
      url: `${service.url}/api/v1/orders/order-9/authorise?x=1`,
      body: '{"note":"edited"}',
    });
    expect(service.received[0]).toMatchObject({
      method: 'PUT',
      url: '/api/v1/orders/order-9/authorise?x=1',
      body: '{"note":"edited"}',
    });
    expect(core.events.getDetail(result.eventId)).toMatchObject({
      orderId: 'order-9',
      details: { operation: 'authorise' },
    });
  });

  it('files a call under the order its URL, body or answer names, not the order whose editor sent it', async () => {
    const send = async (
      operation: 'getOrder' | 'capture' | 'authorise',
      path: string,
      body: string | null,
    ) => {
      const result = await core.merchantApi.sendOperation({
        profileId,
        operation,
        orderId: 'order-A',
        method: operation === 'getOrder' ? 'GET' : 'POST',
        url: `${service.url}/api/v1${path}`,
        body,
      });
      return core.events.getDetail(result.eventId);
    };
    const byUrl = await send('getOrder', '/merchants/orders/order-B', null);
    const byBody = await send('capture', '/payments/capture', '{"order_id":"order-B"}');
    // The answer is the service's word: it acted on order-C, whatever the URL said.
    const byAnswer = await send('authorise', '/orders/order-A/authorise', '{"answer_order_id":"order-C"}');
    // URL and body name two orders and the answer none: nothing says which, so the one it was sent for.
    const neither = await send('authorise', '/orders/order-B/authorise', '{"order_id":"order-D"}');
    const unnamed = await send('capture', '/payments/capture', '{}');
    expect([byUrl, byBody, byAnswer, neither, unnamed].map((record) => record?.orderId)).toEqual([
      'order-B',
      'order-B',
      'order-C',
      'order-A',
      'order-A',
    ]);
    expect(byUrl?.details).toMatchObject({
      sentForOrder: 'order-A',
      pathTemplate: '/merchants/orders/{order_id}',
    });
  });

  it('sends exactly the headers edited: none, a wrong token, the profile token under another scheme', async () => {
    const send = (headers: unknown) =>
      core.dispatcher(
        'sendOperation',
        {
          profileId,
          operation: 'authorise',
          orderId: 'order-9',
          method: 'POST',
          url: `${service.url}/api/v1/orders/order-9/authorise`,
          body: null,
          headers,
        },
        { transport: 'direct' },
      );
    const none = await send([{ name: 'Accept', value: { kind: 'text', text: 'application/json' } }]);
    const wrong = await send([
      { name: 'Authorization', value: { kind: 'text', text: 'Bearer sk_wrong_token_000000' } },
    ]);
    const scheme = await send([{ name: 'authorization', value: { kind: 'profile_token', scheme: 'Token' } }]);
    expect([none.ok, wrong.ok, scheme.ok]).toEqual([true, true, true]);
    const sentHeaders = service.received.map((request) => request.headers);
    expect(sentHeaders[0]?.['authorization']).toBeUndefined();
    expect(sentHeaders[0]?.['accept']).toBe('application/json');
    expect(sentHeaders[0]?.['user-agent']).toBeUndefined();
    expect(sentHeaders[1]?.['authorization']).toBe('Bearer sk_wrong_token_000000');
    expect(sentHeaders[2]?.['authorization']).toBe(`Token ${API_TOKEN}`);
    // Stored as sent, every credential masked, with how it was authorised.
    const ids = [none, wrong, scheme].map((result) =>
      result.ok ? (result.data as { eventId: number }).eventId : 0,
    );
    const stored = ids.map((id) => core.events.getDetail(id));
    expect(stored.map((detail) => detail?.requestHeaders)).toEqual([
      [['Accept', 'application/json']],
      [['Authorization', 'Bearer ••••0000']],
      [['authorization', `Token ••••${API_TOKEN.slice(-4)}`]],
    ]);
    expect(stored.map((detail) => detail?.details['authorization'])).toEqual([
      'none',
      'text',
      'profile_token',
    ]);
    expect(JSON.stringify([wrong, scheme])).not.toContain(API_TOKEN);
    expect(JSON.stringify(stored)).not.toContain('sk_wrong_token_000000');
    // cURL with the token cannot put back a value typed in and says so.
    expect(core.curl.commandFor(ids[1] ?? 0, true).notes.join(' ')).toContain('typed in the request editor');
  });

  it('refuses a header it cannot send, naming it', async () => {
    const result = await core.dispatcher(
      'sendOperation',
      {
        profileId,
        operation: 'authorise',
        orderId: 'x',
        method: 'POST',
        url: `${service.url}/api/v1/orders/x/authorise`,
        body: null,
        headers: [{ name: 'Bad Name:', value: { kind: 'text', text: 'x\r\nInjected: 1' } }],
      },
      { transport: 'direct' },
    );
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        issues: [{ path: 'headers[0].name' }, { path: 'headers[0].value.text' }],
      },
    });
    expect(service.received).toHaveLength(0);
  });

  it('never sends the API token to another origin', async () => {
    const result = await core.dispatcher(
      'sendOperation',
      {
        profileId,
        operation: 'getOrder',
        orderId: 'x',
        method: 'GET',
        url: 'http://127.0.0.1:1/steal',
        body: null,
      },
      { transport: 'direct' },
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input', issues: [{ path: 'url' }] } });
  });
});

describe('failures say what failed', () => {
  it('connection refused', async () => {
    const closed = await startFakeService(() => undefined);
    await closed.close();
    core.profiles.update(
      profileId,
      { baseUrl: closed.url },
      { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } },
    );
    const result = await core.merchantApi.sendCheckout({
      profileId,
      body: { kind: 'json', payload: payload() },
      injectNotificationUrl: false,
      form: 'general',
    });
    expect(result.status).toBeNull();
    expect(result.failure).toMatchObject({ kind: 'refused', code: 'ECONNREFUSED' });
    expect(core.events.getDetail(result.eventId)?.error).toMatch(/Connection refused/);
  });

  it('timeout', async () => {
    const result = await core.merchantApi.sendOperation({
      profileId,
      operation: 'getOrder',
      orderId: 'x',
      method: 'GET',
      url: `${service.url}/api/v1/hang`,
      body: null,
      timeoutMs: 300,
    });
    // The server read the whole request and never answered: it may have been carried out.
    expect(result.failure).toMatchObject({ kind: 'timeout_after_sending' });
  });

  it('cancellation', async () => {
    const pending = core.merchantApi.sendOperation({
      profileId,
      operation: 'getOrder',
      orderId: 'x',
      method: 'GET',
      url: `${service.url}/api/v1/hang`,
      body: null,
      requestKey: 'cancel-me-1',
    });
    await expect.poll(() => service.received.length).toBe(1);
    expect(core.merchantApi.cancel('cancel-me-1')).toBe(true);
    // The service had it (received above): sent, and it may have acted on it.
    expect((await pending).failure).toMatchObject({ kind: 'cancelled_after_sending' });
    expect(core.merchantApi.cancel('cancel-me-1')).toBe(false);
  });

  it('TLS: https to a plain-HTTP server', async () => {
    core.profiles.update(
      profileId,
      { baseUrl: service.url.replace('http:', 'https:') },
      { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } },
    );
    const result = await core.merchantApi.sendCheckout({
      profileId,
      body: { kind: 'json', payload: payload() },
      injectNotificationUrl: false,
      form: 'general',
    });
    expect(result.failure?.kind).toBe('tls');
  });

  it.each([
    [{ code: 'ENOTFOUND' }, 'name_lookup', /could not be resolved/],
    [{ code: 'EAI_AGAIN' }, 'name_lookup', /could not be resolved/],
    [{ code: 'ECONNRESET' }, 'reset', /closed the connection/],
    [{ code: 'CERT_HAS_EXPIRED' }, 'tls', /TLS handshake/],
    [{ code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }, 'tls', /TLS handshake/],
    [{ code: 'ETIMEDOUT' }, 'timeout', /timed out/],
  ])('classifies %j as %s', (error, kind, message) => {
    const failure = classifyNetworkFailure(Object.assign(new Error('x'), error), 'api.example.test');
    expect(failure.kind).toBe(kind);
    expect(failure.message).toMatch(message);
  });
});
