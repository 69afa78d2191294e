import {
  bodyText,
  bodyVerdictSchema,
  eventKindSchema,
  tokenVerdictSchema,
  type BodyView,
  type TimelineDetail,
  type TimelineSummary,
} from '../../shared/events';
import { provenanceSchema } from '../../shared/provenance';
import { notSentOf, type NotSent } from '../../shared/record-status';
import { maskWith, redactText, redactUrl } from '../../shared/secrets/redact-secrets';
import {
  bodyFindingsOf,
  tokenFindingsOf,
  type EventRow,
  type EventUpdate,
  type SummaryRow,
} from './event-columns';
import { readStoredHeaders } from './stored-headers';

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

/** Whether a delivery never went out: from the SELECT's column, or from a whole row's details. */
function notSentOfRow(row: Pick<SummaryRow, 'kind' | 'not_sent' | 'details'>): NotSent | null {
  if (row.kind !== 'delivery') return null;
  if (row.not_sent !== undefined)
    return row.not_sent === 'dropped' || row.not_sent === 'unsent' ? row.not_sent : null;
  if (row.details === undefined) return null;
  const details: unknown = JSON.parse(row.details);
  return typeof details === 'object' && details !== null
    ? notSentOf(details as Record<string, unknown>)
    : null;
}

function operationOf(row: Pick<SummaryRow, 'operation' | 'details'>): string | null {
  let operation = row.operation;
  if (operation === undefined && row.details !== undefined) {
    const details: unknown = JSON.parse(row.details);
    operation =
      typeof details === 'object' && details !== null ? (details as { operation?: unknown }).operation : null;
  }
  return typeof operation === 'string' ? operation : null;
}

/** A stored row is read whatever it holds: what does not parse reads as nothing, never a throw. */
function parsedOrNull(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** A judged token's findings, from the token_findings column (tokenFindingsOf's messages as JSON). */
function tokenFindingsOfRow(row: Pick<SummaryRow, 'token_verdict' | 'token_findings'>): string[] | null {
  if (row.token_verdict === null || row.token_findings === null) return null;
  const findings = parsedOrNull(row.token_findings);
  return Array.isArray(findings) ? findings.filter((message) => typeof message === 'string') : null;
}

export function toSummary(row: SummaryRow): TimelineSummary {
  return {
    id: row.id,
    uid: row.uid,
    kind: eventKindSchema.parse(row.kind),
    at: new Date(row.at_ms).toISOString(),
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
    bodyFindings: row.body_findings,
    tokenFindings: tokenFindingsOfRow(row),
    operation: operationOf(row),
    notSent: notSentOfRow(row),
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
    next.notSent = next.kind === 'delivery' ? notSentOf(update.details) : null;
  }
  return next;
}

export function toDetail(row: EventRow): TimelineDetail {
  const parsed: unknown = JSON.parse(row.details);
  const details: Record<string, unknown> =
    typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? { ...parsed } : {};
  return {
    ...toSummary(row),
    // Everything as stored, the URL too: the bridge shows a detail through RecordSecrets only.
    url: row.url,
    query: row.query,
    remoteAddress: row.remote_address,
    requestHeaders: readStoredHeaders(row.request_headers),
    requestBody: requestBodyOf(row),
    responseHeaders: row.response_headers === null ? null : readStoredHeaders(row.response_headers),
    responseBody: responseBodyOf(row.response_body, details),
    details,
    secretsMasked: false,
    withheld: null,
  };
}
