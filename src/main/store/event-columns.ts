import { BODY_VERDICTS, bodyText, EVENT_KINDS, TOKEN_VERDICTS } from '../../shared/events';
import { defaultProvenance, PROVENANCES } from '../../shared/provenance';
import { redactUrl, redactWith } from '../../shared/secrets/redact-secrets';
import { wellFormedText } from '../../shared/well-formed-text';
import { bodyFindingsOf, tokenFindingsText } from './event-findings';
import { storedOriginalProvenance } from './original-provenance';
import type { EventUpdate, NewEvent } from './new-event';
import { readStoredTime, UNREADABLE, type Storage } from './stored-columns';
import { newTimeOrderedUuid } from './time-ordered-uuid';

// The events table's one declaration of its columns, and the row types derived from it. What is
// derived further has its own module: the SQL (event-column-sql.ts), a `history --json` record
// (event-history-record.ts), what producers write (new-event.ts).

type StoredValue<S extends Storage> = S extends 'blob' ? Buffer : S extends 'text' ? string : number;
type Value<S extends Storage, Nullable extends boolean> = Nullable extends true
  ? StoredValue<S> | null
  : StoredValue<S>;

/** A stored row seen loosely, for a column whose output also reads another column. */
export type AnyRow = Readonly<Record<string, unknown>>;

interface Column<S extends Storage, Nullable extends boolean, Summary extends boolean, History> {
  storage: S;
  nullable: Nullable;
  /** In the timeline's summaries (lists and pushes), not only in a record's detail. */
  summary: Summary;
  /** The field of an EventUpdate it is written from; null: set when inserted only. */
  from: keyof EventUpdate | null;
  /** Its value for a new row (and, for `from` columns, for an update that carries the field). */
  write: (event: NewEvent) => Value<S, Nullable>;
  /** What it adds to a record of `history --json` (the CLI's row shape); null: nothing. */
  history: ((value: Value<S, Nullable>, row: AnyRow) => History) | null;
  /** The only words a text column holds (a verdict, a kind); undefined: any text. */
  words?: readonly string[];
}

interface ColumnOptions<S extends Storage, Nullable extends boolean, History> {
  from?: keyof EventUpdate;
  history?: (value: Value<S, Nullable>, row: AnyRow) => History;
  words?: readonly string[];
}

const column = <S extends Storage, Nullable extends boolean, Summary extends boolean, History = never>(
  storage: S,
  nullable: Nullable,
  summary: Summary,
  write: (event: NewEvent) => Value<S, Nullable>,
  options: ColumnOptions<S, Nullable, History> = {},
): Column<S, Nullable, Summary, History> => ({
  storage,
  nullable,
  summary,
  // A text column holds well-formed text only (an order id a webhook spelled with an unpaired
  // surrogate escape read back as another id, and its order was never listed).
  write: storage === 'text' ? (event) => wellFormedValue(write(event)) : write,
  from: options.from ?? null,
  history: options.history ?? null,
  ...(options.words === undefined ? {} : { words: options.words }),
});

/** A text as a text column stores it (wellFormedText); any other value as it is. */
const wellFormedValue = <V>(value: V): V =>
  typeof value === 'string' ? (wellFormedText(value) as V) : value;

/** The column in `history --json` under `key`, its value as stored. */
const as =
  <K extends string>(key: K) =>
  <V>(value: V) =>
    ({ [key]: value }) as Record<K, V>;

/** A body for `history --json`: as text when it is UTF-8 (shared/events.ts bodyText), else as base64. */
function historyBody(bytes: Buffer | null): { body: string | null; body_base64: string | null } {
  if (bytes === null) return { body: null, body_base64: null };
  const text = bodyText(bytes);
  return text === null
    ? { body: null, body_base64: bytes.toString('base64') }
    : { body: text, body_base64: null };
}

const bytes = (value: Uint8Array | null | undefined) =>
  value === undefined || value === null ? null : Buffer.from(value);
const flag = (value: boolean | undefined) => (value === true ? 1 : 0);

/**
 * The events table's columns (after `id`), declared once: the INSERT, the summary SELECT,
 * the row types and the updates are all derived from this (migration 001 and its successors
 * create them; store-migrations.test.ts holds the two to the same list).
 */
export const EVENT_COLUMNS = {
  uid: column('text', false, true, (e) => e.uid ?? newTimeOrderedUuid(), { history: as('uid') }),
  kind: column('text', false, true, (e) => e.kind, { history: as('kind'), words: EVENT_KINDS }),
  at_ms: column('integer', false, true, (e) => e.atMs ?? Date.now(), {
    // A damaged time is null here, and named in `damaged` (toHistoryRecord).
    history: (ms) => {
      const at = readStoredTime(ms);
      return { at: at === UNREADABLE ? null : at };
    },
  }),
  profile_id: column('integer', true, true, (e) => e.profileId ?? null),
  profile_name: column('text', true, true, (e) => e.profileName ?? null, { history: as('profile') }),
  method: column('text', true, true, (e) => e.method ?? null, { history: as('method') }),
  url: column('text', true, true, (e) => e.url ?? null, {
    // The CLI prints URLs with `?serviceToken=` values replaced by REDACTED.
    history: (url) => ({ url: url === null ? null : redactUrl(url, [], redactWith) }),
  }),
  path: column('text', true, true, (e) => e.path ?? null, { history: as('path') }),
  query: column('text', true, false, (e) => e.query ?? null),
  remote_address: column('text', true, false, (e) => e.remoteAddress ?? null),
  request_headers: column('text', false, false, (e) => JSON.stringify(e.requestHeaders ?? [])),
  request_body: column('blob', true, false, (e) => bytes(e.requestBody), { history: historyBody }),
  request_size: column('integer', true, false, (e) => e.requestSize ?? e.requestBody?.byteLength ?? null, {
    history: (size, row) => {
      const body = row['request_body'];
      return { body_size: size ?? (Buffer.isBuffer(body) ? body.byteLength : null) };
    },
  }),
  request_truncated: column('flag', false, false, (e) => flag(e.requestTruncated), {
    history: (truncated) => ({ body_truncated: truncated === 1 }),
  }),
  status: column('integer', true, true, (e) => e.status ?? null, { from: 'status', history: as('status') }),
  response_headers: column(
    'text',
    true,
    false,
    (e) =>
      e.responseHeaders === undefined || e.responseHeaders === null
        ? null
        : JSON.stringify(e.responseHeaders),
    { from: 'responseHeaders' },
  ),
  response_body: column('blob', true, false, (e) => bytes(e.responseBody), { from: 'responseBody' }),
  duration_ms: column('real', true, true, (e) => e.durationMs ?? null, {
    from: 'durationMs',
    history: as('duration_ms'),
  }),
  order_id: column('text', true, true, (e) => e.orderId ?? null, {
    from: 'orderId',
    history: as('order_id'),
  }),
  order_reference_id: column('text', true, true, (e) => e.orderReferenceId ?? null, {
    from: 'orderReferenceId',
    history: as('order_reference_id'),
  }),
  event_type: column('text', true, true, (e) => e.eventType ?? null, {
    from: 'eventType',
    history: as('event_type'),
  }),
  token_verdict: column('text', true, true, (e) => e.tokenVerdict ?? null, {
    from: 'tokenVerdict',
    history: as('token_verdict'),
    words: TOKEN_VERDICTS,
  }),
  body_verdict: column('text', true, true, (e) => e.bodyVerdict ?? null, {
    from: 'bodyVerdict',
    history: as('body_verdict'),
    words: BODY_VERDICTS,
  }),
  error: column('text', true, true, (e) => e.error ?? null, { from: 'error', history: as('error') }),
  related_id: column('integer', true, true, (e) => e.relatedId ?? null, {
    from: 'relatedId',
    history: as('related_id'),
  }),
  imported: column('flag', false, true, (e) => flag(e.imported), {
    history: (imported) => ({ imported: imported === 1 }),
  }),
  details: column('text', false, false, (e) => JSON.stringify(e.details ?? {}), { from: 'details' }),
  provenance: column(
    'text',
    false,
    true,
    (e) => e.provenance ?? defaultProvenance(e.kind, e.imported === true),
    // Whose doing the record is, so a script can tell the service's own from a replay's arrival;
    // an import's, beside it, what it was where it came from (its file's word, changing nothing).
    {
      history: (provenance, row) => ({
        provenance,
        original_provenance: storedOriginalProvenance(provenance, row['details']),
      }),
      words: PROVENANCES,
    },
  ),
  body_findings: column('integer', true, true, (e) => bodyFindingsOf(e.details), { from: 'details' }),
  // Read by every list: stored with the record (migration 038), not read out of `details` per row
  // by each list. Kept whatever the token verdict; a summary reads it only for a judged token.
  token_findings: column('text', true, true, (e) => tokenFindingsText(e.details), { from: 'details' }),
  // Null here: it is read out of the body by SQL (first-named-order.ts) right after the row is
  // written or its details or order change (events-repository.ts), as SQLite's first of a name.
  first_named_order_id: column('text', true, true, () => null),
};

export type Columns = typeof EVENT_COLUMNS;
export type ColumnName = keyof Columns;
type ValueOfColumn<K extends ColumnName> = ReturnType<Columns[K]['write']>;

/**
 * The columns of a stored row whose value is not of their type, as stored (read-event-row.ts):
 * the row carries null (or what its reading says) in their place, and every reader names them.
 */
export type UnreadableColumns = Partial<Record<ColumnName, unknown>>;
/** A stored row as SQLite returns it, read by readEventRow (what it could not read is set apart). */
export type EventRow = { id: number } & { [K in ColumnName]: ValueOfColumn<K> } & {
  unreadable_columns?: UnreadableColumns;
};
/** The columns of a new row (`id` given separately). */
export type EventParams = Omit<EventRow, 'id' | 'unreadable_columns'>;
type SummaryName = { [K in ColumnName]: Columns[K]['summary'] extends true ? K : never }[ColumnName];
/**
 * The columns a summary is built from, and the request's operation (createCheckout, capture…):
 * not a column of its own but read out of `details`, where the client writes it, so every
 * list can name a request. A whole row carries `details` to read it from instead.
 */
export type SummaryRow = Pick<EventRow, 'id' | 'unreadable_columns' | SummaryName> & {
  operation?: unknown;
  /** Read out of `details` as the operation is: a delivery that never went out (record-status.ts). */
  not_sent?: unknown;
  /** Migration 042's column: 1 for a request written whole that got no answer (record-status.ts). */
  unanswered?: unknown;
  /** An import's provenance where it came from, read out of `details` (original-provenance.ts). */
  original_provenance?: unknown;
  /** Whether `details` is JSON (0: damaged in the database, said as such), from summaryColumns. */
  details_readable?: number;
  details?: string;
};

/** The columns, each with its declaration (read-event-row.ts reads each by it). */
export const entries = Object.entries(EVENT_COLUMNS) as [ColumnName, Columns[ColumnName]][];
