import { bodyVerdictSchema, eventKindSchema, tokenVerdictSchema, type BodyView } from '../../shared/events';
import type { WrittenEvent } from '../../shared/history-file';
import {
  redactText,
  redactWith,
  replaceSecrets,
  replaceSecretsInText,
  usableSecrets,
} from '../../shared/secrets/redact-secrets';
import {
  redactExchange,
  replaceSecretsInExchange,
  secretsOfExchange,
} from '../../shared/secrets/redact-exchange';
import type { DamagedField } from '../../shared/events';
import { damagedOfRow, requestBodyOf, responseBodyOf, type EventRow } from '../store/events-repository';
import { statusWordOfRow } from '../store/event-views';
import {
  readStoredDetails,
  readStoredHeaderList,
  readStoredTime,
  storedValueForFile,
  UNREADABLE,
} from '../store/stored-columns';
import { RELATED_UID_KEY } from '../store/history-repository';
import { requestTrailersOf } from '../../shared/request-trailers';
import { ORIGINAL_PROVENANCE_KEY, provenanceSchema } from '../../shared/provenance';
import { storedOriginalProvenance } from '../store/original-provenance';

/**
 * Where an exported record keeps, as stored, the columns that could not be read (the stored text
 * under the column's name): the file says what the database held, never an empty value as if it
 * were the real one, and an import keeps them so. docs/data-safety.md.
 */
export const DAMAGED_COLUMNS_KEY = 'damagedColumns';
/** The time a record whose stored time is damaged is given in a file, which needs one. */
const NO_TIME = new Date(0).toISOString();

export interface ExportOptions {
  /** Keep the notification tokens that arrived with webhooks (off by default). */
  includeTokens: boolean;
  /** Secrets that must never be written out (profile tokens), whatever else is asked. */
  secrets: readonly string[];
  uidOf: (id: number) => string | null;
  /** Told of each record exported with damaged columns (kept in DAMAGED_COLUMNS_KEY). */
  onDamaged?: (id: number, fields: readonly DamagedField[]) => void;
}

/** Profile secrets never leave in an export, even if one was typed into a body. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  return replaceSecrets(text, secrets, redactWith);
}

/**
 * Where a record says which of its bodies an export changed (a secret replaced by REDACTED) and
 * the size each had before: `details.redacted.request.sizeBefore`. The size the file gives
 * (`request_size`, `response_size`, HAR's bodySize) is that of the body it gives, so an import
 * reads a body and a size that agree; the size that arrived is this separate, named fact.
 */
export const REDACTED_KEY = 'redacted';
export type RedactedPart = 'request' | 'response';
type RedactedSizes = Partial<Record<RedactedPart, { sizeBefore: number }>>;

/** `details` saying that the export changed `part`'s body, which had `sizeBefore` bytes. */
export function withRedactedSize(
  details: Record<string, unknown>,
  part: RedactedPart,
  sizeBefore: number,
): Record<string, unknown> {
  const said = details[REDACTED_KEY];
  const sizes: RedactedSizes = typeof said === 'object' && said !== null ? (said as RedactedSizes) : {};
  // A record imported from a redacted export already says the size it arrived with: that one stays.
  if (sizes[part] !== undefined) return details;
  return { ...details, [REDACTED_KEY]: { ...sizes, [part]: { sizeBefore } } };
}

/** The bytes a body view holds. */
export const heldBytes = (view: Pick<BodyView, 'text' | 'base64'>): number =>
  view.text !== null
    ? Buffer.byteLength(view.text, 'utf8')
    : view.base64 === null
      ? 0
      : Buffer.from(view.base64, 'base64').byteLength;

/**
 * The size of a body as the export gives it. Unchanged, the size it arrived with. Changed by a
 * redaction, that size with the kept part counted as given: a whole body's is the size of the
 * body given, a cut one's stays larger than what it gives (only the kept part was redacted).
 * A REDACTED longer than `abc` made the size smaller than the body given, and import refused
 * the whole file; a shorter one left a whole body claiming bytes it never gave.
 */
export function givenSize(stored: BodyView | null, given: BodyView | null): number | null {
  if (stored === null || given === null || given === stored) return stored?.size ?? null;
  return stored.size - heldBytes(stored) + heldBytes(given);
}

/** One stored record as it goes into a JSON or NDJSON export. */
export function exportedEvent(row: EventRow, options: ExportOptions): WrittenEvent {
  const keep = options.includeTokens;
  const read = readStoredDetails(row.details);
  let details: Record<string, unknown> = read === UNREADABLE ? {} : read;
  const at = readStoredTime(row.at_ms);
  const requestHeaders = readStoredHeaderList(row.request_headers);
  const responseHeaders = row.response_headers === null ? null : readStoredHeaderList(row.response_headers);
  const damagedColumns = {
    ...(at === UNREADABLE ? { at_ms: row.at_ms } : {}),
    ...(read === UNREADABLE ? { details: row.details } : {}),
    ...(requestHeaders === UNREADABLE ? { request_headers: row.request_headers } : {}),
    ...(responseHeaders === UNREADABLE ? { response_headers: row.response_headers } : {}),
    // Each column not of its type (read-event-row.ts), as stored (last: its stand-in is no
    // stored value); bytes as base64.
    ...Object.fromEntries(
      Object.entries(row.unreadable_columns ?? {}).map(([name, value]) => [name, storedValueForFile(value)]),
    ),
  };
  const damaged = damagedOfRow(row);
  if (damaged.length > 0) options.onDamaged?.(row.id, damaged);
  // An imported record's link kept by uid goes out as related_uid, where it came from.
  // An import's original provenance goes out as its own field (original_provenance), as it came.
  const originalProvenance = storedOriginalProvenance(row.provenance, row.details);
  const { [RELATED_UID_KEY]: keptRelatedUid, [ORIGINAL_PROVENANCE_KEY]: _original, ...ownDetails } = details;
  // Trailer fields go out beside the request headers (request_trailers), redacted as those are.
  const { trailers, rest } = requestTrailersOf(ownDetails);
  details = rest;
  const relatedUid =
    (row.related_id === null ? null : options.uidOf(row.related_id)) ??
    (typeof keptRelatedUid === 'string' ? keptRelatedUid : null);
  // Unless the tokens were asked for, every secret goes by meaning: the one redaction that
  // screens and cURL use too (Authorization with or without a scheme, serviceToken in any
  // spelling, and whatever echoes them, bodies included).
  const plain = {
    url: row.url,
    path: row.path,
    query: row.query,
    requestHeaders: requestHeaders === UNREADABLE ? [] : requestHeaders,
    ...(trailers === null ? {} : { requestTrailers: trailers }),
    responseHeaders: responseHeaders === UNREADABLE ? [] : responseHeaders,
    requestBody: requestBodyOf(row),
    responseBody: responseBodyOf(row.response_body, details),
  };
  // Text or base64 is the views' judgement (shared/events.ts bodyText), the one every reader makes.
  // With the tokens kept, the profiles' own still go, in every spelling (a form-encoded body's
  // `%73k_…`, a JSON body's `\u0073k_…`), bytes included; the file's text is scrubbed again after.
  const shown = keep
    ? replaceSecretsInExchange(plain, options.secrets, redactWith).exchange
    : redactExchange(plain, redactWith, options.secrets).exchange;
  // What main read from the body goes as the body does: a JWT in order_reference_id was written
  // whole beside the body that REDACTED it.
  let known: string[] | undefined;
  const derived = (value: string | null) => {
    if (value === null) return null;
    if (keep) return replaceSecretsInText(value, (known ??= usableSecrets(options.secrets)), redactWith);
    return redactText(value, (known ??= secretsOfExchange(plain, options.secrets)), redactWith);
  };
  for (const [part, stored, given] of [
    ['request', plain.requestBody, shown.requestBody],
    ['response', plain.responseBody, shown.responseBody],
  ] as const)
    if (stored !== null && given !== stored) details = withRedactedSize(details, part, stored.size);
  // The stored text as it is, secrets and all: the file's text is scrubbed of the profiles' tokens
  // after (scrubSecrets), and a webhook token in damaged headers goes only with --include-tokens.
  if (Object.keys(damagedColumns).length > 0)
    details = { ...details, [DAMAGED_COLUMNS_KEY]: keep ? damagedColumns : redactDamaged(damagedColumns) };
  return {
    uid: row.uid,
    kind: eventKindSchema.parse(row.kind),
    at: at === UNREADABLE ? NO_TIME : at,
    profile: row.profile_name,
    method: row.method,
    url: shown.url,
    path: shown.path ?? null,
    query: shown.query,
    remote_address: row.remote_address,
    request_headers: shown.requestHeaders,
    // Only when some arrived: a record without them reads as every export has written it.
    ...(shown.requestTrailers === undefined ? {} : { request_trailers: shown.requestTrailers }),
    request_body: shown.requestBody?.text ?? null,
    request_body_base64: shown.requestBody?.base64 ?? null,
    request_truncated: row.request_truncated === 1,
    request_size:
      plain.requestBody === null ? row.request_size : givenSize(plain.requestBody, shown.requestBody),
    status: row.status,
    // Beside the status, the word the table says: `status: null` read alike for a failure, a
    // request sent whole with no answer (`unanswered`), one still waiting and one never sent.
    status_word: statusWordOfRow(row),
    response_headers: shown.responseHeaders,
    response_body: shown.responseBody?.text ?? null,
    response_body_base64: shown.responseBody?.base64 ?? null,
    response_truncated: plain.responseBody?.truncated ?? false,
    response_size: givenSize(plain.responseBody, shown.responseBody),
    duration_ms: row.duration_ms,
    order_id: row.order_id,
    order_reference_id: derived(row.order_reference_id),
    event_type: derived(row.event_type),
    token_verdict: tokenVerdictSchema.nullable().parse(row.token_verdict),
    body_verdict: bodyVerdictSchema.nullable().parse(row.body_verdict),
    error: derived(row.error),
    related_uid: relatedUid,
    // Whose doing it was: without it, imported elsewhere, a crafted webhook and a replay's
    // arrival read as the service's record did (an import), and "imports back without loss" lied.
    provenance: provenanceSchema.parse(row.provenance),
    ...(originalProvenance === null ? {} : { original_provenance: originalProvenance }),
    details,
  };
}

/** Damaged headers' text with every secret redacted by meaning, as whole headers are. */
function redactDamaged(columns: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(columns).map(([name, value]) => [
      name,
      typeof value === 'string' && name.endsWith('_headers') ? redactText(value, [], redactWith) : value,
    ]),
  );
}
