import {
  redactText,
  redactExchange,
  redactWith,
  secretsOfExchange,
} from '../../shared/secrets/redact-secrets';
import { toHistoryRecord, type HistoryRecord } from '../store/event-columns';
import { requestBodyOf, type EventRow } from '../store/events-repository';
import { readStoredHeaders } from '../store/stored-headers';

/**
 * A record as `history --json` prints it, its secrets redacted as an export's are (by meaning,
 * and the profiles' tokens wherever they are echoed): a body printed whole showed a raw
 * request's `Authorization: Bearer …` line, or a profile token typed into a note, on the
 * terminal, while the export of the same record replaced them.
 */
export function redactedHistoryRecord(row: EventRow, secrets: readonly string[]): HistoryRecord {
  const record = toHistoryRecord(row);
  const parts = {
    url: row.url,
    path: row.path,
    query: row.query,
    requestHeaders: readStoredHeaders(row.request_headers),
    responseHeaders: null,
    requestBody: requestBodyOf(row),
    responseBody: null,
  };
  const { exchange } = redactExchange(parts, redactWith, secrets);
  // What main read from the body, as the body it came from is printed: an order_reference_id
  // echoing a profile's token was printed whole beside the body that REDACTED it.
  const known = secretsOfExchange(parts, secrets);
  const derived = (value: string | null) => (value === null ? null : redactText(value, known, redactWith));
  return {
    ...record,
    url: exchange.url,
    path: exchange.path ?? null,
    order_reference_id: derived(record.order_reference_id),
    event_type: derived(record.event_type),
    error: derived(record.error),
    body: record.body === null ? null : (exchange.requestBody?.text ?? record.body),
    body_base64: record.body_base64 === null ? null : (exchange.requestBody?.base64 ?? record.body_base64),
  };
}
