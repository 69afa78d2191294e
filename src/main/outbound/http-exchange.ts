import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Duplex } from 'node:stream';
import type { NetworkFailure } from '../../shared/merchant-api';
import type { HeaderList } from '../../shared/events';
import { headerPairs } from '../http/header-pairs';
import {
  classifyNetworkFailure,
  ExchangeCancelledError,
  ExchangeTimeoutError,
  RequestNotSentError,
  unmadeRequest,
} from './network-failure';
import { unsendableMethodReason } from './unsendable-method';

/** Answers larger than this are cut (and marked) rather than held in memory whole. */
export const MAX_RESPONSE_BYTES = 10 * 1024 * 1024;
/**
 * A cut answer is read on to its end and counted, not kept, so its record says the size that
 * arrived; an answer that goes on past this many bytes is no longer read, and its size is said
 * as at least this (as when the time runs out or the connection closes first).
 */
export const MAX_COUNTED_RESPONSE_BYTES = 256 * 1024 * 1024;

export interface HttpRequestSpec {
  method: string;
  url: string;
  /**
   * The request-target written on the request line, as given (a replay's stored path and query:
   * dot segments and encodings kept); the URL then gives only the scheme, host and port.
   * Default: the URL's own path and query.
   */
  target?: string;
  /** Sent exactly so: names in their case, in order, duplicates kept (Host first when absent). */
  headers: HeaderList;
  body: Uint8Array | null;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Of the answer, this much is kept (default MAX_RESPONSE_BYTES); the rest is cut, marked. */
  maxResponseBytes?: number;
}

export interface HttpOutcome {
  status: number | null;
  /** The answer's headers as they came: raw names, in order, duplicates kept. */
  headers: HeaderList | null;
  body: Buffer | null;
  truncated: boolean;
  /** Bytes of the answer's body that arrived (a cut one's rest counted, not kept). */
  responseBytes: number;
  /**
   * The body was read to its end, so responseBytes is its size. False when the reading stopped
   * before it (the count's limit, the timeout, a cancel, a closed connection): at least that.
   */
  responseEnded: boolean;
  /**
   * An answer whose connection closed before its body ended: the status its status line gave.
   * `status` stays null (the answer never completed, and every kind that takes an answer takes
   * only a whole one); a reader that grades the status alone (check-endpoint) reads it here.
   */
  cutShortStatus: number | null;
  durationMs: number;
  failure: NetworkFailure | null;
}

/**
 * The request's header lines as given, with a Host line first unless the list has one, and a
 * Content-Length for a body unless the list frames it itself. Given a raw header list, Node sends
 * a body chunked, which the service's own client never does and some servers refuse.
 */
function requestHeaderLines(headers: HeaderList, url: URL, body: Uint8Array | null): string[] {
  const has = (wanted: string) => headers.some(([name]) => name.toLowerCase() === wanted);
  const framed = body === null || has('content-length') || has('transfer-encoding');
  return [
    ...(has('host') ? [] : [['Host', url.host]]),
    ...headers,
    ...(framed ? [] : [['Content-Length', String(body.byteLength)]]),
  ].flat();
}

/**
 * The one HTTP exchange of the main process, for every kind that goes out (service requests,
 * forwards, the emulator's deliveries, replays, scenario sends): node:http(s), so headers go out
 * and come back raw and in order, duplicates kept; the answer is cut while it streams; a signal
 * cancels; failures are classified once (network-failure.ts). Never throws: a failure is part of
 * the outcome. The timeout covers the whole exchange, connect to last byte.
 */
export function performHttpExchange(spec: HttpRequestSpec): Promise<HttpOutcome> {
  const started = performance.now();
  const failed = (error: unknown, host: string, sentWhole = false): Omit<HttpOutcome, 'durationMs'> => ({
    status: null,
    headers: null,
    body: null,
    truncated: false,
    responseBytes: 0,
    responseEnded: false,
    cutShortStatus: null,
    failure: classifyNetworkFailure(error, host, sentWhole),
  });
  let url: URL;
  try {
    url = new URL(spec.url);
  } catch (error) {
    return Promise.resolve({
      ...failed(unmadeRequest(error, spec.url.slice(0, 200)), spec.url.slice(0, 200)),
      durationMs: performance.now() - started,
    });
  }
  const notSent = unsendableMethodReason(spec.method);
  if (notSent !== null)
    return Promise.resolve({
      ...failed(new RequestNotSentError(notSent), url.host),
      durationMs: performance.now() - started,
    });
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined = undefined;
    // Declared before finish, which a request Node refuses to make (a header it will not write)
    // reaches before there is any request to cancel.
    let req: ClientRequest | undefined = undefined;
    // Whether the whole request was handed to the connection ('finish'): a cancel after it may
    // leave the service acting on it; before it, the service has at most part of a request.
    let written = false;
    // Whether an answer began: a failure after it is the answer's (cut short), not one with none.
    let answering = false;
    const sentUnanswered = () => written && !answering;
    const onAbort = () => req?.destroy(new ExchangeCancelledError(written));
    const finish = (outcome: Omit<HttpOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      spec.signal?.removeEventListener('abort', onAbort);
      resolve({ ...outcome, durationMs: performance.now() - started });
    };
    const fail = (error: unknown) => finish(failed(error, url.host, sentUnanswered()));
    // The answer began (status line, maybe some body) and the connection closed before its end:
    // said so, not as a connection closed "before answering".
    const cutShort = (error: unknown, res: IncomingMessage, seen: number) => {
      const outcome = failed(error, url.host);
      if (outcome.failure === null || outcome.failure.kind !== 'reset') return outcome;
      const length = res.headers['content-length'];
      const of = length === undefined ? 'the body' : `a body of ${length}`;
      const code = outcome.failure.code === null ? '' : ` (${outcome.failure.code})`;
      const message = `${url.host} answered ${String(res.statusCode)}, then closed the connection ${seen} bytes into ${of}${code}.`;
      return { ...outcome, cutShortStatus: res.statusCode ?? null, failure: { ...outcome.failure, message } };
    };

    const limit = spec.maxResponseBytes ?? MAX_RESPONSE_BYTES;
    // Once an answer is cut, what ends the exchange before the answer's end (the timeout, a
    // cancel) ends the counting: the part kept is the answer, its size at least what was counted.
    let endCounting: (() => void) | null = null;
    let sending: ClientRequest;
    try {
      // A raw array keeps case, order and duplicates; Node then adds no Host of its own.
      sending = send(url, {
        method: spec.method,
        headers: requestHeaderLines(spec.headers, url, spec.body),
        ...(spec.target === undefined ? {} : { path: spec.target }),
      });
    } catch (error) {
      // Refused before anything left: a protocol Node cannot speak (ftp:), a header it will not
      // write. No connection was tried, so it is not sent, never a network failure.
      fail(unmadeRequest(error, url.host));
      return;
    }
    req = sending;
    timer = setTimeout(
      () => sending.destroy(new ExchangeTimeoutError(spec.timeoutMs, sentUnanswered())),
      spec.timeoutMs,
    );
    if (spec.signal?.aborted === true) onAbort();
    spec.signal?.addEventListener('abort', onAbort, { once: true });

    sending.on('finish', () => {
      written = true;
    });
    sending.on('error', (error) => (endCounting === null ? fail(error) : endCounting()));
    // A 101 with Upgrade (asked for or not): Node emits 'upgrade', never 'response', and with no
    // listener closes the socket saying nothing, so the exchange never settled. The 101 and its
    // headers are the answer; what follows is another protocol's, not read, and the socket closed.
    sending.on('upgrade', (res: IncomingMessage, socket: Duplex) => {
      answering = true;
      socket.destroy();
      finish({
        status: res.statusCode ?? null,
        headers: headerPairs(res.rawHeaders),
        body: Buffer.alloc(0),
        truncated: false,
        responseBytes: 0,
        responseEnded: true,
        cutShortStatus: null,
        failure: null,
      });
    });
    // Closed with no answer and no error: Node says nothing of a connection it hands over or
    // closes itself (a switch of protocols it has no listener for). Said as Node says a hang-up,
    // so the exchange always settles, and a request sent whole reads as maybe carried out.
    sending.on('close', () => {
      if (!answering) fail(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    });
    sending.on('response', (res: IncomingMessage) => {
      answering = true;
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      let seen = 0;
      res.on('data', (chunk: Buffer) => {
        seen += chunk.byteLength;
        if (!truncated && size + chunk.byteLength > limit) {
          truncated = true;
          endCounting = () => done(false);
          chunks.push(chunk.subarray(0, limit - size));
          size = limit;
        } else if (!truncated) {
          chunks.push(chunk);
          size += chunk.byteLength;
        }
        // The rest of a cut answer is counted, not kept; past the count's limit it is not read.
        if (truncated && seen >= MAX_COUNTED_RESPONSE_BYTES) res.destroy();
      });
      const done = (ended: boolean) =>
        finish({
          status: res.statusCode ?? null,
          headers: headerPairs(res.rawHeaders),
          body: Buffer.concat(chunks),
          truncated,
          responseBytes: seen,
          responseEnded: ended,
          cutShortStatus: null,
          failure: null,
        });
      res.on('end', () => done(true));
      res.on('close', () => (truncated ? done(false) : undefined));
      res.on('error', (error) => (truncated ? done(false) : finish(cutShort(error, res, seen))));
    });
    sending.end(spec.body === null ? undefined : spec.body);
  });
}
