import {
  bodyText,
  bodyVerdictSchema,
  eventKindSchema,
  type DamagedField,
  tokenVerdictSchema,
  type BodyView,
  type TimelineDetail,
  type TimelineSummary,
} from '../../shared/events';
import { originalProvenanceOf, provenanceSchema, type OriginalProvenance } from '../../shared/provenance';
import { storedOriginalProvenance } from './original-provenance';
import { UNREADABLE_AT } from '../../shared/damaged-record-words';
import { recordNotSentOf, recordStatusWord, unansweredOf, type NotSent } from '../../shared/record-status';
import { NOT_SENT_WHYS } from '../../shared/events';
import { requestTrailersOf } from '../../shared/request-trailers';
import { maskWith, redactText, redactUrl } from '../../shared/secrets/redact-secrets';
import { bodyFindingsOf, tokenFindingsOf } from './event-findings';
import type { EventRow, SummaryRow } from './event-columns';
import type { EventUpdate } from './new-event';
import {
  readStoredCount,
  readStoredDetails,
  readStoredHeaderList,
  readStoredMessages,
  readStoredTime,
  UNREADABLE,
} from './stored-columns';
import { damagedColumnFields, readEventRow } from './read-event-row';

// A stored row as the timeline shows it: the summary (lists, pushes) and the detail (one record).

export function toBodyView(
  bytes: Uint8Array | null,
  truncated = false,
  size?: number | null,
): BodyView | null {
  if (bytes === null) return null;
  const text = bodyText(bytes);
  return {
    size: size ?? bytes.byteLength,
    truncated,
    text,
    base64: text === null ? Buffer.from(bytes).toString('base64') : null,
  };
}

/**
 * A stored request's body as every reader takes it (the detail, `history`, an export): with
 * whether the listener cut it short, which the redaction needs (a cut may end inside a secret).
 */
export const requestBodyOf = (
  row: Pick<EventRow, 'request_body' | 'request_truncated' | 'request_size'>,
): BodyView | null => toBodyView(row.request_body, row.request_truncated === 1, row.request_size);

/**
 * A stored answer's body as every reader takes it (the detail, an export): one cut at what the
 * console keeps carries the size that arrived, which its details hold (recorded-exchange.ts).
 */
export function responseBodyOf(bytes: Uint8Array | null, details: Record<string, unknown>): BodyView | null {
  const size = details['responseSize'];
  return toBodyView(bytes, details['responseTruncated'] === true, typeof size === 'number' ? size : null);
}

/** Whether a record never went out, and why: from the SELECT's column, or from a whole row's details. */
function notSentOfRow(
  row: Pick<SummaryRow, 'kind' | 'status' | 'error' | 'not_sent' | 'details'>,
): NotSent | null {
  if (row.not_sent !== undefined) return NOT_SENT_WHYS.find((why) => why === row.not_sent) ?? null;
  if (row.details === undefined) return null;
  const details = readStoredDetails(row.details);
  return details === UNREADABLE ? null : recordNotSentOf({ ...row, details });
}

/** Whether a request was cancelled once sent whole: from migration 040's column, or from a whole row's details. */
function unansweredOfRow(row: Pick<SummaryRow, 'status' | 'error' | 'unanswered' | 'details'>): boolean {
  if (row.unanswered !== undefined) return row.unanswered === 1;
  if (row.details === undefined) return false;
  const details = readStoredDetails(row.details);
  return details !== UNREADABLE && unansweredOf(row.status, row.error, details);
}

/** An import's provenance where it came from: from the SELECT's column, or from a whole row's details. */
function originalProvenanceOfRow(
  row: Pick<SummaryRow, 'provenance' | 'original_provenance' | 'details'>,
): OriginalProvenance | null {
  if (row.original_provenance !== undefined)
    return row.provenance === 'import' ? originalProvenanceOf(row.original_provenance) : null;
  return storedOriginalProvenance(row.provenance, row.details);
}

/**
 * A whole row's status word, as a list's summary reads it (toSummary): the word the table's
 * STATUS column says, given to `history --json` and every export file (`status_word`). A file
 * has no blank for a request still waiting for its answer: it says `waiting`; an imported one
 * that was waiting in its file, `no answer`.
 */
export function statusWordOfRow(row: EventRow): string {
  const fields = {
    status: row.status,
    error: row.error,
    notSent: notSentOfRow(row),
    unanswered: unansweredOfRow(row),
    // An import still waiting in its file is waited for by nobody here: `no answer`.
    imported: row.imported === 1,
  };
  return recordStatusWord(fields, 'waiting');
}

function operationOf(row: Pick<SummaryRow, 'operation' | 'details'>): string | null {
  let operation = row.operation;
  if (operation === undefined && row.details !== undefined) {
    const details = readStoredDetails(row.details);
    operation = details === UNREADABLE ? null : details['operation'];
  }
  return typeof operation === 'string' ? operation : null;
}

/**
 * The fields of a stored row that cannot be read: a list's SELECT says whether its details are
 * JSON (`details_readable`, summaryColumns), a whole row carries them.
 */
function damagedOf(row: SummaryRow): DamagedField[] {
  // Each column not of its type (readEventRow), then what of the JSON columns cannot be read.
  const damaged = damagedColumnFields(row);
  const push = (field: DamagedField) => {
    if (!damaged.includes(field)) damaged.push(field);
  };
  if (readStoredTime(row.at_ms) === UNREADABLE) push('at');
  const detailsUnreadable =
    row.details !== undefined ? readStoredDetails(row.details) === UNREADABLE : row.details_readable === 0;
  if (detailsUnreadable) push('details');
  if (readStoredCount(row.body_findings) === UNREADABLE) push('bodyFindings');
  // Read only for a judged token, as the summary reads them.
  if (row.token_verdict !== null && readStoredMessages(row.token_findings) === UNREADABLE)
    push('tokenFindings');
  return damaged;
}

/** A judged token's findings, from the token_findings column (tokenFindingsOf's messages as JSON). */
function tokenFindingsOfRow(row: Pick<SummaryRow, 'token_verdict' | 'token_findings'>): string[] | null {
  if (row.token_verdict === null) return null;
  const findings = readStoredMessages(row.token_findings);
  return findings === UNREADABLE ? null : findings;
}

export function toSummary(stored: SummaryRow): TimelineSummary {
  const row = readEventRow(stored);
  const at = readStoredTime(row.at_ms);
  const bodyFindings = readStoredCount(row.body_findings);
  const damaged = damagedOf(row);
  return {
    id: row.id,
    uid: row.uid,
    kind: eventKindSchema.parse(row.kind),
    // Damaged, the time is said so (`damaged`, TIME_UNREADABLE); '' is no instant to sort or filter by.
    at: at === UNREADABLE ? UNREADABLE_AT : at,
    profileId: row.profile_id,
    profileName: row.profile_name,
    method: row.method,
    // Every list (timeline, orders, history, pushes) shows paths and URLs with their tokens masked.
    path: row.path === null ? null : redactText(row.path, [], maskWith),
    url: row.url === null ? null : redactUrl(row.url, [], maskWith),
    status: row.status,
    durationMs: row.duration_ms,
    orderId: row.order_id,
    firstNamedOrderId: typeof row.first_named_order_id === 'string' ? row.first_named_order_id : null,
    orderReferenceId: row.order_reference_id,
    eventType: row.event_type,
    tokenVerdict: row.token_verdict === null ? null : tokenVerdictSchema.parse(row.token_verdict),
    bodyVerdict: row.body_verdict === null ? null : bodyVerdictSchema.parse(row.body_verdict),
    error: row.error,
    relatedId: row.related_id,
    imported: row.imported === 1,
    provenance: provenanceSchema.parse(row.provenance),
    originalProvenance: originalProvenanceOfRow(row),
    bodyFindings: bodyFindings === UNREADABLE ? null : bodyFindings,
    tokenFindings: tokenFindingsOfRow(row),
    operation: operationOf(row),
    notSent: notSentOfRow(row),
    unanswered: unansweredOfRow(row),
    ...(damaged.length === 0 ? {} : { damaged }),
  };
}

/** A summary with an update applied, as re-reading the row would give it. */
export function applyUpdate(summary: TimelineSummary, update: EventUpdate): TimelineSummary {
  const next = { ...summary };
  if (update.status !== undefined) next.status = update.status;
  if (update.durationMs !== undefined) next.durationMs = update.durationMs;
  if (update.orderId !== undefined) next.orderId = update.orderId;
  if (update.orderReferenceId !== undefined) next.orderReferenceId = update.orderReferenceId;
  if (update.eventType !== undefined) next.eventType = update.eventType;
  if (update.tokenVerdict !== undefined) next.tokenVerdict = update.tokenVerdict;
  if (update.bodyVerdict !== undefined) next.bodyVerdict = update.bodyVerdict;
  if (update.error !== undefined) next.error = update.error;
  if (update.relatedId !== undefined) next.relatedId = update.relatedId;
  if (update.details !== undefined) {
    next.bodyFindings = bodyFindingsOf(update.details);
    next.tokenFindings = next.tokenVerdict === null ? null : tokenFindingsOf(update.details);
    const operation = update.details['operation'];
    next.operation = typeof operation === 'string' ? operation : null;
  }
  // A delivery's flags are in its details and stand whatever its status; a failure's why (any
  // kind's, a delivery's cancelled attempt too) needs its status and error too.
  if (update.details !== undefined) next.notSent = recordNotSentOf({ ...next, details: update.details });
  else if (update.status !== undefined || update.error !== undefined)
    next.notSent =
      next.notSent === 'dropped' || next.notSent === 'unsent' || (next.status === null && next.error !== null)
        ? next.notSent
        : null;
  // Status, error and details all decide it; an update may carry any of them.
  if (update.status !== undefined || update.error !== undefined || update.details !== undefined)
    next.unanswered =
      update.details === undefined
        ? next.unanswered && next.status === null && next.error !== null
        : unansweredOf(next.status, next.error, update.details);
  return next;
}

/** Every field of a whole stored row that cannot be read: the summary's, and its headers. */
export function damagedOfRow(stored: EventRow): DamagedField[] {
  const row = readEventRow(stored);
  const damaged = damagedOf(row);
  const push = (field: DamagedField) => {
    if (!damaged.includes(field)) damaged.push(field);
  };
  if (readStoredHeaderList(row.request_headers) === UNREADABLE) push('requestHeaders');
  if (row.response_headers !== null && readStoredHeaderList(row.response_headers) === UNREADABLE)
    push('responseHeaders');
  return damaged;
}

export function toDetail(stored: EventRow): TimelineDetail {
  const row = readEventRow(stored);
  const read = readStoredDetails(row.details);
  // The trailer fields go beside the request headers, so every reader masks them as it does those.
  const { trailers, rest: details } = requestTrailersOf(read === UNREADABLE ? {} : read);
  const summary = toSummary(row);
  const damaged = damagedOfRow(row);
  const requestHeaders = readStoredHeaderList(row.request_headers);
  const responseHeaders = row.response_headers === null ? null : readStoredHeaderList(row.response_headers);
  return {
    ...summary,
    // Everything as stored, the URL too: the bridge shows a detail through RecordSecrets only.
    url: row.url,
    query: row.query,
    remoteAddress: row.remote_address,
    // Damaged parts read as empty here and are named in `damaged`: cURL refuses them, views say so.
    requestHeaders: requestHeaders === UNREADABLE ? [] : requestHeaders,
    ...(trailers === null ? {} : { requestTrailers: trailers }),
    requestBody: requestBodyOf(row),
    responseHeaders: responseHeaders === UNREADABLE ? [] : responseHeaders,
    responseBody: responseBodyOf(row.response_body, details),
    details,
    secretsMasked: false,
    withheld: null,
    ...(damaged.length === 0 ? {} : { damaged }),
  };
}
