import { describeJsonProblem, topLevelStrings } from '../bounded-json';
import { formatBytes } from '../byte-size';
import { BYTE_ORDER_MARK_WORDS, startsWithByteOrderMark } from '../json-byte-order-mark';
import { quoteShort } from '../checkout/findings';
import { decimalsOf, parseAmount, tooManyDecimalsWords } from '../checkout/money';
import { judgeWrittenAmount } from '../checkout/written-amounts';
import type { BodyVerdict, HeaderList } from '../events';
import { scanJsonText } from '../json-duplicate-keys';
import { formatJsonPath } from '../json-path';
import { notAnAmountWords } from '../orders/order-amounts';
import type { BodyFinding } from '../webhook-details';
import { BodyFindings } from './body-findings';
import { readBodyJson } from './read-body-json';
import {
  CURRENT_FORM_FIELDS,
  eventTypeOfLegacyStatus,
  isExtensionEventType,
  isKnownEventType,
  isTransactionEventType,
  KNOWN_EVENT_TYPES,
  maxDecimals,
  MONEY_CURRENCIES,
  TRANSACTION_EVENT_DATA,
  type TransactionEventType,
  UUID_PATTERN,
} from './notification-payload';

export interface BodyJudgement {
  verdict: BodyVerdict;
  findings: BodyFinding[];
  orderId: string | null;
  orderReferenceId: string | null;
  eventType: string | null;
}

type JsonObject = Record<string, unknown>;

/**
 * How a key given twice ends its finding. Orders know such a finding by it in a stored verdict
 * (whose findings keep only path, severity and words): a body another parser reads otherwise is
 * no evidence of either reading (shared/orders/webhook-not-counted.ts).
 */
export const DUPLICATE_KEY_WORDS = ' in one object; only the last one counts here.';

/** What an empty body lacks, in the words of its finding. */
const NOTIFICATION_FIELDS =
  'a notification carries a JSON object with order_id, order_reference_id, order_number, event_type and data';

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const stringOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** `order_id` and `capture_id` are both "string (UUID)" in the spec: one rule, one severity (an error). */
function checkString(body: JsonObject, field: string, findings: BodyFindings, uuid = false): void {
  const value = body[field];
  if (value === undefined) return findings.error([field], `${field} is missing.`);
  if (typeof value !== 'string')
    return findings.error([field], `${field} must be a string, not ${findings.describe([field], value)}.`);
  if (uuid && !UUID_PATTERN.test(value))
    findings.error([field], `${field} ${quoteShort(value)} is not a UUID.`);
}

/**
 * Money as the spec defines it: `currency` one of the five, "Default SAR" when left out; the
 * amount a number or a numeric string, its decimals counted by value (`"12.500"` has one), as
 * the request validator counts them (shared/checkout/money). A number is counted by the digits
 * the body writes, as `validate` counts a request's (written-amounts.ts): JSON.parse holds
 * 1.0000000000000001 as 1 and 12345678901234567890.12 as 12345678901234567000, and the
 * listener said such a body followed the spec. `done`: what the amount says was done
 * ("captured", "refunded"), for the words of a negative or zero one.
 */
function checkMoney(
  value: unknown,
  path: readonly PropertyKey[],
  findings: BodyFindings,
  done: string,
): void {
  if (!isObject(value))
    return findings.error(path, `A Money object is expected, not ${findings.describe(path, value)}.`);
  const { amount, currency } = value;
  const amountPath = [...path, 'amount'];
  const known = typeof currency === 'string' && (MONEY_CURRENCIES as readonly string[]).includes(currency);
  if (currency !== undefined && !known) {
    findings.error(
      [...path, 'currency'],
      `currency must be one of ${MONEY_CURRENCIES.join(', ')} (SAR when left out), not ${findings.describe([...path, 'currency'], currency)}.`,
    );
  }
  const shownCurrency = known ? currency : 'SAR';
  const allowed = maxDecimals(shownCurrency);
  const literal = typeof amount === 'number' ? findings.heldOtherwiseText(amountPath) : null;
  const byDigits = literal === null ? null : judgeWrittenAmount(literal, shownCurrency, allowed);
  if (byDigits !== null) findings.error(amountPath, byDigits.message);
  const written = literal ?? amount;
  const parsed = parseAmount(written);
  if (parsed === undefined) {
    if (byDigits !== null) return;
    return findings.error(amountPath, notAnAmountWords(findings.describe(amountPath, amount)));
  }
  const decimals = decimalsOf(parsed);
  if (byDigits === null && decimals > allowed) {
    findings.error(amountPath, tooManyDecimalsWords(amount, decimals, shownCurrency, allowed));
  }
  // What a notification says was captured or refunded: the order's records count it
  // (lifecycle-walk.ts) and call a negative one unreadable and one of nothing no step, both an
  // error that leaves the order as it was, so the body's verdict says so with the same weight:
  // a zero the record called a warning was an error on its order.
  const zero = parsed.integerDigits === '' && parsed.fractionDigits === '';
  if (parsed.negative && !zero)
    findings.error(
      amountPath,
      `amount ${String(written)} is negative: no amount that can be counted was ${done}.`,
    );
  else if (zero) findings.error(amountPath, `amount ${String(written)} is zero: nothing was ${done}.`);
}

/**
 * The data of an event that names one transaction (TRANSACTION_EVENT_DATA): its id a UUID, its
 * amount the spec's Money, as the spec gives order_captured's.
 */
function checkTransactionData(
  eventType: TransactionEventType,
  data: unknown,
  findings: BodyFindings,
  path: readonly PropertyKey[],
): void {
  if (!isObject(data))
    return findings.error(
      path,
      `data must be an object for ${eventType}, not ${findings.describe(path, data)}.`,
    );
  const names = TRANSACTION_EVENT_DATA[eventType];
  const idPath = [...path, names.id];
  const id = data[names.id];
  if (typeof id !== 'string')
    findings.error(idPath, `${names.id} must be a UUID string, not ${findings.describe(idPath, id)}.`);
  else if (!UUID_PATTERN.test(id)) findings.error(idPath, `${names.id} ${quoteShort(id)} is not a UUID.`);
  if (data[names.amount] === undefined)
    findings.error([...path, names.amount], `${names.amount} is missing.`);
  else checkMoney(data[names.amount], [...path, names.amount], findings, names.done);
}

function checkData(
  eventType: string,
  data: unknown,
  findings: BodyFindings,
  path: readonly PropertyKey[] = ['data'],
): void {
  if (eventType === 'order_approved' || eventType === 'order_authorised') {
    if (!Array.isArray(data))
      findings.error(
        path,
        `data must be an empty array for ${eventType}, not ${findings.describe(path, data)}.`,
      );
    else if (data.length > 0)
      findings.error(path, `data must be an empty array for ${eventType}; it has ${data.length} items.`);
    return;
  }
  if (isTransactionEventType(eventType)) checkTransactionData(eventType, data, findings, path);
}

function judgeCurrentForm(body: JsonObject, findings: BodyFindings): void {
  checkString(body, 'order_id', findings, true);
  checkString(body, 'order_reference_id', findings);
  checkString(body, 'order_number', findings);
  const eventType = body['event_type'];
  if (typeof eventType !== 'string') return;
  if (!isKnownEventType(eventType)) {
    findings.warning(
      ['event_type'],
      `${quoteShort(eventType)} is not one of the event types the spec lists (${KNOWN_EVENT_TYPES.join(', ')})` +
        // Said so: from the console's own emulator it is expected, not a fault of the sender.
        (isExtensionEventType(eventType)
          ? "; the console's emulator sends it for a move the spec does not show. Kept as sent."
          : '; kept as sent.'),
    );
    // The emulator's own extension is judged by the rules of the data it carries (an
    // order_refunded's refund as an order_captured's capture): its order counts that data, and
    // a record saying only "not in the spec" beside an order's error read as two verdicts.
    if (!isExtensionEventType(eventType)) return;
  }
  checkData(eventType, body['data'], findings);
}

function judgeLegacyForm(body: JsonObject, findings: BodyFindings): void {
  checkString(body, 'order_id', findings, true);
  checkString(body, 'order_reference_id', findings);
  if (body['order_status'] !== 'approved') {
    findings.warning(
      ['order_status'],
      `The older form is documented only with order_status "approved", not ${findings.describe(['order_status'], body['order_status'])}.`,
    );
  }
  if (body['data'] !== undefined) checkData('order_approved', body['data'], findings);
}

function classify(body: JsonObject, findings: BodyFindings): BodyVerdict {
  const hasEventType = typeof body['event_type'] === 'string';
  if (hasEventType && CURRENT_FORM_FIELDS.every((field) => body[field] !== undefined)) {
    judgeCurrentForm(body, findings);
    return 'event';
  }
  if (!hasEventType && typeof body['order_status'] === 'string' && body['order_number'] === undefined) {
    judgeLegacyForm(body, findings);
    return 'legacy';
  }
  if (hasEventType) {
    const missing = CURRENT_FORM_FIELDS.filter((field) => body[field] === undefined);
    findings.error([], `It has event_type but lacks ${missing.join(', ')} of the current form.`);
  } else if (typeof body['order_status'] === 'string') {
    findings.error(
      ['order_number'],
      'It has order_status (the older form) but also order_number, which the older form lacks.',
    );
  } else {
    findings.error([], 'It has neither event_type (current form) nor order_status (older approved form).');
  }
  return 'unknown_shape';
}

/** The request's `Content-Encoding` values other than identity (gzip, br…), in order. */
function contentEncodings(headers: HeaderList): string[] {
  return headers
    .filter(([name]) => name.toLowerCase() === 'content-encoding')
    .map(([, value]) => value.trim())
    .filter((value) => value !== '' && value.toLowerCase() !== 'identity');
}

/**
 * The body verdict of one webhook, from its raw bytes (and the headers it came with, which may
 * say the bytes are compressed). Pure and total: any input gets a verdict, and every deviation
 * from the spec's payload is a finding rather than a rejection.
 */
export function judgeWebhookBody(
  bytes: Uint8Array | null,
  truncated: boolean,
  headers: HeaderList = [],
  incomplete: string | null = null,
): BodyJudgement {
  const findings = new BodyFindings();
  // A compressed body is judged as sent, not decompressed: its verdict then reads "not UTF-8"
  // or "not JSON", so the first finding names the cause.
  const encodings = contentEncodings(headers);
  if (encodings.length > 0)
    findings.error(
      [],
      `The request says Content-Encoding: ${encodings.join(', ')}, so the body is compressed; it is judged and stored as sent, without decompressing it.`,
    );
  const result = (verdict: BodyVerdict, body: JsonObject | null = null): BodyJudgement => {
    const legacyStatus = body !== null && verdict === 'legacy' ? stringOrNull(body['order_status']) : null;
    return {
      verdict,
      findings: findings.list,
      orderId: body === null ? null : stringOrNull(body['order_id']),
      orderReferenceId: body === null ? null : stringOrNull(body['order_reference_id']),
      eventType:
        legacyStatus !== null
          ? eventTypeOfLegacyStatus(legacyStatus)
          : body === null
            ? null
            : stringOrNull(body['event_type']),
    };
  };
  if (truncated) {
    findings.error(
      [],
      'The body was larger than the limit; only its beginning was kept and it was not parsed.',
    );
    return result('too_large');
  }
  // A body that did not arrive whole (the client hung up, the parser gave up on its chunks, it
  // stalled) is no notification, whatever its first bytes read, and never "empty": nothing was
  // delivered that a merchant could act on, so it names no order either.
  if (incomplete !== null) {
    const arrived = bytes?.byteLength ?? 0;
    findings.error(
      [],
      `The body did not arrive whole (${incomplete}); the ${arrived} byte${arrived === 1 ? '' : 's'} that arrived are kept and were not judged as a notification.`,
    );
    return result('invalid_json');
  }
  // The spec's notification is a JSON object with order_id, event_type and the rest: a webhook
  // that carries none of it is a finding, never a calm "empty".
  if (bytes === null || bytes.byteLength === 0) {
    findings.error([], `The body is empty: ${NOTIFICATION_FIELDS}.`);
    return result('empty');
  }
  // The decoder drops a byte order mark silently; a merchant's JSON parser may not (PHP's
  // json_decode refuses the body), so it is named, in the words a checkout request gets.
  if (startsWithByteOrderMark(bytes)) findings.warning([], BYTE_ORDER_MARK_WORDS);
  const body = readBodyJson(bytes);
  if (body.text === null) {
    findings.error([], 'The body is not UTF-8 text.');
    return result('invalid_json');
  }
  const { text, read } = body;
  if (text.trim() === '') {
    findings.error(
      [],
      `The body holds only whitespace (${formatBytes(bytes.byteLength)}): ${NOTIFICATION_FIELDS}.`,
    );
    return result('empty');
  }
  if (!read.ok && read.problem.kind === 'too_deep') {
    // Valid JSON no reader can walk: stored as sent and flagged; only its first level is read,
    // so it still joins its order (where it is listed as unreadable and moves nothing).
    findings.error(
      [],
      `The body cannot be read: ${describeJsonProblem(read.problem)}. It is stored as received.`,
    );
    const fields = topLevelStrings(text, ['order_id', 'order_reference_id', 'event_type']);
    return {
      ...result('unknown_shape'),
      orderId: fields['order_id'] ?? null,
      orderReferenceId: fields['order_reference_id'] ?? null,
      eventType: fields['event_type'] ?? null,
    };
  }
  if (!read.ok) {
    const reason =
      read.problem.kind === 'not_json' ? read.problem.message : describeJsonProblem(read.problem);
    findings.error([], `The body is not JSON: ${reason}.`);
    return result('invalid_json');
  }
  const parsed = read.value;
  // One scan of the text for the names given twice and whether a number may be held otherwise.
  const scan = scanJsonText(text);
  findings.read(text, scan.mayWriteNumberHeldOtherwise);
  // JSON.parse keeps the last of a name given twice; the merchant's parser may keep another.
  for (const { path, count } of scan.duplicates)
    findings.warning(path, `${formatJsonPath(path)} is given ${count} times${DUPLICATE_KEY_WORDS}`);
  if (!isObject(parsed)) {
    findings.error([], `The body is JSON but ${findings.describe([], parsed)}, not an object.`);
    return result('unknown_shape');
  }
  return result(classify(parsed, findings), parsed);
}
