import {
  array,
  dateTime,
  elements,
  isPhpArray,
  nullableString,
  PhpRuntime,
  string,
  toFloat,
  type PhpArray,
} from './php-runtime';
import type { ClientExchange } from './requests';

/**
 * The official client's response classes (src/Tamara/Response/**) and the models they build
 * (src/Tamara/Model/**), re-written from its source: what each reads, and where a missing field
 * is a warning ("Undefined array key") or a TypeError. `read()` runs ClientResponse's
 * constructor: JSON decoded as arrays, `parse()` only on a 2xx/3xx status.
 */

export interface ClientResponse<T> {
  status: number;
  success: boolean;
  message: string;
  errors: unknown[];
  /** What parse() built (null when the status was not a success). */
  parsed: T | null;
  /** PHP warnings raised while parsing (a framework that promotes them would throw). */
  warnings: string[];
}

export function read<T>(
  exchange: ClientExchange,
  parse: (php: PhpRuntime, data: PhpArray) => T,
): ClientResponse<T> {
  const php = new PhpRuntime();
  let body: unknown = null;
  try {
    body = JSON.parse(exchange.content);
  } catch {
    body = null;
  }
  const success = exchange.status > 199 && exchange.status < 400;
  const message = php.or(body, 'message', '');
  const errors = php.or(body, 'errors', []);
  return {
    status: exchange.status,
    success,
    message: typeof message === 'string' ? message : '',
    errors: Array.isArray(errors) ? errors : [],
    // parse(array $responseData) receives `$responseBody ?? []`.
    parsed: success ? parse(php, isPhpArray(body) ? body : []) : null,
    warnings: php.warnings,
  };
}

/** Money::fromArray. */
export function money(php: PhpRuntime, value: unknown, where: string) {
  const data = array(value, `${where}: Money::fromArray()`);
  return {
    amount: toFloat(php.at(data, 'amount', where)),
    currency: string(php.at(data, 'currency', where), `${where}: Money::__construct() $currency`),
  };
}

/** Discount::fromArray. */
export function discount(php: PhpRuntime, value: unknown, where: string) {
  const data = array(value, `${where}: Discount::fromArray()`);
  return {
    name: string(php.at(data, 'name', where), `${where}: Discount::__construct() $name`),
    amount: money(php, php.at(data, 'amount', where), `${where}.amount`),
  };
}

/** Address::fromArray. */
export function address(php: PhpRuntime, value: unknown, where: string) {
  const data = array(value, `${where}: Address::fromArray()`);
  const field = (key: string) => string(php.at(data, key, where), `${where}: Address ${key}`);
  return {
    firstName: field('first_name'),
    lastName: field('last_name'),
    line1: field('line1'),
    line2: string(php.or(data, 'line2', ''), `${where}: line2`),
    region: nullableString(php.or(data, 'region', ''), `${where}: region`),
    postalCode: nullableString(php.or(data, 'postal_code', ''), `${where}: postal_code`),
    city: string(php.or(data, 'city', ''), `${where}: city`),
    countryCode: field('country_code'),
    phoneNumber: field('phone_number'),
  };
}

/** Consumer::fromArray. */
export function consumer(php: PhpRuntime, value: unknown, where: string) {
  const data = array(value, `${where}: Consumer::fromArray()`);
  const field = (key: string) => string(php.at(data, key, where), `${where}: Consumer ${key}`);
  return {
    firstName: field('first_name'),
    lastName: field('last_name'),
    phoneNumber: field('phone_number'),
    email: field('email'),
    nationalId: string(php.or(data, 'national_id', ''), `${where}: national_id`),
    dateOfBirth: string(php.or(data, 'date_of_birth', ''), `${where}: date_of_birth`),
    isFirstOrder: Boolean(php.at(data, 'is_first_order', where)),
  };
}

/** OrderItemCollection::create → OrderItem::fromArray for each. */
export function items(php: PhpRuntime, value: unknown, where: string) {
  return elements(array(value, `${where}: OrderItemCollection::create()`)).map((entry, index) => {
    const at = `${where}[${index}]`;
    const data = array(entry, `${at}: OrderItem::fromArray()`);
    return {
      name: string(php.at(data, 'name', at), `${at}: OrderItem name`),
      referenceId: string(php.at(data, 'reference_id', at), `${at}: OrderItem reference_id`),
      sku: string(php.or(data, 'sku', ''), `${at}: sku`),
      type: string(php.or(data, 'type', ''), `${at}: type`),
      quantity: Math.trunc(toFloat(php.at(data, 'quantity', at))),
      unitPrice: money(php, php.at(data, 'unit_price', at), `${at}.unit_price`),
      totalAmount: money(php, php.at(data, 'total_amount', at), `${at}.total_amount`),
      taxAmount: money(php, php.at(data, 'tax_amount', at), `${at}.tax_amount`),
      discountAmount: money(php, php.at(data, 'discount_amount', at), `${at}.discount_amount`),
      imageUrl: string(php.or(data, 'image_url', ''), `${at}: image_url`),
      itemUrl: php.or(data, 'item_url', ''),
    };
  });
}

/** ShippingInfo::fromArray. */
function shippingInfo(php: PhpRuntime, value: unknown, where: string) {
  const data = array(value, `${where}: ShippingInfo::fromArray()`);
  return {
    shippedAt: dateTime(php.at(data, 'shipped_at', where), `${where}: shipped_at`),
    shippingCompany: string(php.at(data, 'shipping_company', where), `${where}: shipping_company`),
    trackingNumber: nullableString(php.at(data, 'tracking_number', where), `${where}: tracking_number`),
    trackingUrl: nullableString(php.at(data, 'tracking_url', where), `${where}: tracking_url`),
  };
}

/** Transactions::fromArray: cancels (CancelItem), captures (CaptureItem), refunds (RefundItem). */
export function transactions(php: PhpRuntime, value: unknown, where: string) {
  const data = array(value, `${where}: Transactions::fromArray()`);
  const list = (key: string) => elements(array(php.at(data, key, where), `${where}.${key}`));
  return {
    cancels: list('cancels').map((entry, index) => {
      const at = `${where}.cancels[${index}]`;
      const item = array(entry, `${at}: CancelItem::fromArray()`);
      return {
        cancelId: string(php.at(item, 'cancel_id', at), `${at}: cancel_id`),
        items: items(php, php.at(item, 'items', at), `${at}.items`),
        totalAmount: money(php, php.at(item, 'total_amount', at), `${at}.total_amount`),
        createdAt: dateTime(php.at(item, 'created_at', at), `${at}: created_at`),
      };
    }),
    captures: list('captures').map((entry, index) => {
      const at = `${where}.captures[${index}]`;
      const item = array(entry, `${at}: CaptureItem::fromArray()`);
      return {
        captureId: string(php.at(item, 'capture_id', at), `${at}: capture_id`),
        orderId: string(php.at(item, 'order_id', at), `${at}: order_id`),
        totalAmount: money(php, php.at(item, 'total_amount', at), `${at}.total_amount`),
        refundedAmount: money(php, php.at(item, 'refunded_amount', at), `${at}.refunded_amount`),
        taxAmount: money(php, php.at(item, 'tax_amount', at), `${at}.tax_amount`),
        shippingAmount: money(php, php.at(item, 'shipping_amount', at), `${at}.shipping_amount`),
        discountAmount: money(php, php.at(item, 'discount_amount', at), `${at}.discount_amount`),
        shippingInfo: shippingInfo(php, php.at(item, 'shipping_info', at), `${at}.shipping_info`),
        items: items(php, php.at(item, 'items', at), `${at}.items`),
        createdAt: dateTime(php.at(item, 'created_at', at), `${at}: created_at`),
      };
    }),
    refunds: list('refunds').map((entry, index) => {
      const at = `${where}.refunds[${index}]`;
      const item = array(entry, `${at}: RefundItem::fromArray()`);
      return {
        refundId: string(php.at(item, 'refund_id', at), `${at}: refund_id`),
        captureId: string(php.at(item, 'capture_id', at), `${at}: capture_id`),
        items: items(php, php.at(item, 'items', at), `${at}.items`),
        totalAmount: money(php, php.at(item, 'total_amount', at), `${at}.total_amount`),
        createdAt: dateTime(php.at(item, 'created_at', at), `${at}: created_at`),
      };
    }),
  };
}
