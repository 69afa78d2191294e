import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { startsWithByteOrderMark } from '../../shared/json-byte-order-mark';
import { jsonSyntaxWords } from '../../shared/json-text';
import { formatBytes } from '../../shared/byte-size';
import { firstInvalidUtf8, hex } from '../../shared/utf8-text';
import { EMULATOR_BODY_LIMIT_BYTES } from '../../shared/emulator';
import { MIB } from '../../shared/listener';
import { closeAfterAnswer, type AnswersInProgress } from '../http/answer-in-progress';
import { HEADERS_TOO_LARGE_SENTENCE, rawJsonResponse, statusForClientError } from '../http/server-limits';
import { EmulatorError } from './emulator-errors';
import { jsonContentTypeRefusal } from './json-content-type';

/**
 * The emulator's request entry: everything between the socket and a route (the request
 * target, path escapes, the body's size and encoding, requests Node could not parse). Its one
 * promise: a request, however malformed, gets an answer with the service's error body and
 * never throws out of the server. The spec shows no request-size limit; this one is ours.
 */

/**
 * An over-limit body is read on and dropped for up to this many bytes past the limit, so that
 * the client, still sending, reads the 413 instead of a connection reset. Past it (or when the
 * declared length is past it) the 413 goes out, and up to this many bytes more are read and
 * dropped before the connection closes (answer-then-drain.ts).
 */
export const EMULATOR_DRAIN_BEYOND_LIMIT_BYTES = 16 * MIB;

/** After such a 413, the connection closes once no byte has arrived for this long. */
export const EMULATOR_DRAIN_IDLE_TIMEOUT_MS = 2_000;

const ORIGIN = 'http://127.0.0.1';

/** A plain origin-form path (`/checkout`, `/orders/abc/capture`): the URL parser leaves it as it is. */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9_-]+)+$/;

/** The path of a request target (origin form `/a?b`, or absolute form `http://host/a?b`). */
export function parseRequestTarget(target: string | undefined): { path: string; query: URLSearchParams } {
  // Most requests: no query, no escapes, no dot segments, so no URL to build.
  if (target !== undefined && PLAIN_PATH.test(target)) return { path: target, query: new URLSearchParams() };
  let url: URL;
  try {
    // An origin-form target is a path, read as written: resolved against the origin,
    // `//evil/orders/{id}/cancel` read `evil` as a host and ran the cancel of `/orders/{id}`, and
    // an official client whose API URL ends in `/` (`//checkout`) was told "No route POST /".
    url = target?.startsWith('/') === true ? new URL(`${ORIGIN}${target}`) : new URL(target ?? '/', ORIGIN);
  } catch {
    throw new EmulatorError(
      400,
      'invalid_request',
      `The request target ${JSON.stringify(target)} is not a valid URL or path.`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new EmulatorError(
      400,
      'invalid_request',
      `The request target ${JSON.stringify(target)} is not an http URL or a path.`,
    );
  return { path: url.pathname, query: url.searchParams };
}

/** One path segment, percent-decoded; a malformed escape (`%zz`, `%E`, not UTF-8) is a 400. */
export function decodePathSegment(segment: string | undefined): string {
  try {
    return decodeURIComponent(segment ?? '');
  } catch {
    throw new EmulatorError(400, 'invalid_request', undecodableSegmentWords(segment ?? ''), [
      { error_code: 'invalid_request', path: 'path' },
    ]);
  }
}

/**
 * Why a path segment does not decode: an escape that is not two hex digits, or well-formed
 * escapes whose bytes are not UTF-8 (`%ED%A0%80`, a surrogate): both were called a malformed
 * escape, which sent the person looking for a % that was not there.
 */
function undecodableSegmentWords(segment: string): string {
  const named = JSON.stringify(segment);
  if (/%(?![0-9A-Fa-f]{2})/.test(segment))
    return `The path segment ${named} has a malformed percent escape (each % must start a UTF-8 byte written as two hex digits).`;
  const bytes = Buffer.concat(
    segment
      .split(/(%[0-9A-Fa-f]{2})/)
      .map((part) =>
        /^%[0-9A-Fa-f]{2}$/.test(part)
          ? Buffer.from([parseInt(part.slice(1), 16)])
          : Buffer.from(part, 'utf8'),
      ),
  );
  const offset = firstInvalidUtf8(bytes) ?? 0;
  return `The path segment ${named} decodes to bytes that are not UTF-8 (byte ${hex(bytes[offset] ?? 0)}, the decoded segment's byte ${offset + 1}); each percent escape is well-formed, but a path is UTF-8 text.`;
}

const tooLarge = (limit: number) =>
  new EmulatorError(
    413,
    'request_too_large',
    `The request body is larger than ${formatBytes(limit)}, the emulator's limit (Emulator → Settings: Largest request body).`,
    [{ error_code: 'request_too_large' }],
    { limit_bytes: limit },
  );

/**
 * The body's bytes. Over the limit it rejects with 413 once the client has finished sending,
 * so the connection can be kept. Past the drain limit, or with a declared length past it, it
 * rejects at once, the body still arriving: the server answers then and reads on for a while
 * before closing, so the answer is read rather than lost in a reset (answer-then-drain.ts).
 */
export function readRequestBody(req: IncomingMessage, limit = EMULATOR_BODY_LIMIT_BYTES): Promise<Buffer> {
  const drainLimit = limit + EMULATOR_DRAIN_BEYOND_LIMIT_BYTES;
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  if (declared > drainLimit) return Promise.reject(tooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else if (size > drainLimit) {
        req.off('data', onData);
        reject(tooLarge(limit));
      }
    };
    req.on('data', onData);
    req.on('end', () => (size > limit ? reject(tooLarge(limit)) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}

// ignoreBOM: a leading byte order mark is kept in the text, so the checkout's judge sees it and
// warns of it (the listener does): dropped here, a body with one was taken with no word.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** A JSON body and its text as received, or nothing; a wrong content type, bytes that are not UTF-8 or broken JSON is a 4xx. */
export async function readJsonBodyWithText(
  req: IncomingMessage,
  required: boolean,
  limit = EMULATOR_BODY_LIMIT_BYTES,
): Promise<{ value: unknown; text: string }> {
  const raw = await readRequestBody(req, limit);
  if (raw.length === 0) {
    if (required)
      throw new EmulatorError(400, 'invalid_request', 'The request has no body; a JSON body is expected.');
    return { value: undefined, text: '' };
  }
  const refusal = jsonContentTypeRefusal(req.headers['content-type']);
  if (refusal !== null) throw new EmulatorError(415, 'unsupported_media_type', refusal);
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    throw new EmulatorError(400, 'invalid_json', 'The body is not valid UTF-8, which JSON requires.');
  }
  // The JSON is read without the mark (as the decoder would have dropped it); the text keeps it.
  const json = startsWithByteOrderMark(text) ? text.slice(1) : text;
  try {
    return { value: JSON.parse(json) as unknown, text };
  } catch (error) {
    throw new EmulatorError(
      400,
      'invalid_json',
      `The body is not valid JSON: ${jsonSyntaxWords(json, error)}.`,
    );
  }
}

/** A JSON body, or nothing; a wrong content type, bytes that are not UTF-8 or broken JSON is a 4xx. */
export async function readJsonBody(
  req: IncomingMessage,
  required: boolean,
  limit = EMULATOR_BODY_LIMIT_BYTES,
): Promise<unknown> {
  return (await readJsonBodyWithText(req, required, limit)).value;
}

/** The body readers the routes use, bound to the server's body limit (read at each request). */
export function requestBodies(limit: () => number) {
  return {
    readBody: (req: IncomingMessage) => readRequestBody(req, limit()),
    readJson: (req: IncomingMessage, required: boolean) => readJsonBody(req, required, limit()),
    readJsonWithText: (req: IncomingMessage, required: boolean) =>
      readJsonBodyWithText(req, required, limit()),
  };
}

/**
 * A request Node's parser refused (a bad request line, broken headers, a timeout): answered
 * with the service's error body, then the connection closes. Pipelined behind a request whose
 * answer is under way, it gets none: that answer goes out whole, then the connection closes
 * (answer-in-progress.ts), as on the listener.
 */
export function answerUnparseable(
  error: NodeJS.ErrnoException,
  socket: Duplex,
  answers: Pick<AnswersInProgress, 'on'>,
): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const behind = answers.on(socket);
  // A request whose body is still arriving (a broken chunk) is itself the one refused: its route
  // waits for a body that never comes, and has answered nothing yet.
  if (behind !== undefined && (behind.req.complete || behind.res.headersSent))
    return closeAfterAnswer(socket, behind.res);
  const status = statusForClientError(error.code);
  const message =
    status === 408
      ? 'The request did not arrive in time.'
      : status === 431
        ? HEADERS_TOO_LARGE_SENTENCE
        : `Not a valid HTTP request (${error.code ?? 'parse error'}).`;
  const code = status === 408 ? 'request_timeout' : status === 431 ? 'headers_too_large' : 'invalid_request';
  socket.end(rawJsonResponse(status, new EmulatorError(status, code, message).body()));
}

/**
 * A CONNECT (asking for a tunnel, as to a proxy): Node drops one without a byte unless a server
 * handles 'connect'. The emulator is no proxy: 405 `method_not_allowed` in the service's error
 * body, with the methods its routes take, written raw (rawJsonResponse, as the listener answers
 * its CONNECT), and the connection closes.
 */
export function answerConnect(req: IncomingMessage, socket: Duplex, allowed: readonly string[]): void {
  socket.on('error', () => socket.destroy());
  const method = req.method ?? 'CONNECT';
  const refusal = new EmulatorError(
    405,
    'method_not_allowed',
    `${method} is not allowed: the emulator is not a proxy (its methods: ${allowed.join(', ')}).`,
  );
  socket.end(rawJsonResponse(405, refusal.body(), [['Allow', allowed.join(', ')]]));
}
