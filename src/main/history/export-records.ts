import { bodyVerdictSchema, eventKindSchema, tokenVerdictSchema } from '../../shared/events';
import type { ExportedEvent } from '../../shared/history-file';
import type { EventRow } from '../store/events-repository';
import { readStoredHeaders } from '../store/stored-headers';

const utf8 = new TextDecoder('utf-8', { fatal: true });
const REDACTED = 'REDACTED';

function bodyOf(bytes: Buffer | null): { text: string | null; base64: string | null } {
  if (bytes === null || bytes.length === 0) return { text: bytes === null ? null : '', base64: null };
  try {
    return { text: utf8.decode(bytes), base64: null };
  } catch {
    return { text: null, base64: bytes.toString('base64') };
  }
}

const headersOf = (json: string | null) => (json === null ? [] : readStoredHeaders(json));

/** `?serviceToken=` values and bearer values replaced, unless the user asked for the tokens. */
function redactQuery(query: string | null): string | null {
  if (query === null) return null;
  const params = new URLSearchParams(query);
  if (!params.has('serviceToken')) return query;
  params.set('serviceToken', REDACTED);
  return params.toString();
}
function redactUrl(url: string | null): string | null {
  if (url === null) return null;
  try {
    const parsed = new URL(url);
    if (!parsed.searchParams.has('serviceToken')) return url;
    parsed.searchParams.set('serviceToken', REDACTED);
    return parsed.toString();
  } catch {
    return url;
  }
}
const redactHeaders = (headers: [string, string][]): [string, string][] =>
  headers.map(([name, value]) =>
    name.toLowerCase() === 'authorization'
      ? [name, value.replace(/^(\w+\s+).+$/, `$1${REDACTED}`)]
      : [name, value],
  );

export interface ExportOptions {
  /** Keep the notification tokens that arrived with webhooks (off by default). */
  includeTokens: boolean;
  /** Secrets that must never be written out (profile tokens), whatever else is asked. */
  secrets: readonly string[];
  uidOf: (id: number) => string | null;
}

/** Profile secrets never leave in an export, even if one was typed into a body. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 8) out = out.split(secret).join(REDACTED);
  return out;
}

/** One stored record as it goes into a JSON or NDJSON export. */
export function exportedEvent(row: EventRow, options: ExportOptions): ExportedEvent {
  const keep = options.includeTokens;
  const request = bodyOf(row.request_body);
  const response = bodyOf(row.response_body);
  let details: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.details);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      details = parsed as Record<string, unknown>;
  } catch {
    details = {};
  }
  const requestHeaders = headersOf(row.request_headers);
  return {
    uid: row.uid,
    kind: eventKindSchema.parse(row.kind),
    at: new Date(row.at_ms).toISOString(),
    profile: row.profile_name,
    method: row.method,
    url: keep ? row.url : redactUrl(row.url),
    path: row.path,
    query: keep ? row.query : redactQuery(row.query),
    remote_address: row.remote_address,
    request_headers: keep ? requestHeaders : redactHeaders(requestHeaders),
    request_body: request.text,
    request_body_base64: request.base64,
    request_truncated: row.request_truncated === 1,
    status: row.status,
    response_headers: row.response_headers === null ? null : headersOf(row.response_headers),
    response_body: response.text,
    response_body_base64: response.base64,
    duration_ms: row.duration_ms,
    order_id: row.order_id,
    order_reference_id: row.order_reference_id,
    event_type: row.event_type,
    token_verdict: tokenVerdictSchema.nullable().parse(row.token_verdict),
    body_verdict: bodyVerdictSchema.nullable().parse(row.body_verdict),
    error: row.error,
    related_uid: row.related_id === null ? null : options.uidOf(row.related_id),
    details,
  };
}
