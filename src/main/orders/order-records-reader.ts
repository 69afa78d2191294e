import { describeJsonProblem, JSON_MAX_DEPTH, parseBoundedJson } from '../../shared/bounded-json';
import type { OrderRecord } from '../../shared/orders/order-record';
import { readBodyJson } from '../../shared/webhook/read-body-json';
import { toSummary } from '../store/events-repository';
import { ORDER_BODY_MAX, type OrderRecordRow } from '../store/orders-repository';

/** A stored body as JSON, within the bounds every reader keeps; what cannot be read says why. */
function readJson(body: Buffer | null): { value: unknown; unreadable?: string } {
  // Larger bodies are not parsed here (their event type and ids were read when they arrived).
  if (body === null || body.byteLength === 0 || body.byteLength > ORDER_BODY_MAX) return { value: null };
  // Read as the listener's judge read it (a byte order mark dropped), so both say the same of it.
  const json = readBodyJson(body);
  if (json.text === null) return { value: null };
  const { read } = json;
  if (read.ok) return { value: read.value };
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

export function toOrderRecord(row: OrderRecordRow): OrderRecord {
  const request = readJson(row.request_body);
  return {
    ...toSummary(row),
    requestJson: request.value,
    responseJson: readJson(row.response_body).value,
    details: parseDetails(row.details),
    ...(request.unreadable === undefined ? {} : { unreadable: request.unreadable }),
  };
}
