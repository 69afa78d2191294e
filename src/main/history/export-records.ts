import { bodyVerdictSchema, eventKindSchema, tokenVerdictSchema } from '../../shared/events';
import type { ExportedEvent } from '../../shared/history-file';
import {
  redactText,
  redactExchange,
  redactWith,
  replaceSecrets,
  replaceSecretsInExchange,
  replaceSecretsInText,
  secretsOfExchange,
  usableSecrets,
} from '../../shared/secrets/redact-secrets';
import { requestBodyOf, responseBodyOf, type EventRow } from '../store/events-repository';
import { readStoredHeaders } from '../store/stored-headers';
import { RELATED_UID_KEY } from '../store/history-repository';

const headersOf = (json: string | null) => (json === null ? [] : readStoredHeaders(json));

export interface ExportOptions {
  /** Keep the notification tokens that arrived with webhooks (off by default). */
  includeTokens: boolean;
  /** Secrets that must never be written out (profile tokens), whatever else is asked. */
  secrets: readonly string[];
  uidOf: (id: number) => string | null;
}

/** Profile secrets never leave in an export, even if one was typed into a body. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  return replaceSecrets(text, secrets, redactWith);
}

/** One stored record as it goes into a JSON or NDJSON export. */
export function exportedEvent(row: EventRow, options: ExportOptions): ExportedEvent {
  const keep = options.includeTokens;
  let details: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.details);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      details = parsed as Record<string, unknown>;
  } catch {
    details = {};
  }
  // An imported record's link kept by uid goes out as related_uid, where it came from.
  const { [RELATED_UID_KEY]: keptRelatedUid, ...ownDetails } = details;
  details = ownDetails;
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
    requestHeaders: headersOf(row.request_headers),
    responseHeaders: row.response_headers === null ? null : headersOf(row.response_headers),
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
  return {
    uid: row.uid,
    kind: eventKindSchema.parse(row.kind),
    at: new Date(row.at_ms).toISOString(),
    profile: row.profile_name,
    method: row.method,
    url: shown.url,
    path: shown.path ?? null,
    query: shown.query,
    remote_address: row.remote_address,
    request_headers: shown.requestHeaders,
    request_body: shown.requestBody?.text ?? null,
    request_body_base64: shown.requestBody?.base64 ?? null,
    request_truncated: row.request_truncated === 1,
    request_size: row.request_size,
    status: row.status,
    response_headers: shown.responseHeaders,
    response_body: shown.responseBody?.text ?? null,
    response_body_base64: shown.responseBody?.base64 ?? null,
    response_truncated: plain.responseBody?.truncated ?? false,
    response_size: plain.responseBody?.size ?? null,
    duration_ms: row.duration_ms,
    order_id: row.order_id,
    order_reference_id: derived(row.order_reference_id),
    event_type: derived(row.event_type),
    token_verdict: tokenVerdictSchema.nullable().parse(row.token_verdict),
    body_verdict: bodyVerdictSchema.nullable().parse(row.body_verdict),
    error: derived(row.error),
    related_uid: relatedUid,
    details,
  };
}
