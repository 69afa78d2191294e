import { randomUUID } from 'node:crypto';
import {
  bodyVerdictSchema,
  eventKindSchema,
  tokenVerdictSchema,
  type BodyVerdict,
  type BodyView,
  type EventKind,
  type HeaderList,
  type TimelineDetail,
  type TimelineSummary,
  type TokenVerdict,
} from '../../shared/events';
import { defaultProvenance, provenanceSchema, type Provenance } from '../../shared/provenance';
import { maskWith, redactUrl } from '../../shared/secrets/redact-secrets';
import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from './connection';
import { readStoredHeaders } from './stored-headers';

/** What a producer (listener, client, emulator, replay) records. Only kind is required. */
export interface NewEvent {
  uid?: string;
  kind: EventKind;
  atMs?: number;
  profileId?: number | null;
  profileName?: string | null;
  method?: string | null;
  url?: string | null;
  path?: string | null;
  query?: string | null;
  remoteAddress?: string | null;
  requestHeaders?: HeaderList;
  requestBody?: Uint8Array | null;
  requestSize?: number | null;
  requestTruncated?: boolean;
  status?: number | null;
  responseHeaders?: HeaderList | null;
  responseBody?: Uint8Array | null;
  durationMs?: number | null;
  orderId?: string | null;
  orderReferenceId?: string | null;
  eventType?: string | null;
  tokenVerdict?: TokenVerdict | null;
  bodyVerdict?: BodyVerdict | null;
  error?: string | null;
  relatedId?: number | null;
  imported?: boolean;
  details?: Record<string, unknown>;
  /** Whose doing it was; by default from the kind (forward, replay) and `imported`, else the service's. */
  provenance?: Provenance;
}

/**
 * A record whose content names its own id (the listener's answer says `"id": 12` and is
 * stored with the row), built once the id is known.
 */
export type NumberedEvent = (id: number) => NewEvent;

/** Fields that become known after the row was first written (a response, a verdict). */
export type EventUpdate = Partial<
  Pick<
    NewEvent,
    | 'status'
    | 'responseHeaders'
    | 'responseBody'
    | 'durationMs'
    | 'orderId'
    | 'orderReferenceId'
    | 'eventType'
    | 'tokenVerdict'
    | 'bodyVerdict'
    | 'error'
    | 'details'
  >
>;

export interface EventRow {
  id: number;
  uid: string;
  kind: string;
  at_ms: number;
  profile_id: number | null;
  profile_name: string | null;
  method: string | null;
  url: string | null;
  path: string | null;
  query: string | null;
  remote_address: string | null;
  request_headers: string;
  request_body: Buffer | null;
  request_size: number | null;
  request_truncated: number;
  status: number | null;
  response_headers: string | null;
  response_body: Buffer | null;
  duration_ms: number | null;
  order_id: string | null;
  order_reference_id: string | null;
  event_type: string | null;
  token_verdict: string | null;
  body_verdict: string | null;
  error: string | null;
  related_id: number | null;
  imported: number;
  details: string;
  provenance: string;
  body_findings: number | null;
}

/**
 * The summary's columns over a table alias (`e.` in events-query, none here). The operation is
 * read out of `details` (the client writes it there) so every list can name a request.
 */
export function eventSummaryColumns(alias = ''): string {
  const columns = `id, uid, kind, at_ms, profile_id, profile_name, method, url, path, status, duration_ms,
  order_id, order_reference_id, event_type, token_verdict, body_verdict, error, related_id, imported, provenance,
  body_findings`
    .split(',')
    .map((column) => `${alias}${column.trim()}`);
  return `${columns.join(', ')}, json_extract(${alias}details, '$.operation') AS operation`;
}
const SUMMARY_COLUMNS = eventSummaryColumns();

type SummaryRow = Pick<
  EventRow,
  | 'id'
  | 'uid'
  | 'kind'
  | 'at_ms'
  | 'profile_id'
  | 'profile_name'
  | 'method'
  | 'url'
  | 'path'
  | 'status'
  | 'duration_ms'
  | 'order_id'
  | 'order_reference_id'
  | 'event_type'
  | 'token_verdict'
  | 'body_verdict'
  | 'error'
  | 'related_id'
  | 'imported'
  | 'provenance'
  | 'body_findings'
> & {
  /** Selected by the summary columns; a whole row has `details` to read it from instead. */
  operation?: unknown;
  details?: string;
};

function operationOf(row: Pick<SummaryRow, 'operation' | 'details'>): string | null {
  let operation = row.operation;
  if (operation === undefined && row.details !== undefined) {
    const details: unknown = JSON.parse(row.details);
    operation =
      typeof details === 'object' && details !== null ? (details as { operation?: unknown }).operation : null;
  }
  return typeof operation === 'string' ? operation : null;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function toBodyView(
  bytes: Uint8Array | null,
  truncated = false,
  size?: number | null,
): BodyView | null {
  if (bytes === null) return null;
  let text: string | null = null;
  try {
    text = utf8.decode(bytes);
  } catch {
    text = null;
  }
  return {
    size: size ?? bytes.byteLength,
    truncated,
    text,
    base64: text === null ? Buffer.from(bytes).toString('base64') : null,
  };
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
    path: row.path,
    // Every list (timeline, orders, history, pushes) shows URLs with their tokens masked.
    url: row.url === null ? null : redactUrl(row.url, [], maskWith),
    status: row.status,
    durationMs: row.duration_ms,
    orderId: row.order_id,
    orderReferenceId: row.order_reference_id,
    eventType: row.event_type,
    tokenVerdict: row.token_verdict === null ? null : tokenVerdictSchema.parse(row.token_verdict),
    bodyVerdict: row.body_verdict === null ? null : bodyVerdictSchema.parse(row.body_verdict),
    error: row.error,
    relatedId: row.related_id,
    imported: row.imported === 1,
    provenance: provenanceSchema.parse(row.provenance),
    bodyFindings: row.body_findings,
    operation: operationOf(row),
  };
}

/** The number of findings of a notification body's judgement stored in `details.body`, else null. */
export function bodyFindingsOf(details: Record<string, unknown> | undefined): number | null {
  const body = details?.['body'];
  if (typeof body !== 'object' || body === null) return null;
  const findings = (body as { findings?: unknown }).findings;
  return Array.isArray(findings) ? findings.length : null;
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
  if (update.details !== undefined) {
    next.bodyFindings = bodyFindingsOf(update.details);
    const operation = update.details['operation'];
    next.operation = typeof operation === 'string' ? operation : null;
  }
  return next;
}

export function toDetail(row: EventRow): TimelineDetail {
  const details: unknown = JSON.parse(row.details);
  return {
    ...toSummary(row),
    // Everything as stored, the URL too: the bridge shows a detail through RecordSecrets only.
    url: row.url,
    query: row.query,
    remoteAddress: row.remote_address,
    requestHeaders: readStoredHeaders(row.request_headers),
    requestBody: toBodyView(row.request_body, row.request_truncated === 1, row.request_size),
    responseHeaders: row.response_headers === null ? null : readStoredHeaders(row.response_headers),
    responseBody: toBodyView(row.response_body),
    details: typeof details === 'object' && details !== null && !Array.isArray(details) ? { ...details } : {},
    secretsMasked: false,
  };
}

function toParams(event: NewEvent) {
  return {
    uid: event.uid ?? randomUUID(),
    kind: event.kind,
    at_ms: event.atMs ?? Date.now(),
    profile_id: event.profileId ?? null,
    profile_name: event.profileName ?? null,
    method: event.method ?? null,
    url: event.url ?? null,
    path: event.path ?? null,
    query: event.query ?? null,
    remote_address: event.remoteAddress ?? null,
    request_headers: JSON.stringify(event.requestHeaders ?? []),
    request_body:
      event.requestBody === undefined || event.requestBody === null ? null : Buffer.from(event.requestBody),
    request_size: event.requestSize ?? event.requestBody?.byteLength ?? null,
    request_truncated: event.requestTruncated === true ? 1 : 0,
    status: event.status ?? null,
    response_headers:
      event.responseHeaders === undefined || event.responseHeaders === null
        ? null
        : JSON.stringify(event.responseHeaders),
    response_body:
      event.responseBody === undefined || event.responseBody === null
        ? null
        : Buffer.from(event.responseBody),
    duration_ms: event.durationMs ?? null,
    order_id: event.orderId ?? null,
    order_reference_id: event.orderReferenceId ?? null,
    event_type: event.eventType ?? null,
    token_verdict: event.tokenVerdict ?? null,
    body_verdict: event.bodyVerdict ?? null,
    error: event.error ?? null,
    related_id: event.relatedId ?? null,
    imported: event.imported === true ? 1 : 0,
    details: JSON.stringify(event.details ?? {}),
    provenance: event.provenance ?? defaultProvenance(event.kind, event.imported === true),
    body_findings: bodyFindingsOf(event.details),
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;

/** The one table every producer writes to and the timeline reads from. */
export function createEventsRepository(db: SqliteDatabase) {
  const statements = {
    insert:
      db.prepare(`INSERT INTO events (id, uid, kind, at_ms, profile_id, profile_name, method, url, path, query,
      remote_address, request_headers, request_body, request_size, request_truncated, status, response_headers,
      response_body, duration_ms, order_id, order_reference_id, event_type, token_verdict, body_verdict, error,
      related_id, imported, details, provenance, body_findings)
      VALUES (@id, @uid, @kind, @at_ms, @profile_id, @profile_name, @method, @url, @path, @query, @remote_address,
      @request_headers, @request_body, @request_size, @request_truncated, @status, @response_headers,
      @response_body, @duration_ms, @order_id, @order_reference_id, @event_type, @token_verdict, @body_verdict,
      @error, @related_id, @imported, @details, @provenance, @body_findings)`),
    byId: db.prepare<[number], EventRow>('SELECT * FROM events WHERE id = ?'),
    summaryById: db.prepare<[number], SummaryRow>(`SELECT ${SUMMARY_COLUMNS} FROM events WHERE id = ?`),
    count: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM events'),
    lastId: db.prepare<[], { id: number }>('SELECT coalesce(max(id), 0) AS id FROM events'),
    replayByUid: db.prepare<[string], { id: number; provenance: string; linked: number }>(
      `SELECT replay.id, replay.provenance, EXISTS (SELECT 1 FROM events AS arrival
        WHERE arrival.related_id = replay.id AND arrival.kind = 'webhook') AS linked
       FROM events AS replay WHERE replay.uid = ? AND replay.kind = 'replay'`,
    ),
  };

  // One prepared UPDATE per set of columns: the listener updates every row it answers, and
  // preparing the statement each time cost more than running it.
  const updateStatements = new Map<string, Statement>();
  const updateStatement = (assignments: readonly string[]): Statement => {
    const sql = `UPDATE events SET ${assignments.join(', ')} WHERE id = @id`;
    let statement = updateStatements.get(sql);
    if (statement === undefined) {
      statement = db.prepare(sql);
      updateStatements.set(sql, statement);
    }
    return statement;
  };

  /** Writes one row; its summary is built from what was written, not read back. */
  const insertOne = (event: NewEvent, id: number | null = null): TimelineSummary => {
    const params = toParams(event);
    const written = statements.insert.run({ id, ...params });
    return toSummary({
      ...params,
      id: Number(written.lastInsertRowid),
      operation: event.details?.['operation'],
    });
  };
  const insertMany = db.transaction((events: readonly NewEvent[]) => events.map((event) => insertOne(event)));
  // IMMEDIATE: the write lock is taken before the last id is read, so no other process (a
  // `listen` or `send` CLI on the same file) can claim the ids handed out here.
  const insertNumbered = db.transaction((builders: readonly NumberedEvent[]) => {
    let next = (statements.lastId.get()?.id ?? 0) + 1;
    return builders.map((build) => {
      const id = next++;
      return insertOne(build(id), id);
    });
  });

  return {
    insert(event: NewEvent): number {
      return insertOne(event).id;
    },
    /** One row, returning its summary. */
    insertSummarised(event: NewEvent): TimelineSummary {
      return insertOne(event);
    },
    /** Several rows in one transaction: one commit for the lot. */
    insertMany(events: readonly NewEvent[]): TimelineSummary[] {
      return insertMany(events);
    },
    /** Several rows that name their own ids, in one transaction (the listener's batching relies on it). */
    insertNumbered(builders: readonly NumberedEvent[]): TimelineSummary[] {
      return insertNumbered.immediate(builders);
    },
    update(id: number, update: EventUpdate): void {
      const assignments: string[] = [];
      const params: Record<string, unknown> = { id };
      const set = (column: string, value: unknown) => {
        assignments.push(`${column} = @${column}`);
        params[column] = value;
      };
      if (update.status !== undefined) set('status', update.status);
      if (update.responseHeaders !== undefined)
        set(
          'response_headers',
          update.responseHeaders === null ? null : JSON.stringify(update.responseHeaders),
        );
      if (update.responseBody !== undefined)
        set('response_body', update.responseBody === null ? null : Buffer.from(update.responseBody));
      if (update.durationMs !== undefined) set('duration_ms', update.durationMs);
      if (update.orderId !== undefined) set('order_id', update.orderId);
      if (update.orderReferenceId !== undefined) set('order_reference_id', update.orderReferenceId);
      if (update.eventType !== undefined) set('event_type', update.eventType);
      if (update.tokenVerdict !== undefined) set('token_verdict', update.tokenVerdict);
      if (update.bodyVerdict !== undefined) set('body_verdict', update.bodyVerdict);
      if (update.error !== undefined) set('error', update.error);
      if (update.details !== undefined) {
        set('details', JSON.stringify(update.details));
        set('body_findings', bodyFindingsOf(update.details));
      }
      if (assignments.length === 0) return;
      updateStatement(assignments).run(params);
    },
    getRow(id: number): EventRow | undefined {
      return statements.byId.get(id);
    },
    getDetail(id: number): TimelineDetail | undefined {
      const row = statements.byId.get(id);
      return row === undefined ? undefined : toDetail(row);
    },
    getSummary(id: number): TimelineSummary | undefined {
      const row = statements.summaryById.get(id);
      return row === undefined ? undefined : toSummary(row);
    },
    count(): number {
      return statements.count.get()?.n ?? 0;
    },
    /** A replay record by its uid (the marker a replay carries), and whether an arrival names it yet. */
    replayByUid(uid: string): { id: number; provenance: Provenance; linked: boolean } | undefined {
      const row = statements.replayByUid.get(uid);
      return row === undefined
        ? undefined
        : { id: row.id, provenance: provenanceSchema.parse(row.provenance), linked: row.linked === 1 };
    },
  };
}
