import { z } from 'zod';
import { fileInstantSchema, type ExportedEvent, type WrittenEvent } from '../../shared/history-file';
import { APP_VERSION } from '../version';
import { urlParts } from '../outbound/url-parts';
import { harPostDataSchema, harRequestBodyText } from './har-post-data';

/**
 * HAR 1.2 (the format browsers' network panels open): one entry per record, the console's own
 * facts (kind, verdicts, uid…) under `_checkoutConsole` so an export imports back losslessly.
 */
const nameValue = (pairs: readonly [string, string][]) => pairs.map(([name, value]) => ({ name, value }));
const contentType = (headers: readonly [string, string][] | null) =>
  headers?.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? 'application/octet-stream';

function queryOf(url: string | null): { name: string; value: string }[] {
  if (url === null) return [];
  try {
    return [...new URL(url).searchParams.entries()].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

function byteSize(text: string | null, base64: string | null): number {
  if (text !== null) return Buffer.byteLength(text, 'utf8');
  return base64 === null ? 0 : Buffer.from(base64, 'base64').length;
}

/**
 * HAR requires a method and a URL. A record without them (the raw bytes of a request the
 * listener could not parse) says UNKNOWN and what is known of the URL; the stored request line
 * rides along under `_checkoutConsole.request_line`, which import prefers, so it comes back
 * null rather than as a made-up POST to /.
 */
export const HAR_UNKNOWN_METHOD = 'UNKNOWN';

/**
 * The path and query an entry's URL gives on import, the one reading of a HAR URL: a URL parser
 * resolves dot segments (`/a/../b/./c` is `/b/c`) and reads no path from `*`, so the export
 * compares a record's own with this to know when its request line must ride along.
 */
function pathAndQueryOf(url: string): { path: string | null; query: string | null } {
  const parsed = URL.parse(url);
  if (parsed === null) return { path: null, query: null };
  const { path, query } = urlParts(parsed);
  return { path, query };
}

/** Whether HAR's method and URL say the record's request line as stored (else it rides along). */
function lineInHar(event: ExportedEvent): boolean {
  if (event.method === null || event.url === null || event.path === null) return false;
  const read = pathAndQueryOf(event.url);
  return read.path === event.path && read.query === event.query;
}

export function harEntry(
  event: ExportedEvent & Partial<Pick<WrittenEvent, 'status_word'>>,
): Record<string, unknown> {
  const requestBody = event.request_body ?? event.request_body_base64;
  const responseBody = event.response_body ?? event.response_body_base64;
  const url =
    event.url ?? `http://unknown${event.path ?? '/'}${event.query === null ? '' : `?${event.query}`}`;
  return {
    startedDateTime: event.at,
    time: event.duration_ms ?? 0,
    request: {
      method: event.method ?? HAR_UNKNOWN_METHOD,
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: nameValue(event.request_headers),
      queryString: queryOf(url),
      ...(requestBody === null
        ? {}
        : {
            postData: {
              mimeType: contentType(event.request_headers),
              text: requestBody,
              ...(event.request_body_base64 === null ? {} : { _encoding: 'base64' }),
            },
          }),
      headersSize: -1,
      // HAR's bodySize is the payload's size: a truncated body's is what arrived, not what was kept.
      bodySize: event.request_size ?? byteSize(event.request_body, event.request_body_base64),
    },
    response: {
      status: event.status ?? 0,
      statusText: event.status === null ? '' : (STATUS_TEXT[event.status] ?? ''),
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: nameValue(event.response_headers ?? []),
      content: {
        size: event.response_size ?? byteSize(event.response_body, event.response_body_base64),
        mimeType: contentType(event.response_headers),
        ...(responseBody === null ? {} : { text: responseBody }),
        ...(event.response_body_base64 === null ? {} : { encoding: 'base64' }),
      },
      redirectURL: '',
      headersSize: -1,
      // As the request's: a cut answer's is the size that arrived, not what was kept.
      bodySize: event.response_size ?? byteSize(event.response_body, event.response_body_base64),
    },
    cache: {},
    timings: { send: 0, wait: event.duration_ms ?? 0, receive: 0 },
    _checkoutConsole: {
      uid: event.uid,
      kind: event.kind,
      profile: event.profile,
      order_id: event.order_id,
      order_reference_id: event.order_reference_id,
      event_type: event.event_type,
      token_verdict: event.token_verdict,
      body_verdict: event.body_verdict,
      // HAR's status 0 says only that none came; the word says why (`unanswered`, `failed`…).
      ...(event.status_word === undefined ? {} : { status_word: event.status_word }),
      error: event.error,
      related_uid: event.related_uid,
      // Whose doing it was (import reads both back as the JSON export's fields).
      ...(event.provenance === undefined ? {} : { provenance: event.provenance }),
      ...(event.original_provenance === undefined ? {} : { original_provenance: event.original_provenance }),
      details: event.details,
      remote_address: event.remote_address,
      // HAR has no place for trailer fields: they ride here, and import reads them back.
      ...(event.request_trailers === undefined ? {} : { request_trailers: event.request_trailers }),
      request_truncated: event.request_truncated,
      request_size: event.request_size,
      response_truncated: event.response_truncated,
      response_size: event.response_size,
      ...(lineInHar(event)
        ? {}
        : { request_line: { method: event.method, url: event.url, path: event.path, query: event.query } }),
      // HAR's time is a number and its response headers a list: a record with neither says so.
      ...(event.duration_ms === null ? { duration_ms: null } : {}),
      ...(event.response_headers === null ? { response_headers: null } : {}),
    },
  };
}

export function harLog(entries: readonly Record<string, unknown>[]): Record<string, unknown> {
  return { log: { version: '1.2', creator: { name: 'checkout-console', version: APP_VERSION }, entries } };
}

const harHeaders = z.array(z.object({ name: z.string(), value: z.string() })).default([]);
export const harEntrySchema = z.object({
  startedDateTime: fileInstantSchema,
  time: z.number().min(0).default(0),
  request: z.object({
    method: z.string().min(1),
    url: z.string().min(1),
    headers: harHeaders,
    postData: harPostDataSchema.optional(),
  }),
  response: z
    .object({
      status: z.number().int(),
      headers: harHeaders,
      content: z.object({ text: z.string().optional(), encoding: z.string().optional() }).default({}),
    })
    .optional(),
  _checkoutConsole: z.record(z.string(), z.unknown()).optional(),
});
export const harFileSchema = z.object({
  log: z.object({ version: z.string(), entries: z.array(z.unknown()) }),
});

/** A HAR entry back into an export record (entries from a browser become `request` records). */
export function eventFromHar(
  entry: z.output<typeof harEntrySchema>,
  fallbackUid: string,
): Record<string, unknown> {
  const {
    request_line: storedLine,
    duration_ms: storedDuration,
    response_headers: storedResponseHeaders,
    ...own
  } = entry._checkoutConsole ?? {};
  const { path, query } = pathAndQueryOf(entry.request.url);
  // The stored request line, when HAR's fields could not hold it (see lineInHar).
  // Its fields are judged with the rest of the record (exportedEventSchema), absent ones null.
  const line =
    typeof storedLine === 'object' && storedLine !== null
      ? { method: null, url: null, path: null, query: null, ...storedLine }
      : { method: entry.request.method, url: entry.request.url, path, query };
  // Base64 is the console's own mark on a text it wrote (never on params).
  const requestBase64 =
    entry.request.postData?._encoding === 'base64' && entry.request.postData.text !== undefined;
  const requestBody = harRequestBodyText(entry.request.postData);
  const responseBase64 = entry.response?.content.encoding === 'base64';
  const status = entry.response === undefined || entry.response.status === 0 ? null : entry.response.status;
  return {
    ...own,
    uid: typeof own['uid'] === 'string' ? own['uid'] : fallbackUid,
    kind: own['kind'] ?? 'request',
    at: new Date(entry.startedDateTime).toISOString(),
    ...line,
    request_headers: entry.request.headers.map(({ name, value }) => [name, value]),
    request_body: requestBase64 ? null : requestBody,
    request_body_base64: requestBase64 ? requestBody : null,
    status,
    response_headers:
      entry.response === undefined || storedResponseHeaders === null
        ? null
        : entry.response.headers.map(({ name, value }) => [name, value]),
    response_body: responseBase64 ? null : (entry.response?.content.text ?? null),
    response_body_base64: responseBase64 ? (entry.response?.content.text ?? null) : null,
    duration_ms: storedDuration === null ? null : entry.time,
  };
}
