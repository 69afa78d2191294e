import {
  createServer,
  maxHeaderSize,
  STATUS_CODES,
  type RequestListener,
  type Server,
  type ServerOptions,
} from 'node:http';
import { formatBytesShort } from '../../shared/byte-size';

/**
 * Time limits every HTTP server of the console (listener, emulator, browser mode) applies to
 * its clients. docs/limits.md lists them; tests/unit/limits-doc.test.ts holds the document to
 * these values. Node's own defaults (60 s for headers, 300 s per request, checked only every
 * 30 s) let one slow client hold a connection for minutes.
 */

/** The request line and headers must be complete this long after the request starts. */
export const HEADERS_TIMEOUT_MS = 10_000;
/** The whole request, body included, must arrive within this long. */
export const REQUEST_TIMEOUT_MS = 60_000;
/** An idle keep-alive connection is closed after this long. */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/** How often Node checks the two timeouts above (its default, 30 s, stretches them). */
export const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

export const BOUNDED_SERVER_OPTIONS = {
  headersTimeout: HEADERS_TIMEOUT_MS,
  requestTimeout: REQUEST_TIMEOUT_MS,
  keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
  connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
} satisfies ServerOptions;

/**
 * An HTTP server with {@link BOUNDED_SERVER_OPTIONS} (and `options` over them) that keeps every
 * header up to the 16 KiB limit. Node's own default keeps only the first 1,000 header pairs
 * (`maxHeadersCount`, a server property, not a createServer option) and drops the rest without a
 * word: a token sent after them was stored as "missing" and refused by the emulator. With 0 there
 * is no count limit; the size limit (431, HPE_HEADER_OVERFLOW) still bounds what is kept.
 */
export function createBoundedServer(options: ServerOptions = {}, listener?: RequestListener): Server {
  const server = createServer({ ...BOUNDED_SERVER_OPTIONS, ...options }, listener);
  server.maxHeadersCount = 0;
  return server;
}

/**
 * The status for a request Node's parser refused: 431 for oversized headers, 408 when the
 * headers or the request did not arrive in time, 400 for anything malformed.
 */
export function statusForClientError(code: string | undefined): 400 | 408 | 431 {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'HPE_HEADERS_TIMEOUT') return 408;
  return 400;
}

/**
 * What a 431 says, on every server that answers one (listener, emulator): the request was well
 * formed, only its headers were over Node's limit, not "not a valid HTTP request".
 */
export const HEADERS_TOO_LARGE_SENTENCE = `The request headers are larger than the ${formatBytesShort(maxHeaderSize)} limit (431 ${STATUS_CODES[431] ?? 'Request Header Fields Too Large'}).`;

/** `HTTP/1.1 408 Request Timeout`: the reason phrase that belongs to the status. */
export function statusLine(status: number): string {
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Unknown'}`;
}

/** A raw answer's parts: what the record keeps of it, and the bytes that go out. */
export interface RawJsonAnswer {
  headers: [string, string][];
  body: string;
  /** The status line, headers and body, as written to the socket. */
  bytes: string;
}

/**
 * A whole response written straight to a socket Node's parser gave up on (there is no
 * ServerResponse for it), always closing the connection. Built once, so a record of it holds
 * the headers and body that went out, not a second idea of them.
 */
export function rawJsonAnswer(
  status: number,
  body: unknown,
  extraHeaders: [string, string][] = [],
): RawJsonAnswer {
  const text = JSON.stringify(body);
  const headers: [string, string][] = [
    ['Content-Type', 'application/json; charset=utf-8'],
    ['Content-Length', String(Buffer.byteLength(text))],
    ...extraHeaders,
    ['Connection', 'close'],
  ];
  return {
    headers,
    body: text,
    bytes: `${statusLine(status)}\r\n${headers.map(([name, value]) => `${name}: ${value}`).join('\r\n')}\r\n\r\n${text}`,
  };
}

/** {@link rawJsonAnswer}'s bytes, for an answer nothing records. */
export function rawJsonResponse(
  status: number,
  body: unknown,
  extraHeaders: [string, string][] = [],
): string {
  return rawJsonAnswer(status, body, extraHeaders).bytes;
}
