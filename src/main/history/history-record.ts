import { toHistoryRecord, type HistoryRecord } from '../store/event-history-record';
import { damagedOfRow, type EventRow } from '../store/events-repository';
import type { DamagedField } from '../../shared/events';
import { exportedEvent, scrubSecrets } from './export-records';
import { runMarkOf, type RunRecordMark } from '../../shared/scenarios/run-record-mark';

/**
 * The findings of a record's judgement, as its details hold them: the token's (a token sent in
 * one of the two places only) and the body's, the ones the table counts ("event · 1 finding").
 */
export interface RecordFindings {
  /** Each as stored: `severity`, `path`, `message` (webhook-details.ts bodyFindingSchema). */
  token: unknown[];
  body: unknown[];
}

/** A record of `history --json`: the columns' record, with its judgement's findings. */
export type HistoryJsonRecord = HistoryRecord & {
  /** The table's STATUS word (`200`, `failed`, `unanswered`, `not sent`, `waiting`), as an export's. */
  status_word: string;
  /** Null: nothing judged was stored with it (a request, a forward, a raw request). */
  findings: RecordFindings | null;
  /**
   * Another order the body names: the first of an order_id given more than once, when not
   * `order_id` (the last); as the table's `E +1 D` and the views' `+1` say it. Null: none.
   */
  first_named_order_id: string | null;
  /** The scenario run and step that wrote it (`history --run`); null: no run's step wrote it. */
  scenario_run: RunRecordMark | null;
  /** What of the stored row could not be read (its stored text is in `details.damagedColumns`). */
  damaged?: DamagedField[];
};

/** `details.token.findings` and `details.body.findings`, as stored; null when neither part was judged. */
function findingsOf(details: Record<string, unknown>, secrets: readonly string[]): RecordFindings | null {
  const listOf = (part: unknown): unknown[] | null => {
    if (typeof part !== 'object' || part === null) return null;
    const findings = (part as { findings?: unknown }).findings;
    if (!Array.isArray(findings)) return null;
    // As an export writes them: a profile's token a message quotes never leaves (scrubSecrets).
    return JSON.parse(scrubSecrets(JSON.stringify(findings), secrets)) as unknown[];
  };
  const token = listOf(details['token']);
  const body = listOf(details['body']);
  return token === null && body === null ? null : { token: token ?? [], body: body ?? [] };
}

/**
 * A record as `history --json` prints it, built from the record an export writes (one owner of
 * a record's JSON form): its secrets redacted as the export's are (by meaning, and the profiles'
 * tokens wherever they are echoed), its body's size the size of the body it gives (export-records.ts
 * givenSize), the findings of its judgement, and the other order its list's summary names
 * (read by the one reader of it, store/first-named-order.ts). Two owners printed a raw request's body REDACTED
 * beside the size it arrived with, and had no findings where the table counted one.
 */
export function redactedHistoryRecord(
  row: EventRow,
  secrets: readonly string[],
  firstNamedOrderId: string | null,
): HistoryJsonRecord {
  const event = exportedEvent(row, { includeTokens: false, secrets, uidOf: () => null });
  const record = toHistoryRecord(row);
  const damaged = damagedOfRow(row);
  return {
    ...record,
    url: event.url,
    path: event.path,
    order_reference_id: event.order_reference_id,
    event_type: event.event_type,
    status_word: event.status_word,
    error: event.error,
    body: event.request_body,
    body_base64: event.request_body_base64,
    body_size: event.request_size,
    findings: findingsOf(event.details, secrets),
    first_named_order_id: firstNamedOrderId,
    scenario_run: row.imported === 1 ? null : runMarkOf(event.details),
    ...(damaged.length === 0 ? {} : { damaged }),
  };
}
