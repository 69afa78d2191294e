import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmulator, until, type EmulatorHarness } from './helpers/emulator-harness';
import { processNotification, type ReceivedRequest } from './helpers/official-client/notifications';
import {
  parseAuthorise,
  parseCancel,
  parseCapture,
  parseCreateCheckout,
  parseOrder,
  parseRefund,
  parseSimplifiedRefund,
  parseUpdateReferenceId,
} from './helpers/official-client/operation-responses';
import type { PhpArray, PhpRuntime } from './helpers/official-client/php-runtime';
import {
  captureBody,
  cancelBody,
  OPERATIONS,
  refundBody,
  send,
  type ClientItem,
  type ClientOrder,
} from './helpers/official-client/requests';
import { read } from './helpers/official-client/responses';
import { KWD_ITEMS, kwdOrder, SAR_ITEMS, sarOrder } from './helpers/official-client/sample-orders';

/**
 * The emulator against the service's official client (tamara-solution/php-sdk), re-written in
 * TypeScript from its request and response models (helpers/official-client): every operation
 * within the spec's scope, bodies byte for byte as the client sends them, every response read
 * the way the client reads it (a missing field it reads is a warning, a wrong type a TypeError:
 * both fail here), and every notification the emulator sends checked by the client's
 * Authenticator and message classes, in the current and the older form.
 */

let emulator: EmulatorHarness;
let receiver: Server;
let receiverUrl: string;
const received: ReceivedRequest[] = [];

beforeAll(async () => {
  emulator = await openEmulator();
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: new URL(req.url ?? '/', 'http://127.0.0.1'),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/tamara/webhook`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  receiver.close();
  await emulator.dispose();
});

const call = async <T>(
  request: { method: string; path: string; params: Parameters<typeof send>[2]['params'] },
  parse: (php: PhpRuntime, data: PhpArray) => T,
) => {
  const exchange = await send(emulator.url, emulator.apiToken, request);
  const response = read(exchange, parse);
  expect(response.success, `${request.method} ${request.path}: ${exchange.status} ${exchange.content}`).toBe(
    true,
  );
  expect(response.warnings, `${request.method} ${request.path}`).toEqual([]);
  if (response.parsed === null) throw new Error('not parsed');
  return { parsed: response.parsed, exchange };
};

/** Waits for the emulator's notification of `eventType` for an order and checks it as the client does. */
/**
 * The notification of `eventType` about the order (with `data` matching `which`, when given:
 * notifications are delivered side by side, so two captures' may arrive either way round).
 */
async function notification(
  orderId: string,
  eventType: string,
  form: 'webhook' | 'authorise' = 'webhook',
  which: (data: unknown) => boolean = () => true,
) {
  const matches = (request: ReceivedRequest) => {
    const body = JSON.parse(request.body) as Record<string, unknown>;
    return (
      body['order_id'] === orderId &&
      (body['event_type'] ?? `order_${String(body['order_status'])}`) === eventType &&
      which(body['data'])
    );
  };
  await until(() => received.some(matches), `${eventType} of ${orderId}`);
  const request = received.find(matches);
  if (request === undefined) throw new Error('vanished');
  const message = processNotification(request, emulator.notificationToken, form);
  expect(message.warnings).toEqual([]);
  expect(message).toMatchObject({ orderId, eventOrStatus: form === 'webhook' ? eventType : 'approved' });
  return message;
}

const orderOf = (reference: string, overrides: Partial<ClientOrder> = {}): ClientOrder =>
  kwdOrder(reference, receiverUrl, overrides);

const create = async (order: ClientOrder, headers: Record<string, string> = {}) => {
  const exchange = await send(emulator.url, emulator.apiToken, OPERATIONS.createCheckout(order), headers);
  const response = read(exchange, parseCreateCheckout);
  expect(response.success, exchange.content).toBe(true);
  expect(response.warnings).toEqual([]);
  if (response.parsed === null) throw new Error('not parsed');
  return { orderId: response.parsed.orderId, exchange };
};
const customer = async (orderId: string, action: string) =>
  expect((await emulator.call('POST', `/_emulator/orders/${orderId}/${action}`)).status).toBe(200);

describe('the official client against the emulator', () => {
  it.each(['refuse', 'accept'] as const)(
    'its "" where the merchant set none is taken under the emulator\'s %s, as under warn',
    async (emptyOptional) => {
      emulator.core.emulator.updateSettings({ emptyOptional });
      try {
        const { exchange } = await create(orderOf(`KW-EMPTY-${emptyOptional}`));
        expect(exchange.sent).toContain('"locale":""');
        expect(exchange.sent).toContain('"image_url":"","item_url":""');
        expect(String(exchange.headers['x-emulator-warnings'])).not.toContain('empty_optional');
      } finally {
        emulator.core.emulator.updateSettings({ emptyOptional: 'warn' });
      }
    },
  );

  it('a KWD order with every optional value unset: create, read, authorise, capture twice, refund both ways, new reference', async () => {
    const { orderId, exchange } = await create(orderOf('KW-1001'));
    // What the client always sends where the spec allows it is accepted, the no-coupon discount with a warning.
    expect(exchange.sent).toContain('"locale":""');
    expect(exchange.sent).toContain('"billing_address":null');
    expect(exchange.sent).toContain('"unit_price":null');
    expect(exchange.sent).toContain('"image_url":"","item_url":""');
    expect(exchange.sent).toContain('"discount":{"name":"","amount":{"amount":0.0,"currency":"KWD"}}');
    expect(exchange.sent).toContain('"success":"https:\\/\\/shop.example.com\\/success"');
    expect(String(exchange.headers['x-emulator-warnings'])).toContain('no_coupon_discount at discount');

    const fresh = await call(OPERATIONS.getOrder(orderId), parseOrder);
    expect(fresh.exchange.sent).toBe('[]');
    expect(fresh.parsed).toMatchObject({ status: 'new', billingAddress: null, orderNumber: 'KW-1001' });
    expect(fresh.parsed.items.map((item) => [item.name, item.unitPrice.amount, item.itemUrl])).toEqual([
      ['Oud perfume', 12.345, ''],
      ['Dates, 1 kg', 0, ''],
    ]);
    expect((await call(OPERATIONS.getOrderByReferenceId('KW-1001'), parseOrder)).parsed.orderId).toBe(
      orderId,
    );

    await customer(orderId, 'pay');
    await notification(orderId, 'order_approved');
    const authorised = await call(OPERATIONS.authoriseOrder(orderId), parseAuthorise);
    expect(authorised.parsed).toMatchObject({
      orderStatus: 'authorised',
      autoCaptured: false,
      captureId: null,
    });
    expect(authorised.parsed.authorizedAmount).toEqual({ amount: 23.83, currency: 'KWD' });
    await notification(orderId, 'order_authorised');

    const [oud, dates] = KWD_ITEMS as [ClientItem, ClientItem];
    const first = await call(OPERATIONS.capture(captureBody(orderId, 12.345, 'KWD', [oud])), parseCapture);
    const second = await call(OPERATIONS.capture(captureBody(orderId, 11.485, 'KWD', [dates])), parseCapture);
    const captureIdIs = (captureId: string | null) => (data: unknown) =>
      typeof data === 'object' && data !== null && 'capture_id' in data && data.capture_id === captureId;
    const captured = await notification(
      orderId,
      'order_captured',
      'webhook',
      captureIdIs(first.parsed.captureId),
    );
    expect(captured.data).toMatchObject({ capture_id: first.parsed.captureId });
    await notification(orderId, 'order_captured', 'webhook', captureIdIs(second.parsed.captureId));
    const afterCapture = await call(OPERATIONS.getOrder(orderId), parseOrder);
    expect(afterCapture.parsed.status).toBe('fully_captured');
    expect(
      afterCapture.parsed.transactions.captures.map((capture) => [capture.captureId, capture.items.length]),
    ).toEqual([
      [first.parsed.captureId, 1],
      [second.parsed.captureId, 1],
    ]);

    const simplified = await call(
      OPERATIONS.simplifyRefund(orderId, 5, 'KWD', 'damaged box'),
      parseSimplifiedRefund,
    );
    expect(simplified.parsed).toMatchObject({
      comment: 'damaged box',
      captureId: first.parsed.captureId,
      orderStatus: 'partially_refunded',
      refundedAmount: { amount: 5, currency: 'KWD' },
    });
    const full = await call(
      OPERATIONS.refund(refundBody(orderId, [{ captureId: second.parsed.captureId ?? '', total: 3 }], 'KWD')),
      parseRefund,
    );
    expect(full.parsed.refunds).toEqual([
      { captureId: second.parsed.captureId, refundId: expect.any(String) },
    ]);
    await notification(orderId, 'order_refunded');
    const refunded = await call(OPERATIONS.getOrder(orderId), parseOrder);
    expect(refunded.parsed.refundedAmount).toEqual({ amount: 8, currency: 'KWD' });
    expect(refunded.parsed.transactions.refunds.map((refund) => refund.captureId)).toEqual([
      first.parsed.captureId,
      second.parsed.captureId,
    ]);

    await call(OPERATIONS.updateOrderReferenceId(orderId, 'KW-1001-B'), parseUpdateReferenceId);
    expect((await call(OPERATIONS.getOrderByReferenceId('KW-1001-B'), parseOrder)).parsed.orderId).toBe(
      orderId,
    );
  });

  it('a SAR order with every optional value set, canceled with the client’s body', async () => {
    const { orderId } = await create(sarOrder('SA-2001', receiverUrl));
    const canceled = await call(
      OPERATIONS.cancelOrder(orderId, cancelBody(105, 'SAR', SAR_ITEMS)),
      parseCancel,
    );
    expect(canceled.parsed.cancelId).toEqual(expect.any(String));
    await notification(orderId, 'order_canceled');
    const record = await call(OPERATIONS.getOrder(orderId), parseOrder);
    expect(record.parsed).toMatchObject({
      status: 'canceled',
      canceledAmount: { amount: 105, currency: 'SAR' },
    });
    expect(record.parsed.discountAmount).toEqual({
      name: 'WELCOME10',
      amount: { amount: 10, currency: 'SAR' },
    });
    expect(
      record.parsed.transactions.cancels.map((cancel) => [cancel.cancelId, cancel.items.length]),
    ).toEqual([[canceled.parsed.cancelId, 1]]);
  });

  it('every other notification passes the client’s checks: declined, expired, and the older approved form', async () => {
    const declined = await create(orderOf('KW-3001'));
    await customer(declined.orderId, 'decline');
    await notification(declined.orderId, 'order_declined');
    const expired = await create(orderOf('KW-3002'));
    await customer(expired.orderId, 'expire');
    await notification(expired.orderId, 'order_expired');
    const legacy = await create(orderOf('KW-3003'), { 'x-emulator-notification-form': 'legacy' });
    await customer(legacy.orderId, 'pay');
    const message = await notification(legacy.orderId, 'order_approved', 'authorise');
    expect(message.data).toEqual([]);
    // And every notification of this file, whatever its event, passes the same checks.
    await until(() => received.length >= 10, 'all ten notifications');
    expect(received.length).toBe(10);
    for (const request of received) {
      const form = 'event_type' in (JSON.parse(request.body) as object) ? 'webhook' : 'authorise';
      expect(processNotification(request, emulator.notificationToken, form).warnings).toEqual([]);
    }
  });

  it('an education merchant cannot create a checkout with it: its Order has no is_mobile, which the education form requires', async () => {
    // The client's Order has no is_mobile at all (tests/official-client/vendor/…/Model/Order/Order.php,
    // toArray), and always sends a shipping address (getShippingAddress() must return one).
    emulator.core.emulator.updateSettings({ checkoutForm: 'education' });
    try {
      const order = sarOrder('SA-EDU-1', receiverUrl);
      const educational = {
        ...order,
        locale: 'en_US',
        platform: 'web',
        items: [{ ...SAR_ITEMS[0], type: 'Tuition' } as ClientItem],
        riskAssessment: {
          ...order.riskAssessment,
          education: {
            education_type: 'course',
            start_date: '01-09-2026',
            end_date: '15-12-2026',
            event_location: 'online',
            purchase_type: 'one-time',
          },
        },
      };
      const exchange = await send(emulator.url, emulator.apiToken, OPERATIONS.createCheckout(educational));
      expect(exchange.sent).not.toContain('is_mobile');
      expect(exchange.sent).toContain('"shipping_address":{');
      const response = read(exchange, parseCreateCheckout);
      expect(response).toMatchObject({ success: false, parsed: null });
      expect(exchange.status).toBe(400);
      expect(response.errors).toEqual([
        expect.objectContaining({ error_code: 'required', path: 'is_mobile' }),
      ]);
    } finally {
      emulator.core.emulator.updateSettings({ checkoutForm: 'general' });
    }
    // Following the spec here, the emulator refuses the client: the manual says so where the two differ.
    const fidelity = readFileSync(join(process.cwd(), 'docs', 'emulator-fidelity.md'), 'utf8');
    const differ = fidelity.slice(fidelity.indexOf('Where the client and the spec differ'));
    const list = differ.slice(0, differ.indexOf('\n## '));
    expect(list).toMatch(/`is_mobile`[^]*education[^]*400 `required`/);
    expect(list).toMatch(/shipping address/);
  });

  it('a refusal reads as the client reads errors: message and errors[].error_code', async () => {
    const exchange = await send(
      emulator.url,
      emulator.apiToken,
      OPERATIONS.createCheckout(orderOf('KW-4001', { countryCode: 'SA' })),
    );
    const response = read(exchange, parseCreateCheckout);
    expect(response).toMatchObject({
      success: false,
      parsed: null,
      message: 'Country and currency combination is not supported.',
    });
    expect(response.errors[0]).toMatchObject({ error_code: 'not_supported_country_currency' });
  });
});
