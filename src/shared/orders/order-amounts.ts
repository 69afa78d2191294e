import { DEFAULT_CURRENCY } from '../checkout/currencies';
import { decimalsOf, parseAmount, toMinorUnits, tooManyDecimalsWords } from '../checkout/money';
import { currencyDecimals } from '../money-format';
import { isJsonObject, stringField } from './order-record';

/** A Money value read from a payload: the amount in minor units of its currency. */
export interface ReadMoney {
  minor: bigint;
  currency: string | null;
  /** The Money object left its currency out, read as the spec's default (SAR). */
  currencyDefaulted?: true;
}

/**
 * A Money object `{ amount, currency }`, or a bare amount (number or numeric string). A Money
 * object that leaves its currency out is SAR, as the spec's Money table says ("Default SAR") and
 * the emulator and the webhook judge read it: taken in the order's currency, a KWD order counted
 * `{"amount":"100.000"}` as 100 KWD captured. A bare amount names no currency: the order's.
 */
function readMoney(value: unknown, fallbackCurrency: string | null): ReadMoney | null {
  const given = stringField(value, 'currency');
  const defaulted = given === null && isJsonObject(value);
  const currency = given ?? (defaulted ? DEFAULT_CURRENCY : fallbackCurrency);
  const raw = isJsonObject(value) ? value['amount'] : value;
  const parsed = parseAmount(raw);
  if (parsed === undefined || parsed.negative) return null;
  const decimals = currencyDecimals(currency);
  // 0.004 SAR is not an amount of SAR: rounded, it was counted as 0.00 and the capture "confirmed".
  if (/[1-9]/.test(parsed.fractionDigits.slice(decimals))) return null;
  return {
    minor: toMinorUnits(parsed, decimals),
    currency,
    ...(defaulted ? { currencyDefaulted: true } : {}),
  };
}

/**
 * Why a Money value (or bare amount) given cannot be counted, as readMoney refuses it, in the
 * words the checkout's and the webhook's judges use; null when it can be.
 */
export function unreadableMoneyWhy(value: unknown): string | null {
  const given = stringField(value, 'currency');
  const currency = given ?? (isJsonObject(value) ? DEFAULT_CURRENCY : null);
  const raw = isJsonObject(value) ? value['amount'] : value;
  const parsed = parseAmount(raw);
  if (parsed === undefined)
    return `amount ${JSON.stringify(raw) ?? 'missing'} is not a number or numeric text.`;
  if (parsed.negative) return `amount ${String(raw)} is negative.`;
  const decimals = currencyDecimals(currency);
  if (/[1-9]/.test(parsed.fractionDigits.slice(decimals)))
    return tooManyDecimalsWords(raw, decimalsOf(parsed), currency ?? 'its currency', decimals);
  return null;
}

/**
 * The first of `keys` that `body` gives but whose amount cannot be read (text that is not a
 * number, a negative amount, a number past what a double holds, more decimals than its
 * currency has), when none of them reads: such
 * an amount is a mistake in the evidence, not a capture or refund "of everything open" (what a
 * call that names no amount means). Null when an amount reads, or none is given.
 */
export function unreadableMoneyField(body: unknown, keys: readonly string[]): string | null {
  if (!isJsonObject(body)) return null;
  let unreadable: string | null = null;
  for (const key of keys) {
    if (body[key] === undefined) continue;
    if (readMoney(body[key], null) !== null) return null;
    unreadable ??= key;
  }
  return unreadable;
}

/** The first of `keys` in `body` that holds a readable amount. */
export function readMoneyField(
  body: unknown,
  keys: readonly string[],
  fallbackCurrency: string | null,
): ReadMoney | null {
  if (!isJsonObject(body)) return null;
  for (const key of keys) {
    if (body[key] === undefined) continue;
    const money = readMoney(body[key], fallbackCurrency);
    if (money !== null) return money;
  }
  return null;
}

/** Field names an amount may come under: the console's default bodies first, then common spellings. */
export const CAPTURE_REQUEST_KEYS = ['total_amount', 'captured_amount', 'capture_amount', 'amount'];
export const REFUND_REQUEST_KEYS = ['total_amount', 'refunded_amount', 'refund_amount', 'amount'];
export const CAPTURE_EVENT_KEYS = ['captured_amount', 'amount', 'total_amount'];
export const REFUND_EVENT_KEYS = ['refunded_amount', 'refund_amount', 'amount', 'total_amount'];
/** What a 2xx answer says was captured or refunded (the refund's `refunds[]` entries otherwise). */
export const CAPTURE_ANSWER_KEYS = ['captured_amount'];
export const REFUND_ANSWER_KEYS = ['refunded_amount'];

/**
 * The amount a refund call asks for: a top-level Money (the console's simplified refund), or
 * else the sum of `refunds[].total_amount` (the official client's refund against captures,
 * `POST /payments/refund`), when every entry's amount reads and all are in one currency. Null
 * when neither reads (the ledger then takes the refund as the whole of what was open).
 */
export function readRefundRequestMoney(body: unknown, fallbackCurrency: string | null): ReadMoney | null {
  const top = readMoneyField(body, REFUND_REQUEST_KEYS, fallbackCurrency);
  return top ?? readRefundEntriesMoney(body, fallbackCurrency);
}

/**
 * The sum of `refunds[].total_amount` (or another refund amount field of each entry), when every
 * entry's amount reads and all are in one currency; null otherwise. A refund call's `refunds[]`
 * asks for these; the answer's `refunds[]` says what each refund made was.
 */
export function readRefundEntriesMoney(body: unknown, fallbackCurrency: string | null): ReadMoney | null {
  if (!isJsonObject(body)) return null;
  const refunds = refundEntries(body);
  if (refunds === null) return null;
  let minor = 0n;
  let currency: string | null | undefined;
  for (const entry of refunds) {
    const money = readMoneyField(entry, REFUND_REQUEST_KEYS, fallbackCurrency);
    if (money === null || (currency !== undefined && money.currency !== currency)) return null;
    currency = money.currency;
    minor += money.minor;
  }
  return { minor, currency: currency ?? fallbackCurrency };
}

/** The official client's `refunds[]`, when the body gives a non-empty list. */
function refundEntries(body: Record<string, unknown>): unknown[] | null {
  const refunds = body['refunds'];
  return Array.isArray(refunds) && refunds.length > 0 ? refunds : null;
}

/**
 * Where a refund call's amount is given but cannot be read: the top-level field, or the first
 * `refunds[]` entry whose amount does not read. Null when the amount reads or none is given.
 */
export function unreadableRefundRequestField(body: unknown): string | null {
  if (readRefundRequestMoney(body, null) !== null || !isJsonObject(body)) return null;
  const top = unreadableMoneyField(body, REFUND_REQUEST_KEYS);
  if (top !== null) return top;
  const refunds = refundEntries(body) ?? [];
  for (const [at, entry] of refunds.entries()) {
    if (readMoneyField(entry, REFUND_REQUEST_KEYS, null) !== null) continue;
    const key = unreadableMoneyField(entry, REFUND_REQUEST_KEYS);
    return `refunds[${at}]${key === null ? '' : `.${key}`}`;
  }
  return null;
}

/**
 * The running captured/refunded totals. The same capture can be seen twice, once as the 2xx
 * answer to the call and once as `order_captured`, and nothing links the two, so each side
 * is summed on its own and the larger sum is taken (both count the same captures).
 */
export class AmountLedger {
  private byWebhook = 0n;
  private byResponse = 0n;
  /** A capture or refund whose amount could not be read: taken as the whole of what was open. */
  private whole = false;

  /** What `source`'s own sum would be with `minor` added (the larger sum is what counts). */
  sumWith(source: 'webhook' | 'response', minor: bigint): bigint {
    return (source === 'webhook' ? this.byWebhook : this.byResponse) + minor;
  }

  add(source: 'webhook' | 'response', minor: bigint | null): void {
    if (minor === null) this.whole = true;
    else if (source === 'webhook') this.byWebhook += minor;
    else this.byResponse += minor;
  }

  get seen(): boolean {
    return this.whole || this.byWebhook > 0n || this.byResponse > 0n;
  }

  /** The total counted; `whole` (the open amount, null when unknown) once an unreadable one was seen. */
  total(whole: bigint | null): bigint | null {
    if (this.whole) return whole;
    return this.byWebhook > this.byResponse ? this.byWebhook : this.byResponse;
  }
}
