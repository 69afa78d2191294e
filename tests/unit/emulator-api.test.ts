import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ORDER_STATES,
  OPERATION_FROM_STATES,
  CUSTOMER_ACTIONS,
  type OrderState,
} from '../../src/shared/orders/order-states';
import { withConsoleFile } from './helpers/console-file';
import { openEmulator, validPayload, type EmulatorHarness } from './helpers/emulator-harness';

let emulator: EmulatorHarness;
beforeEach(async () => {
  emulator = await openEmulator();
});
afterEach(async () => {
  await emulator.dispose();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The spec's error body: message, errors[].error_code, data, title, screen_type. */
function expectErrorShape(json: Record<string, unknown>, code: string): void {
  expect(json).toMatchObject({ data: expect.any(Object), title: null, screen_type: null });
  expect(typeof json['message']).toBe('string');
  expect(json['errors']).toEqual(expect.arrayContaining([expect.objectContaining({ error_code: code })]));
}

describe('POST /checkout', () => {
  it('creates a new order: UUIDs, status new, a checkout URL with locale and order id', async () => {
    const { status, json } = await emulator.call(
      'POST',
      '/checkout',
      validPayload(null, { locale: 'ar_SA' }),
    );
    expect(status).toBe(200);
    expect(json['status']).toBe('new');
    expect(json['order_id']).toMatch(UUID);
    expect(json['checkout_id']).toMatch(UUID);
    const url = new URL(String(json['checkout_url']));
    expect(url.origin).toBe(emulator.url);
    expect(url.searchParams.get('order_id')).toBe(json['order_id']);
    expect(url.searchParams.get('locale')).toBe('ar_SA');
  });

  it.each([
    ['no Authorization header', { authorization: '' }],
    ['a wrong bearer token', { authorization: 'Bearer not-the-token' }],
    ['another scheme', { authorization: 'Basic abc' }],
  ])('answers 401 with the error body for %s', async (_case, headers) => {
    const { status, json } = await emulator.call('POST', '/checkout', validPayload(null), headers);
    expect(status).toBe(401);
    expectErrorShape(json, 'unauthorized');
  });

  it('answers 400 with one entry per error finding, each with its code and field path', async () => {
    const payload = validPayload(null, { description: 'x'.repeat(300), expires_in_minutes: 2 });
    delete payload['order_reference_id'];
    const { status, json } = await emulator.call('POST', '/checkout', payload);
    expect(status).toBe(400);
    expectErrorShape(json, 'too_long');
    const entries = json['errors'] as { error_code: string; path: string }[];
    expect(entries.map((entry) => `${entry.path}:${entry.error_code}`).sort()).toEqual([
      'description:too_long',
      'expires_in_minutes:below_minimum',
      'order_reference_id:required',
    ]);
  });

  it('judges an amount by the digits the body writes, not the number JSON.parse rounds them to', async () => {
    const body = (amount: string) =>
      JSON.stringify(validPayload(null)).replace('"amount":72.98,', `"amount":${amount},`);
    const decimals = await emulator.call('POST', '/checkout', body('72.98000000000000000001'));
    expect(decimals.status).toBe(400);
    expect(decimals.json['errors']).toEqual([
      {
        error_code: 'too_many_decimals',
        path: 'total_amount.amount',
        message: 'amount 72.98000000000000000001 has 20 decimals; SAR has 2, so its smallest amount is 0.01.',
      },
    ]);
    const huge = await emulator.call('POST', '/checkout', body('1e400'));
    expect(huge.status).toBe(400);
    expect(huge.json['errors']).toEqual([
      {
        error_code: 'not_numeric',
        path: 'total_amount.amount',
        message: 'amount 1e400 is too large for a JSON number: a reader holds no number for it.',
      },
    ]);
  });

  it("answers an unsupported country/currency pair with the spec's own code", async () => {
    const { status, json } = await emulator.call(
      'POST',
      '/checkout',
      validPayload(null, { country_code: 'AE' }),
    );
    expect(status).toBe(400);
    expect(json['message']).toBe('Country and currency combination is not supported.');
    expect(json['errors']).toEqual([
      expect.objectContaining({ error_code: 'not_supported_country_currency', path: 'country_code' }),
    ]);
  });

  it('refuses bodies that are not JSON, with the error body', async () => {
    const broken = await emulator.call('POST', '/checkout', '{"a":');
    expect(broken.status).toBe(400);
    expectErrorShape(broken.json, 'invalid_json');
    const wrongType = await emulator.call('POST', '/checkout', 'a=1', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(wrongType.status).toBe(415);
    expectErrorShape(wrongType.json, 'unsupported_media_type');
    const empty = await emulator.call('POST', '/checkout', '');
    expect(empty.status).toBe(400);
    expectErrorShape(empty.json, 'invalid_request');
  });

  it('answers unknown routes and orders with 404 and wrong methods with 405', async () => {
    const route = await emulator.call('GET', '/nothing-here');
    expect(route.status).toBe(404);
    expectErrorShape(route.json, 'not_found');
    const order = await emulator.call('GET', '/orders/00000000-0000-0000-0000-000000000000');
    expect(order.status).toBe(404);
    expectErrorShape(order.json, 'order_not_found');
    const method = await emulator.call('DELETE', '/checkout');
    expect(method.status).toBe(405);
    expectErrorShape(method.json, 'method_not_allowed');
  });

  // `//evil/orders/{id}/cancel` read `evil` as a host and canceled the order; an official client
  // whose API URL ends in / (`//checkout`) was told "No route POST /", another path than its own.
  it('a path with two slashes in a row is read as written: no route, named as sent, nothing run', async () => {
    const created = await emulator.call('POST', '/checkout', validPayload(null));
    const orderId = String(created.json['order_id']);
    const cancel = await emulator.call('POST', `//evil/orders/${orderId}/cancel`, {});
    expect(cancel.status).toBe(404);
    expectErrorShape(cancel.json, 'not_found');
    expect(cancel.json['message']).toBe(
      `No route POST //evil/orders/${orderId}/cancel in the emulator. The path has two slashes in a row: is an API URL ending in / joined to a path starting with /?`,
    );
    expect((await emulator.call('GET', `/merchants/orders/${orderId}`)).json['status']).toBe('new');
    const doubled = await emulator.call('POST', '//checkout', validPayload(null));
    expect(doubled.status).toBe(404);
    expect(doubled.json['message']).toMatch(/^No route POST \/\/checkout in the emulator\./);
  });

  it('a 405 says which methods the path takes, in Allow (RFC 9110 requires it)', async () => {
    const answer = (method: string, path: string) =>
      fetch(`${emulator.url}${path}`, { method, headers: { authorization: `Bearer ${emulator.apiToken}` } });
    expect((await answer('DELETE', '/checkout')).headers.get('allow')).toBe('POST');
    expect((await answer('POST', '/merchants/orders/abc')).headers.get('allow')).toBe('GET, HEAD');
    expect((await answer('GET', '/orders/abc/cancel')).headers.get('allow')).toBe('POST');
  });

  // Every GET route answered HEAD with 405, though RFC 9110 has a server that takes GET take HEAD.
  it('HEAD is answered as GET is, without the body', async () => {
    const { json } = await emulator.call('POST', '/checkout', validPayload(null));
    const page = new URL(String(json['checkout_url']));
    const url = `${emulator.url}${page.pathname}${page.search}`;
    const get = await fetch(url);
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(get.status);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    expect(await head.text()).toBe('');
    const order = await fetch(`${emulator.url}/merchants/orders/${String(json['order_id'])}`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${emulator.apiToken}` },
    });
    expect(order.status).toBe(200);
  });
});

/** An order forced into `state` (its amounts consistent with that state). */
async function orderIn(state: OrderState): Promise<string> {
  const { json } = await emulator.call('POST', '/checkout', validPayload(null));
  const orderId = String(json['order_id']);
  const orders = emulator.core.store.emulatorOrders;
  const order = orders.get(orderId);
  if (order === undefined) throw new Error('order vanished');
  const captured = ['partially_captured', 'partially_refunded'].includes(state)
    ? '30.00'
    : ['fully_captured', 'fully_refunded'].includes(state)
      ? order.totalAmount
      : '0';
  const refunded = state === 'partially_refunded' ? '10.00' : state === 'fully_refunded' ? captured : '0';
  orders.save({ ...order, state, capturedAmount: captured, refundedAmount: refunded });
  return orderId;
}

const stateOf = async (orderId: string) => (await emulator.call('GET', `/orders/${orderId}`)).json['status'];

const OPERATION_CALLS = {
  authorise: (id: string) => emulator.call('POST', `/orders/${id}/authorise`),
  capture: (id: string) =>
    emulator.call('POST', '/payments/capture', {
      order_id: id,
      total_amount: { amount: '5.00', currency: 'SAR' },
    }),
  cancel: (id: string) => emulator.call('POST', `/orders/${id}/cancel`),
  refund: (id: string) =>
    emulator.call('POST', `/payments/simplified-refund/${id}`, {
      order_id: id,
      total_amount: { amount: '5.00', currency: 'SAR' },
    }),
  updateReferenceId: (id: string) =>
    emulator.call('PUT', `/orders/${id}/reference-id`, { order_reference_id: 'NEW-REF' }),
  getOrder: (id: string) => emulator.call('GET', `/orders/${id}`),
} as const;

const EXPECTED_AFTER: Record<keyof typeof OPERATION_CALLS, (from: OrderState) => OrderState> = {
  authorise: () => 'authorised',
  // A refunded order stays refunded when its uncaptured rest is captured or cancelled.
  capture: (from) => (from === 'partially_refunded' ? 'partially_refunded' : 'partially_captured'),
  cancel: (from) => (from === 'partially_captured' || from === 'partially_refunded' ? from : 'canceled'),
  refund: () => 'partially_refunded',
  updateReferenceId: (from) => from,
  getOrder: (from) => from,
};

describe('every follow-up operation in every state', () => {
  for (const operation of Object.keys(OPERATION_CALLS) as (keyof typeof OPERATION_CALLS)[])
    for (const state of ORDER_STATES) {
      const allowed = OPERATION_FROM_STATES[operation].includes(state);
      it(`${operation} from ${state}: ${allowed ? 'allowed' : 'refused, state unchanged'}`, async () => {
        const orderId = await orderIn(state);
        const { status, json } = await OPERATION_CALLS[operation](orderId);
        if (allowed) {
          expect(status).toBe(200);
          expect(await stateOf(orderId)).toBe(EXPECTED_AFTER[operation](state));
        } else {
          expect(status).toBe(409);
          expectErrorShape(json, 'invalid_order_state');
          expect(String(json['message'])).toMatch(/needs the order to be .+; it is .+\./);
          expect(await stateOf(orderId)).toBe(state);
        }
      });
    }
});

describe("the customer's actions in every state", () => {
  const after = { pay: 'approved', decline: 'declined', cancel: 'canceled', expire: 'expired' } as const;
  for (const action of CUSTOMER_ACTIONS)
    for (const state of ORDER_STATES)
      it(`${action} from ${state}: ${state === 'new' ? 'allowed' : 'refused, state unchanged'}`, async () => {
        const orderId = await orderIn(state);
        const { status, json } = await emulator.call('POST', `/_emulator/orders/${orderId}/${action}`);
        if (state === 'new') {
          expect(status).toBe(200);
          expect(json['status']).toBe(after[action]);
          expect(await stateOf(orderId)).toBe(after[action]);
        } else {
          expect(status).toBe(409);
          expectErrorShape(json, 'invalid_order_state');
          expect(await stateOf(orderId)).toBe(state);
        }
      });
});

describe('amounts of captures and refunds', () => {
  it('captures in parts up to the total, then refunds in parts up to what was captured', async () => {
    const orderId = await orderIn('authorised');
    const capture = (amount: string) =>
      emulator.call('POST', '/payments/capture', {
        order_id: orderId,
        total_amount: { amount, currency: 'SAR' },
      });
    const first = await capture('50.00');
    expect(first.json).toMatchObject({
      status: 'partially_captured',
      captured_amount: { amount: '50.00', currency: 'SAR' },
    });
    expect(first.json['capture_id']).toMatch(UUID);
    const tooMuch = await capture('30.00');
    expect(tooMuch.status).toBe(400);
    expectErrorShape(tooMuch.json, 'amount_exceeds_remaining');
    expect(String(tooMuch.json['message'])).toContain('22.98');
    expect((await capture('22.98')).json['status']).toBe('fully_captured');

    const refund = (amount: string) =>
      emulator.call('POST', `/payments/simplified-refund/${orderId}`, {
        total_amount: { amount, currency: 'SAR' },
      });
    expect((await refund('70.00')).json['status']).toBe('partially_refunded');
    expect((await refund('3.00')).status).toBe(400);
    expect((await refund('2.98')).json['status']).toBe('fully_refunded');
    const record = await emulator.call('GET', `/orders/${orderId}`);
    expect(record.json).toMatchObject({
      captured_amount: { amount: '72.98', currency: 'SAR' },
      refunded_amount: { amount: '72.98', currency: 'SAR' },
    });
  });

  it('refuses a wrong currency, a negative amount and a capture without order_id', async () => {
    const orderId = await orderIn('authorised');
    const wrong = await emulator.call('POST', '/payments/capture', {
      order_id: orderId,
      total_amount: { amount: 1, currency: 'AED' },
    });
    expect(wrong.status).toBe(400);
    expectErrorShape(wrong.json, 'currency_mismatch');
    const negative = await emulator.call('POST', '/payments/capture', {
      order_id: orderId,
      total_amount: { amount: -1, currency: 'SAR' },
    });
    expectErrorShape(negative.json, 'invalid_amount');
    const missing = await emulator.call('POST', '/payments/capture', {
      total_amount: { amount: 1, currency: 'SAR' },
    });
    expect(missing.status).toBe(400);
    expectErrorShape(missing.json, 'required');
    expect(await stateOf(orderId)).toBe('authorised');
  });

  it('an order_id that is not text is refused as what it is, by every operation, never as missing', async () => {
    const orderId = await orderIn('partially_captured');
    const calls: [string, string, unknown][] = [
      ['POST', '/payments/capture', { order_id: 123 }],
      ['POST', '/payments/capture', { order_id: ['x'] }],
      ['POST', '/payments/refund', { order_id: 123, refunds: [] }],
      ['POST', '/payments/refund', { order_id: '', refunds: [] }],
      ['POST', `/orders/${orderId}/authorise`, { order_id: 123 }],
      ['POST', `/orders/${orderId}/cancel`, { order_id: 123 }],
      ['POST', `/payments/simplified-refund/${orderId}`, { order_id: null }],
      ['PUT', `/orders/${orderId}/reference-id`, { order_id: true, order_reference_id: 'NEW-REF' }],
    ];
    const answers = [];
    for (const [method, path, body] of calls) {
      const { status, json } = await emulator.call(method, path, body);
      expect(status, `${method} ${path}`).toBe(400);
      expect(json['errors'], `${method} ${path}`).toEqual([
        { error_code: 'invalid_order_id', path: 'order_id' },
      ]);
      answers.push(json['message']);
    }
    expect(answers).toEqual([
      "order_id in the body (the number 123) is not an order id: it must be the order's id, as text.",
      "order_id in the body (an array) is not an order id: it must be the order's id, as text.",
      "order_id in the body (the number 123) is not an order id: it must be the order's id, as text.",
      'order_id in the body (the text "") is not an order id: it must be the order\'s id, as text.',
      "order_id in the body (the number 123) is not an order id: it must be the order's id, as text.",
      "order_id in the body (the number 123) is not an order id: it must be the order's id, as text.",
      "order_id in the body (null) is not an order id: it must be the order's id, as text.",
      "order_id in the body (true (a boolean)) is not an order id: it must be the order's id, as text.",
    ]);
    expect(await stateOf(orderId)).toBe('partially_captured');
  });

  it('cancel, simplified refund and reference id refuse a body naming another order than the path, as authorise does', async () => {
    const orderId = await orderIn('partially_captured');
    const other = '00000000-0000-4000-8000-000000000000';
    for (const [method, path, body] of [
      ['POST', `/orders/${orderId}/cancel`, { order_id: other }],
      [
        'POST',
        `/payments/simplified-refund/${orderId}`,
        { order_id: other, total_amount: { amount: 1, currency: 'SAR' } },
      ],
      ['PUT', `/orders/${orderId}/reference-id`, { order_id: other, order_reference_id: 'NEW-REF' }],
    ] as const) {
      const { status, json } = await emulator.call(method, path, body);
      expect(status, path).toBe(400);
      expectErrorShape(json, 'order_id_mismatch');
      expect(json['message']).toBe(
        `order_id in the body (the text "${other}") is not the order in the path (${orderId}).`,
      );
    }
    expect(await stateOf(orderId)).toBe('partially_captured');
    const named = await emulator.call('PUT', `/orders/${orderId}/reference-id`, {
      order_id: orderId,
      order_reference_id: 'NEW-REF',
    });
    expect(named.status).toBe(200);
  });

  it("a capture's shipping_info is judged: what the order record could not answer readably is refused, naming the field", async () => {
    const orderId = await orderIn('authorised');
    const capture = (shipping: Record<string, unknown>) =>
      emulator.call('POST', '/payments/capture', {
        order_id: orderId,
        total_amount: { amount: '10.00', currency: 'SAR' },
        shipping_info: { shipped_at: '2026-11-28T10:00:00+03:00', shipping_company: 'Aramex', ...shipping },
      });
    for (const [shipping, path] of [
      [{ shipped_at: 'when it ships' }, 'shipping_info.shipped_at'],
      [{ shipped_at: '2026-11-28T25:99:00Z' }, 'shipping_info.shipped_at'],
      [{ shipped_at: '2026-13-45' }, 'shipping_info.shipped_at'],
      [{ shipped_at: 1764324000 }, 'shipping_info.shipped_at'],
      [{ shipping_company: 7 }, 'shipping_info.shipping_company'],
      [{ tracking_number: 12345 }, 'shipping_info.tracking_number'],
      [{ tracking_url: ['x'] }, 'shipping_info.tracking_url'],
    ] as const) {
      const refused = await capture(shipping);
      expect(refused.status, JSON.stringify(shipping)).toBe(400);
      expect(refused.json['errors']).toEqual([
        expect.objectContaining({ error_code: 'invalid_shipping_info', path }),
      ]);
    }
    expect(
      (await emulator.call('POST', '/payments/capture', { order_id: orderId, shipping_info: 'soon' })).json[
        'errors'
      ],
    ).toEqual([expect.objectContaining({ error_code: 'invalid_shipping_info', path: 'shipping_info' })]);
    expect(await stateOf(orderId)).toBe('authorised');
    expect((await capture({ tracking_number: 'TRK-1', tracking_url: null })).status).toBe(200);
    const record = await emulator.call('GET', `/merchants/orders/${orderId}`);
    const captures = (record.json['transactions'] as { captures: Record<string, unknown>[] }).captures;
    expect(captures[0]?.['shipping_info']).toEqual({
      shipped_at: '2026-11-28T10:00:00+03:00',
      shipping_company: 'Aramex',
      tracking_number: 'TRK-1',
      tracking_url: null,
    });
  });

  it("an amount without a currency is SAR, the spec's Money default: right for a SAR order, a mismatch for any other", async () => {
    const sar = await orderIn('authorised');
    const bare = (orderId: string) =>
      emulator.call('POST', '/payments/capture', { order_id: orderId, total_amount: { amount: '10.00' } });
    expect((await bare(sar)).status).toBe(200);
    const aed = await orderIn('authorised');
    withConsoleFile(emulator.core.dataDir, (db) =>
      db.prepare("UPDATE emulator_orders SET currency = 'AED' WHERE order_id = ?").run(aed),
    );
    const refused = await bare(aed);
    expect(refused.status).toBe(400);
    expect(refused.json['errors']).toEqual([
      expect.objectContaining({ error_code: 'currency_mismatch', path: 'total_amount.currency' }),
    ]);
    expect(String(refused.json['message'])).toContain('SAR');
    expect(await stateOf(aed)).toBe('authorised');
    const given = await emulator.call('POST', '/payments/capture', {
      order_id: aed,
      total_amount: { amount: '10.00', currency: 'AED' },
    });
    expect(given.status).toBe(200);
  });

  it('a capture without an amount takes what is left', async () => {
    const orderId = await orderIn('authorised');
    const { json } = await emulator.call('POST', '/payments/capture', { order_id: orderId });
    expect(json).toMatchObject({
      status: 'fully_captured',
      captured_amount: { amount: '72.98', currency: 'SAR' },
    });
  });
});

describe('the bodies of authorise and cancel are read, not ignored', () => {
  it("authorise takes the official client's { order_id }, and refuses a broken body or another order's id", async () => {
    const broken = await orderIn('approved');
    const notJson = await emulator.call('POST', `/orders/${broken}/authorise`, '{not json');
    expect(notJson.status).toBe(400);
    expectErrorShape(notJson.json, 'invalid_json');
    const text = await emulator.call('POST', `/orders/${broken}/authorise`, 'x', {
      'content-type': 'text/plain',
    });
    expect(text.status).toBe(415);
    expectErrorShape(text.json, 'unsupported_media_type');
    const other = await emulator.call('POST', `/orders/${broken}/authorise`, {
      order_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(other.status).toBe(400);
    expectErrorShape(other.json, 'order_id_mismatch');
    expect(other.json['message']).toContain(
      'order_id in the body (the text "00000000-0000-4000-8000-000000000000")',
    );
    // JSON reads 1e999999 as infinity, which JSON.stringify wrote as null: said as what it is.
    const huge = await emulator.call('POST', `/orders/${broken}/authorise`, '{"order_id":1e999999}');
    expect(huge.status).toBe(400);
    expect(huge.json['message']).toContain('order_id in the body (a number too large to be held');
    expect(huge.json['message']).not.toContain('null');
    expect(await stateOf(broken)).toBe('approved');
    const sdk = await emulator.call('POST', `/orders/${broken}/authorise`, { order_id: broken });
    expect(sdk.status).toBe(200);
    expect(await stateOf(broken)).toBe('authorised');
  });

  it('cancel judges its total_amount: the currency, the decimals, and the whole open amount only', async () => {
    const orderId = await orderIn('authorised');
    const cancel = (amount: unknown, currency = 'SAR') =>
      emulator.call('POST', `/orders/${orderId}/cancel`, {
        total_amount: { amount, currency },
        tax_amount: { amount: 0, currency: 'SAR' },
        shipping_amount: { amount: 0, currency: 'SAR' },
        discount_amount: { amount: 0, currency: 'SAR' },
        items: [],
      });
    const wrongCurrency = await cancel(99999, 'KWD');
    expect(wrongCurrency.status).toBe(400);
    expectErrorShape(wrongCurrency.json, 'currency_mismatch');
    const decimals = await cancel('1.005');
    expectErrorShape(decimals.json, 'too_many_decimals');
    const partial = await cancel('10.00');
    expect(partial.status).toBe(400);
    expectErrorShape(partial.json, 'partial_cancel_not_supported');
    expect(partial.json['message']).toContain('10.00 SAR of the 72.98 SAR open');
    const beyond = await cancel('100.00');
    expectErrorShape(beyond.json, 'amount_exceeds_remaining');
    expect(await stateOf(orderId)).toBe('authorised');
    const whole = await cancel('72.98');
    expect(whole.status).toBe(200);
    expect(whole.json).toMatchObject({
      status: 'canceled',
      canceled_amount: { amount: '72.98', currency: 'SAR' },
    });
  });
});

describe('a body that is JSON but not an object is refused, never read as "no body"', () => {
  it('a refund wrapped in an array refunds nothing (it would have refunded all that was captured)', async () => {
    const orderId = await orderIn('fully_captured');
    const wrapped = await emulator.call('POST', `/payments/simplified-refund/${orderId}`, [
      { total_amount: { amount: '1.00', currency: 'SAR' }, comment: 'one riyal' },
    ]);
    expect(wrapped.status).toBe(400);
    expect(wrapped.json['errors']).toEqual([
      expect.objectContaining({ error_code: 'invalid_request', path: '(body)' }),
    ]);
    expect(String(wrapped.json['message'])).toContain('an array');
    expect(await stateOf(orderId)).toBe('fully_captured');
  });

  it.each([
    ['cancel', '"all"', (id: string) => `/orders/${id}/cancel`, 'authorised'],
    ['authorise', 'null', (id: string) => `/orders/${id}/authorise`, 'approved'],
    ['capture', '7', () => '/payments/capture', 'authorised'],
    ['refund', '[1]', () => '/payments/refund', 'fully_captured'],
    ['update reference', 'true', (id: string) => `/orders/${id}/reference-id`, 'new'],
  ] as const)('%s with the body %s', async (operation, body, path, state) => {
    const orderId = await orderIn(state);
    const method = operation === 'update reference' ? 'PUT' : 'POST';
    const answer = await emulator.call(method, path(orderId), body);
    expect(answer.status, JSON.stringify(answer.json)).toBe(400);
    expectErrorShape(answer.json, 'invalid_request');
    expect(await stateOf(orderId)).toBe(state);
  });

  it.each([
    [
      'simplified refund',
      'fully_captured',
      (id: string) => `/payments/simplified-refund/${id}`,
      { amount: { amount: '1.00', currency: 'SAR' } },
      'amount',
    ],
    [
      'simplified refund',
      'fully_captured',
      (id: string) => `/payments/simplified-refund/${id}`,
      { refund_amount: { amount: '1.00', currency: 'SAR' } },
      'refund_amount',
    ],
    [
      'capture',
      'authorised',
      () => '/payments/capture',
      { captured_amount: { amount: '1.00', currency: 'SAR' } },
      'captured_amount',
    ],
    [
      'cancel',
      'authorised',
      (id: string) => `/orders/${id}/cancel`,
      { amount: { amount: '1.00', currency: 'SAR' } },
      'amount',
    ],
  ] as const)(
    'a %s (%s) whose amount is under another name than total_amount is refused, not taken as "all"',
    async (_operation, state, path, fields, key) => {
      const orderId = await orderIn(state);
      const answer = await emulator.call('POST', path(orderId), { order_id: orderId, ...fields });
      expect(answer.status, JSON.stringify(answer.json)).toBe(400);
      expect(answer.json['errors']).toEqual([
        expect.objectContaining({ error_code: 'invalid_amount', path: key }),
      ]);
      expect(String(answer.json['message'])).toContain('total_amount');
      expect(await stateOf(orderId)).toBe(state);
    },
  );

  it('a refund against captures whose entry names its amount otherwise is refused too', async () => {
    const orderId = await orderIn('authorised');
    const capture = await emulator.call('POST', '/payments/capture', { order_id: orderId });
    const answer = await emulator.call('POST', '/payments/refund', {
      order_id: orderId,
      refunds: [{ capture_id: capture.json['capture_id'], amount: { amount: '1.00', currency: 'SAR' } }],
    });
    expect(answer.status).toBe(400);
    expect(answer.json['errors']).toEqual([
      expect.objectContaining({ error_code: 'invalid_amount', path: 'refunds[0].amount' }),
    ]);
    expect(await stateOf(orderId)).toBe('fully_captured');
  });

  it("an empty array is PHP's empty body (json_encode([])): read as no fields, as before", async () => {
    const orderId = await orderIn('approved');
    expect((await emulator.call('POST', `/orders/${orderId}/authorise`, [])).status).toBe(200);
    expect(await stateOf(orderId)).toBe('authorised');
  });
});

describe('the order record', () => {
  it("writes every amount with the currency's decimals, the untouched ones too", async () => {
    const orderId = await orderIn('new');
    const { json } = await emulator.call('GET', `/merchants/orders/${orderId}`);
    expect(json).toMatchObject({
      captured_amount: { amount: '0.00', currency: 'SAR' },
      refunded_amount: { amount: '0.00', currency: 'SAR' },
      canceled_amount: { amount: '0.00', currency: 'SAR' },
    });
  });
});

describe("the customer's actions without the service's token", () => {
  it('answer 401 alike for an order that exists and one that does not (no lookup before the check)', async () => {
    const orderId = await orderIn('new');
    const unknown = '00000000-0000-4000-8000-000000000000';
    const noAuth = { authorization: '' };
    for (const id of [orderId, unknown])
      for (const query of ['', '?token=wrong']) {
        const { status, json } = await emulator.call(
          'POST',
          `/_emulator/orders/${id}/pay${query}`,
          undefined,
          noAuth,
        );
        expect({ id, query, status }).toEqual({ id, query, status: 401 });
        expectErrorShape(json, 'unauthorized');
      }
    // The hosted page, and its buttons, refuse alike too.
    for (const id of [orderId, unknown]) {
      const page = await fetch(`${emulator.url}/checkout-page?order_id=${id}&token=wrong`);
      expect({ id, status: page.status }).toEqual({ id, status: 403 });
      const button = await fetch(`${emulator.url}/checkout-page/${id}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'token=wrong',
        redirect: 'manual',
      });
      expect({ id, status: button.status }).toEqual({ id, status: 403 });
    }
    expect(await stateOf(orderId)).toBe('new');
    // With the service's token, an unknown order is not found, as before.
    expect((await emulator.call('POST', `/_emulator/orders/${unknown}/pay`)).status).toBe(404);
  });
});
