import { DEFAULT_CURRENCY } from '../checkout/currencies';
import { describeValue } from '../checkout/findings';
import { decimalsOf, parseAmount, toMinorUnits, tooManyDecimalsWords } from '../checkout/money';
import { judgeWrittenAmount } from '../checkout/written-amounts';
import { currencyDecimals } from '../money-format';
import { heldOtherwiseWithin, type HeldOtherwiseAt } from '../written-number-reader';
import { isJsonObject, stringField } from './order-record';

/** A Money value read from a payload: the amount in minor units of its currency. */
export interface ReadMoney {
  minor: bigint;
  currency: string | null;
  /** The Money object left its currency out, read as the spec's default (SAR). */
  currencyDefaulted?: true;
}

/**
 * Why the number an amount is written with cannot be counted, judged by its digits (the listener's
 * and validate's judgement, written-amounts.ts): JSON.parse holds `1.0000000000000001` as 1 and
 * `12345678901234567890.12` as 12345678901234567000, and counted so, a capture answer of the
 * first was 1.00 SAR captured. `written`: where the body writes the value (null when every number
 * in it is held as written, so an ordinary body is never read value by value); absent for a
 * value with no text at hand.
 */
function writtenAmountWhy(
  value: unknown,
  currency: string | null,
  decimals: number,
  written: HeldOtherwiseAt | undefined,
): string | null {
  const raw = isJsonObject(value) ? value['amount'] : value;
  if (written === undefined || typeof raw !== 'number') return null;
  const literal = written(isJsonObject(value) ? ['amount'] : []);
  // Text that is not this value's (a caller's mismatch): the value tells all.
  if (literal === null || Number(literal) !== raw) return null;
  return judgeWrittenAmount(literal, currency ?? 'its currency', decimals)?.message ?? null;
}

/**
 * A Money object `{ amount, currency }`, or a bare amount (number or numeric string). A Money
 * object that leaves its currency out is SAR, as the spec's Money table says ("Default SAR") and
 * the emulator and the webhook judge read it: taken in the order's currency, a KWD order counted
 * `{"amount":"100.000"}` as 100 KWD captured. A bare amount names no currency: the order's.
 */
function readMoney(
  value: unknown,
  fallbackCurrency: string | null,
  written?: HeldOtherwiseAt,
): ReadMoney | null {
  const given = stringField(value, 'currency');
  const defaulted = given === null && isJsonObject(value);
  const currency = given ?? (defaulted ? DEFAULT_CURRENCY : fallbackCurrency);
  const raw = isJsonObject(value) ? value['amount'] : value;
  const parsed = parseAmount(raw);
  if (parsed === undefined || parsed.negative) return null;
  const decimals = currencyDecimals(currency);
  // 0.004 SAR is not an amount of SAR: rounded, it was counted as 0.00 and the capture "confirmed".
  if (/[1-9]/.test(parsed.fractionDigits.slice(decimals))) return null;
  if (writtenAmountWhy(value, currency, decimals, written) !== null) return null;
  return {
    minor: toMinorUnits(parsed, decimals),
    currency,
    ...(defaulted ? { currencyDefaulted: true } : {}),
  };
}

/**
 * An amount that is no number, in the words the listener's verdict of a body gives it
 * (judge-webhook-body.ts) and its order repeats: `described` as describeValue says a value
 * ("the text \"oops\""). It said `amount null` for 1e400, which JSON.parse holds as Infinity.
 */
export const notAnAmountWords = (described: string): string =>
  `amount must be a number or a numeric string such as 12.50, not ${described}.`;

/**
 * Why a Money value (or bare amount) given cannot be counted, as readMoney refuses it, in the
 * words the checkout's and the webhook's judges use; null when it can be.
 */
export function unreadableMoneyWhy(value: unknown, written?: HeldOtherwiseAt): string | null {
  const given = stringField(value, 'currency');
  const currency = given ?? (isJsonObject(value) ? DEFAULT_CURRENCY : null);
  const raw = isJsonObject(value) ? value['amount'] : value;
  const parsed = parseAmount(raw);
  if (parsed === undefined) return notAnAmountWords(raw === undefined ? 'missing' : describeValue(raw));
  if (parsed.negative) return `amount ${String(raw)} is negative.`;
  const decimals = currencyDecimals(currency);
  if (/[1-9]/.test(parsed.fractionDigits.slice(decimals)))
    return tooManyDecimalsWords(raw, decimalsOf(parsed), currency ?? 'its currency', decimals);
  return writtenAmountWhy(value, currency, decimals, written);
}

/** An amount given but not counted: where (`total_amount`, `refunds[1].total_amount`), and why. */
export interface UnreadableMoney {
  field: string;
  /**
   * Why, in the words the webhook's and the checkout's judges give it (unreadableMoneyWhy):
   * "amount 5.005 has 3 decimals; SAR has 2…", not a generic list of what an amount may be.
   * Null only for an entry that names no amount at all.
   */
  why: string | null;
}

/** The value under `key`, and where its text is (written's reader moved under it). */
const within = (written: HeldOtherwiseAt | undefined, key: string | number) =>
  written === undefined ? undefined : heldOtherwiseWithin(written, [key]);

/** `field` of `body`, unreadable as readMoney refuses it, and why. */
function unreadableAt(
  body: Record<string, unknown>,
  field: string,
  written?: HeldOtherwiseAt,
): UnreadableMoney {
  return { field, why: unreadableMoneyWhy(body[field], within(written, field)) };
}

/**
 * The first of `keys` that `body` gives but whose amount cannot be read (text that is not a
 * number, a negative amount, a number past what a double holds, more decimals than its
 * currency has), when none of them reads: such
 * an amount is a mistake in the evidence, not a capture or refund "of everything open" (what a
 * call that names no amount means). Null when an amount reads, or none is given.
 */
export function unreadableMoneyField(
  body: unknown,
  keys: readonly string[],
  written?: HeldOtherwiseAt,
): UnreadableMoney | null {
  if (!isJsonObject(body)) return null;
  let unreadable: string | null = null;
  for (const key of keys) {
    if (body[key] === undefined) continue;
    if (readMoney(body[key], null, within(written, key)) !== null) return null;
    unreadable ??= key;
  }
  return unreadable === null ? null : unreadableAt(body, unreadable, written);
}

/**
 * The first of `keys` in `body` that holds a readable amount. `written`: where the body's text
 * writes its values, when it is at hand (a stored call's request or answer).
 */
export function readMoneyField(
  body: unknown,
  keys: readonly string[],
  fallbackCurrency: string | null,
  written?: HeldOtherwiseAt,
): ReadMoney | null {
  if (!isJsonObject(body)) return null;
  for (const key of keys) {
    if (body[key] === undefined) continue;
    const money = readMoney(body[key], fallbackCurrency, within(written, key));
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
export function readRefundRequestMoney(
  body: unknown,
  fallbackCurrency: string | null,
  written?: HeldOtherwiseAt,
): ReadMoney | null {
  const top = readMoneyField(body, REFUND_REQUEST_KEYS, fallbackCurrency, written);
  return top ?? readRefundEntriesMoney(body, fallbackCurrency, written);
}

/**
 * The sum of `refunds[].total_amount` (or another refund amount field of each entry), when every
 * entry's amount reads and all are in one currency; null otherwise. A refund call's `refunds[]`
 * asks for these; the answer's `refunds[]` says what each refund made was.
 */
export function readRefundEntriesMoney(
  body: unknown,
  fallbackCurrency: string | null,
  written?: HeldOtherwiseAt,
): ReadMoney | null {
  if (!isJsonObject(body)) return null;
  const refunds = refundEntries(body);
  if (refunds === null) return null;
  const entriesAt = within(written, 'refunds');
  let minor = 0n;
  let currency: string | null | undefined;
  for (const [at, entry] of refunds.entries()) {
    const money = readMoneyField(entry, REFUND_REQUEST_KEYS, fallbackCurrency, within(entriesAt, at));
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
 * `refunds[]` entry whose amount does not read (one that gives none cannot be counted either).
 * Null when the amount reads or none is given.
 */
export function unreadableRefundRequestField(
  body: unknown,
  written?: HeldOtherwiseAt,
): UnreadableMoney | null {
  return unreadableRefundField(body, REFUND_REQUEST_KEYS, true, written);
}

/**
 * Where a refund call's 2xx answer gives its amount but it cannot be read: `refunded_amount`, or
 * the first `refunds[]` entry whose amount is given and does not read (an entry that gives none
 * takes the call's). Null when the amount reads or none is given.
 */
export function unreadableRefundAnswerField(
  body: unknown,
  written?: HeldOtherwiseAt,
): UnreadableMoney | null {
  return unreadableRefundField(body, REFUND_ANSWER_KEYS, false, written);
}

function unreadableRefundField(
  body: unknown,
  topKeys: readonly string[],
  entriesGiveAmounts: boolean,
  written: HeldOtherwiseAt | undefined,
): UnreadableMoney | null {
  if (!isJsonObject(body)) return null;
  if (readMoneyField(body, topKeys, null, written) !== null) return null;
  if (readRefundEntriesMoney(body, null, written) !== null) return null;
  const top = unreadableMoneyField(body, topKeys, written);
  if (top !== null) return top;
  const refunds = refundEntries(body) ?? [];
  const entriesAt = within(written, 'refunds');
  for (const [at, entry] of refunds.entries()) {
    const entryAt = within(entriesAt, at);
    if (readMoneyField(entry, REFUND_REQUEST_KEYS, null, entryAt) !== null) continue;
    const key = unreadableMoneyField(entry, REFUND_REQUEST_KEYS, entryAt);
    if (key === null && !entriesGiveAmounts) continue;
    return { field: `refunds[${at}]${key === null ? '' : `.${key.field}`}`, why: key?.why ?? null };
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
