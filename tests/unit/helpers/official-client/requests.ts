import { request as httpRequest } from 'node:http';
import { float, phpJsonEncode, type PhpValue } from './php-json';

/**
 * The official client's requests (tamara-solution/php-sdk, src/Tamara/Request/** and the models
 * they serialise), re-written from its source: the same paths, methods and bodies, key for key,
 * including what it sends when an optional value is unset (`"locale": ""`, a zero no-coupon
 * discount with an empty name, `"billing_address": null`, `"item_url": ""`, `"unit_price": null`).
 */

export const money = (amount: number, currency: string): PhpValue => ({ amount: float(amount), currency });

export interface ClientItem {
  referenceId: string;
  type: string;
  name: string;
  sku: string;
  quantity: number;
  tax: number;
  total: number;
  /** Unset in the client: sent as null. */
  unitPrice?: number;
  discount?: number;
  /** Unset: sent as "". */
  imageUrl?: string;
  itemUrl?: string;
}

/** OrderItem::toArray. */
export function orderItem(item: ClientItem, currency: string): PhpValue {
  return {
    reference_id: item.referenceId,
    type: item.type,
    name: item.name,
    sku: item.sku,
    quantity: item.quantity,
    tax_amount: money(item.tax, currency),
    total_amount: money(item.total, currency),
    unit_price: item.unitPrice === undefined ? null : money(item.unitPrice, currency),
    discount_amount: item.discount === undefined ? null : money(item.discount, currency),
    image_url: item.imageUrl ?? '',
    item_url: item.itemUrl ?? '',
  };
}

export interface ClientAddress {
  firstName: string;
  lastName: string;
  line1: string;
  city: string;
  countryCode: string;
  phoneNumber?: string;
}

/** Address::toArray: every field, unset ones as "". */
export function address(value: ClientAddress): PhpValue {
  return {
    first_name: value.firstName,
    last_name: value.lastName,
    line1: value.line1,
    line2: '',
    region: '',
    postal_code: '',
    city: value.city,
    country_code: value.countryCode,
    phone_number: value.phoneNumber ?? '',
  };
}

export interface ClientOrder {
  referenceId: string;
  orderNumber?: string;
  total: number;
  currency: string;
  description: string;
  countryCode: string;
  paymentType: string;
  instalments?: number;
  locale?: string;
  items: ClientItem[];
  consumer: { firstName: string; lastName: string; phoneNumber: string; email: string };
  billing?: ClientAddress;
  shipping: ClientAddress;
  /** The coupon, if any; without one the merchant sets `new Discount('', new Money(0, $currency))`. */
  discount?: { name: string; amount: number; currency: string };
  tax: number;
  shipping_amount: number;
  merchantUrl: { success: string; failure: string; cancel: string; notification: string };
  platform?: string;
  riskAssessment: Record<string, PhpValue>;
  expiresInMinutes?: number;
}

/** Order::toArray (CreateCheckoutRequestHandler posts it to /checkout). */
export function createCheckoutBody(order: ClientOrder): PhpValue {
  const body: Record<string, PhpValue> = {
    order_reference_id: order.referenceId,
    order_number: order.orderNumber ?? order.referenceId,
    total_amount: money(order.total, order.currency),
    description: order.description,
    country_code: order.countryCode,
    payment_type: order.paymentType,
    locale: order.locale ?? '',
    items: order.items.map((item) => orderItem(item, order.currency)),
    consumer: {
      first_name: order.consumer.firstName,
      last_name: order.consumer.lastName,
      email: order.consumer.email,
      phone_number: order.consumer.phoneNumber,
      national_id: '',
      date_of_birth: '',
      is_first_order: false,
    },
    billing_address: order.billing === undefined ? null : address(order.billing),
    shipping_address: address(order.shipping),
    discount: {
      name: order.discount?.name ?? '',
      amount: money(order.discount?.amount ?? 0, order.discount?.currency ?? order.currency),
    },
    tax_amount: money(order.tax, order.currency),
    shipping_amount: money(order.shipping_amount, order.currency),
    merchant_url: { ...order.merchantUrl },
    platform: order.platform ?? '',
    risk_assessment: order.riskAssessment,
  };
  if (order.paymentType === 'PAY_BY_INSTALMENTS' && (order.instalments ?? 0) > 0)
    body['instalments'] = order.instalments ?? null;
  if ((order.expiresInMinutes ?? 0) > 0) body['expires_in_minutes'] = order.expiresInMinutes ?? null;
  return body;
}

/** Capture::toArray (CaptureRequestHandler, POST /payments/capture). */
export function captureBody(orderId: string, total: number, currency: string, items: ClientItem[]): PhpValue {
  return {
    order_id: orderId,
    total_amount: money(total, currency),
    items: items.map((item) => orderItem(item, currency)),
    shipping_amount: money(0, currency),
    tax_amount: money(0, currency),
    discount_amount: money(0, currency),
    shipping_info: {
      shipped_at: '2026-03-15T12:00:00+00:00',
      shipping_company: 'Aramex',
      tracking_number: null,
      tracking_url: null,
    },
  };
}

/** RefundRequest::toArray with Refund::toArray entries (RefundRequestHandler, POST /payments/refund). */
export function refundBody(
  orderId: string,
  refunds: { captureId: string; total: number }[],
  currency: string,
): PhpValue {
  return {
    order_id: orderId,
    refunds: refunds.map((refund) => ({
      capture_id: refund.captureId,
      total_amount: money(refund.total, currency),
      items: [],
      shipping_amount: money(0, currency),
      tax_amount: money(0, currency),
      discount_amount: money(0, currency),
    })),
  };
}

/** CancelOrderRequest::toArray (CancelOrderRequestHandler, POST /orders/{id}/cancel). */
export function cancelBody(total: number, currency: string, items: ClientItem[]): PhpValue {
  return {
    total_amount: money(total, currency),
    tax_amount: money(0, currency),
    shipping_amount: money(0, currency),
    discount_amount: money(0, currency),
    items: items.map((item) => orderItem(item, currency)),
  };
}

/** Each operation in scope: the client's method, path and body. */
export const OPERATIONS = {
  createCheckout: (order: ClientOrder) => ({
    method: 'POST',
    path: '/checkout',
    params: createCheckoutBody(order),
  }),
  getOrder: (orderId: string) => ({ method: 'GET', path: `/merchants/orders/${orderId}`, params: [] }),
  getOrderByReferenceId: (reference: string) => ({
    method: 'GET',
    path: `/merchants/orders/reference-id/${reference}`,
    params: [],
  }),
  authoriseOrder: (orderId: string) => ({
    method: 'POST',
    path: `/orders/${orderId}/authorise`,
    params: { order_id: orderId },
  }),
  capture: (body: PhpValue) => ({ method: 'POST', path: '/payments/capture', params: body }),
  refund: (body: PhpValue) => ({ method: 'POST', path: '/payments/refund', params: body }),
  simplifyRefund: (orderId: string, total: number, currency: string, comment: string) => ({
    method: 'POST',
    path: `/payments/simplified-refund/${orderId}`,
    params: { total_amount: money(total, currency), comment },
  }),
  cancelOrder: (orderId: string, body: PhpValue) => ({
    method: 'POST',
    path: `/orders/${orderId}/cancel`,
    params: body,
  }),
  updateOrderReferenceId: (orderId: string, reference: string) => ({
    method: 'PUT',
    path: `/orders/${orderId}/reference-id`,
    params: { order_reference_id: reference },
  }),
} satisfies Record<string, (...args: never[]) => { method: string; path: string; params: PhpValue }>;

export interface ClientExchange {
  status: number;
  content: string;
  headers: Record<string, string | string[] | undefined>;
  /** What was sent, byte for byte. */
  sent: string;
}

/**
 * HttpClient::request: `{apiUrl}/{path}`, the same three headers, and `json_encode($params)` as
 * the body of every request, GETs included (`[]` when there are no params), as Guzzle sends it.
 */
export function send(
  apiUrl: string,
  apiToken: string,
  request: { method: string; path: string; params: PhpValue },
  /** Beyond the client's own: the emulator's X-Emulator-… options. */
  extraHeaders: Record<string, string> = {},
): Promise<ClientExchange> {
  const sent = phpJsonEncode(request.params);
  const url = new URL(`${apiUrl}/${request.path.replace(/^\/+/, '')}`);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      {
        method: request.method,
        headers: {
          'User-Agent': 'Tamara Client SDK 2.0.6, PHP version 8.3.0',
          'Content-Type': 'application/json',
          Authorization: `Bearer ${apiToken}`,
          'Content-Length': Buffer.byteLength(sent),
          ...extraHeaders,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            content: Buffer.concat(chunks).toString('utf8'),
            headers: response.headers,
            sent,
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(sent);
  });
}
