import type { AbsentMoneyChoice } from '../../shared/emulator';
import type { EmulatorOrderRow } from '../store/emulator-orders-repository';
import type { TransactionRow } from '../store/emulator-transactions-repository';
import { checkoutUrlOf } from './create-checkout';
import { minorOf, textOf } from './operation-amounts';

/**
 * The order record a retrieval returns (`GET /merchants/orders/{order_id}` and
 * `…/reference-id/{ref}`). The spec shows none; this one carries every field the official client
 * reads, in the shapes it reads them, so its response object builds without a TypeError or an
 * "undefined index" warning (tests/unit/official-client-contract.test.ts holds it to that):
 * strings where it types strings ("" when the request had none), Money objects, `discount_amount`
 * as `{ name, amount }`, and the transactions. A Money the request did not give is as the
 * `absentMoney` setting says (money-written.ts): zero by default, which the client reads (it
 * makes a Money of each, a TypeError on null), or null or left out, so a merchant can tell "not
 * given" from "free" where its code reads the record itself.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const iso = (ms: number) => new Date(ms).toISOString();

/** A Money object (zero in the order's currency when there is none), written with its currency's decimals. */
function moneyOf(value: unknown, orderCurrency: string): Json {
  const own = isObject(value) ? value['currency'] : undefined;
  const currency = typeof own === 'string' && own !== '' ? own : orderCurrency;
  const amount = isObject(value) ? value['amount'] : undefined;
  return { amount: textOf(minorOf(String(amount ?? '0'), currency), currency), currency };
}

const isAbsent = (value: unknown): boolean =>
  !isObject(value) || value['amount'] === undefined || value['amount'] === null;

/**
 * `{ [key]: Money }` for a Money the request gave; one it did not give (absent, null, or with no
 * amount) as `absent` says: zero, `{ [key]: null }`, or no key at all. Spread into its object.
 */
function givenMoney(key: string, value: unknown, currency: string, absent: AbsentMoneyChoice): Json {
  if (!isAbsent(value) || absent === 'zero') return { [key]: moneyOf(value, currency) };
  return absent === 'null' ? { [key]: null } : {};
}

const ADDRESS_FIELDS = [
  'first_name',
  'last_name',
  'line1',
  'line2',
  'region',
  'postal_code',
  'city',
  'country_code',
  'phone_number',
];

function addressOf(value: Json): Json {
  return Object.fromEntries(ADDRESS_FIELDS.map((key) => [key, text(value[key])]));
}

function itemOf(value: unknown, currency: string, absent: AbsentMoneyChoice): Json {
  const item = isObject(value) ? value : {};
  const money = (key: string) => givenMoney(key, item[key], currency, absent);
  return {
    reference_id: text(item['reference_id']),
    type: text(item['type']),
    name: text(item['name']),
    sku: text(item['sku']),
    quantity: typeof item['quantity'] === 'number' ? item['quantity'] : 0,
    ...money('tax_amount'),
    ...money('total_amount'),
    ...money('unit_price'),
    ...money('discount_amount'),
    image_url: text(item['image_url']),
    item_url: text(item['item_url']),
  };
}

const itemsOf = (value: unknown, currency: string, absent: AbsentMoneyChoice): Json[] =>
  Array.isArray(value) ? value.map((item: unknown) => itemOf(item, currency, absent)) : [];

function parse(textValue: string | null): Json {
  if (textValue === null) return {};
  try {
    const parsed: unknown = JSON.parse(textValue);
    return isObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

function consumerOf(payload: Json): Json {
  const consumer = isObject(payload['consumer']) ? payload['consumer'] : {};
  const risk = isObject(payload['risk_assessment']) ? payload['risk_assessment'] : {};
  return {
    first_name: text(consumer['first_name']),
    last_name: text(consumer['last_name']),
    phone_number: text(consumer['phone_number']),
    email: text(consumer['email']),
    national_id: text(consumer['national_id']),
    date_of_birth: text(consumer['date_of_birth']),
    is_first_order:
      typeof consumer['is_first_order'] === 'boolean'
        ? consumer['is_first_order']
        : risk['total_order_count'] === 0,
  };
}

/** Without a shipping address (the education form may leave it out): the consumer's name and the order's country. */
function shippingOf(payload: Json): Json {
  if (isObject(payload['shipping_address'])) return addressOf(payload['shipping_address']);
  const consumer = consumerOf(payload);
  return addressOf({
    first_name: consumer['first_name'],
    last_name: consumer['last_name'],
    phone_number: consumer['phone_number'],
    country_code: payload['country_code'],
  });
}

function transactionsOf(
  order: EmulatorOrderRow,
  rows: readonly TransactionRow[],
  absent: AbsentMoneyChoice,
): Json {
  const { currency } = order;
  const money = (amount: string) => ({ amount, currency });
  const refundedOf = (captureId: string) =>
    rows
      .filter((row) => row.kind === 'refund' && row.captureId === captureId)
      .reduce((sum, row) => sum + minorOf(row.amount, currency), 0n);
  const of = (kind: TransactionRow['kind']) => rows.filter((row) => row.kind === kind);
  /** A cancel or a refund as the spec lists it: its ids, then amount, items and time. */
  const entry = (row: TransactionRow, ids: Record<string, string | null>) => ({
    ...ids,
    total_amount: money(row.amount),
    items: itemsOf(parse(row.request)['items'], currency, absent),
    created_at: iso(row.createdAtMs),
  });
  return {
    cancels: of('cancel').map((row) => entry(row, { cancel_id: row.transactionId, order_id: order.orderId })),
    captures: of('capture').map((row) => {
      const request = parse(row.request);
      const shipping = isObject(request['shipping_info']) ? request['shipping_info'] : {};
      return {
        capture_id: row.transactionId,
        order_id: order.orderId,
        total_amount: money(row.amount),
        refunded_amount: money(textOf(refundedOf(row.transactionId), currency)),
        ...givenMoney('tax_amount', request['tax_amount'], currency, absent),
        ...givenMoney('shipping_amount', request['shipping_amount'], currency, absent),
        ...givenMoney('discount_amount', request['discount_amount'], currency, absent),
        shipping_info: {
          shipped_at:
            typeof shipping['shipped_at'] === 'string' ? shipping['shipped_at'] : iso(row.createdAtMs),
          shipping_company: text(shipping['shipping_company']),
          tracking_number:
            typeof shipping['tracking_number'] === 'string' ? shipping['tracking_number'] : null,
          tracking_url: typeof shipping['tracking_url'] === 'string' ? shipping['tracking_url'] : null,
        },
        items: itemsOf(request['items'], currency, absent),
        created_at: iso(row.createdAtMs),
      };
    }),
    refunds: refundsOf(of('refund')).map((parts) => {
      const [head] = parts;
      const total = parts.reduce((sum, row) => sum + minorOf(row.amount, currency), 0n);
      const { created_at: createdAt, ...first } = entry(
        { ...head, amount: textOf(total, currency) },
        { refund_id: head.transactionId, capture_id: head.captureId },
      );
      return {
        ...first,
        captures: parts.map((row) => ({ capture_id: row.captureId, total_amount: money(row.amount) })),
        created_at: createdAt,
      };
    }),
  };
}

/**
 * A simplified refund larger than one capture is stored as one row per capture it takes from,
 * under one refund id (its answer and order_refunded name that id with the whole amount). The
 * record lists it once, as the official client's RefundItem reads a refund (one refund_id, one
 * capture_id: the first), with its whole amount and `captures` saying how it was spread: listed
 * per row, a merchant keying refunds by refund_id lost a row and the amounts no longer summed.
 */
function refundsOf(rows: readonly TransactionRow[]): [TransactionRow, ...TransactionRow[]][] {
  const byId = new Map<string, [TransactionRow, ...TransactionRow[]]>();
  for (const row of rows) {
    const parts = byId.get(row.transactionId);
    if (parts === undefined) byId.set(row.transactionId, [row]);
    else parts.push(row);
  }
  return [...byId.values()];
}

/**
 * The discount as `{ name, amount }`. Without one in the request, under `zero` an unnamed zero
 * discount (what the client reads); otherwise null or no key, as for any Money not given.
 */
function discountOf(payload: Json, currency: string, absent: AbsentMoneyChoice): Json {
  const discount = payload['discount'];
  if (!isObject(discount) && absent !== 'zero') return absent === 'null' ? { discount_amount: null } : {};
  const given = isObject(discount) ? discount : {};
  return {
    discount_amount: {
      name: text(given['name']),
      ...givenMoney('amount', given['amount'], currency, absent),
    },
  };
}

export function orderRecord(
  order: EmulatorOrderRow,
  transactions: readonly TransactionRow[],
  pageBaseUrl: string,
  absent: AbsentMoneyChoice = 'zero',
): Json {
  const payload = parse(order.payload);
  const { currency } = order;
  const canceled = transactions
    .filter((row) => row.kind === 'cancel')
    .reduce((sum, row) => sum + minorOf(row.amount, currency), 0n);
  return {
    order_id: order.orderId,
    checkout_id: order.checkoutId,
    order_reference_id: order.referenceId ?? '',
    order_number: order.orderNumber ?? order.referenceId ?? '',
    status: order.state,
    consumer: consumerOf(payload),
    billing_address: isObject(payload['billing_address']) ? addressOf(payload['billing_address']) : null,
    shipping_address: shippingOf(payload),
    payment_type: text(payload['payment_type']),
    instalments: typeof payload['instalments'] === 'number' ? payload['instalments'] : null,
    total_amount: moneyOf({ amount: order.totalAmount }, currency),
    // Stored as given by each move ("0" before any): written with the currency's decimals, as every amount is.
    captured_amount: moneyOf({ amount: order.capturedAmount }, currency),
    refunded_amount: moneyOf({ amount: order.refundedAmount }, currency),
    canceled_amount: { amount: textOf(canceled, currency), currency },
    ...givenMoney('tax_amount', payload['tax_amount'], currency, absent),
    ...givenMoney('shipping_amount', payload['shipping_amount'], currency, absent),
    ...discountOf(payload, currency, absent),
    items: itemsOf(payload['items'], currency, absent),
    transactions: transactionsOf(order, transactions, absent),
    checkout_url: checkoutUrlOf(order, pageBaseUrl),
    created_at: iso(order.createdAtMs),
    expires_at: iso(order.expiresAtMs),
  };
}
