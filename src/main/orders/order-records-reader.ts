import { describeJsonProblem, JSON_MAX_DEPTH, parseBoundedJson } from '../../shared/bounded-json';
import type { OrderRecord } from '../../shared/orders/order-record';
import { readBodyJson } from '../../shared/webhook/read-body-json';
import { toSummary } from '../store/events-repository';
import { readEventRow } from '../store/read-event-row';
import { ORDER_BODY_MAX, type OrderRecordRow } from '../store/orders-repository';

/** A stored body as JSON, within the bounds every reader keeps; what cannot be read says why. */
function readJson(body: Buffer | null): { value: unknown; text?: string; unreadable?: string } {
  // Larger bodies are not parsed here (their event type and ids were read when they arrived).
  if (body === null || body.byteLength === 0 || body.byteLength > ORDER_BODY_MAX) return { value: null };
  // Read as the listener's judge read it (a byte order mark dropped), so both say the same of it.
  const json = readBodyJson(body);
  if (json.text === null) return { value: null };
  const { read } = json;
  // The text is kept as it is (no copy): an amount is read from its digits only when asked for.
  if (read.ok) return { value: read.value, text: json.text };
  // Text that is not JSON is simply not JSON (its verdict says so); a bound is a finding.
  return read.problem.kind === 'not_json'
    ? { value: null }
    : { value: null, unreadable: describeJsonProblem(read.problem) };
}

function parseDetails(text: string): Record<string, unknown> {
  const read = parseBoundedJson(text, { maxDepth: JSON_MAX_DEPTH });
  const value = read.ok ? read.value : null;
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : {};
}

export function toOrderRecord(stored: OrderRecordRow): OrderRecord {
  const row = readEventRow(stored);
  const request = readJson(row.request_body);
  const response = readJson(row.response_body);
  return {
    ...toSummary(row),
    requestJson: request.value,
    responseJson: response.value,
    ...(request.text === undefined ? {} : { requestText: request.text }),
    ...(response.text === undefined ? {} : { responseText: response.text }),
    details: parseDetails(row.details),
    ...(request.unreadable === undefined ? {} : { unreadable: request.unreadable }),
  };
}
