import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { HeaderList } from '../../shared/events';
import type { NewEvent } from '../store/events-repository';
import { FORWARD_MARKER_HEADER, forwardMarker, forwardRefusal } from './forward-guard';
import type { ReceivedWebhook } from './handle-webhook';
import { headerPairs } from './header-pairs';

/** Headers that describe one hop, not the message (RFC 9110 §7.6.1), plus Host and length. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
]);

/** A forward with no answer for this long fails as a timeout. */
export const FORWARD_TIMEOUT_MS = 10_000;
/** Of the merchant's answer to a forward, this much is stored (its full size is noted). */
export const FORWARD_STORED_RESPONSE_BYTES = 1024 * 1024;

export type ForwardFailure =
  'refused' | 'name_lookup' | 'timeout' | 'tls' | 'reset' | 'other' | 'self' | 'loop';

/**
 * Where a forward goes: the forward-to URL's path, then the incoming path (as a tunnel
 * would), then the incoming query as sent. `http://127.0.0.1:3000/hooks` + `/notify?x=1` →
 * `http://127.0.0.1:3000/hooks/notify?x=1`; a request to `/` goes to the URL as given.
 */
export function forwardTargetUrl(forwardTo: string, rawUrl: string): URL {
  const target = new URL(forwardTo);
  const at = rawUrl.indexOf('?');
  const path = at === -1 ? rawUrl : rawUrl.slice(0, at);
  const query = at === -1 ? '' : rawUrl.slice(at + 1);
  const base = target.pathname.replace(/\/+$/, '');
  if (path !== '/' && path !== '') target.pathname = `${base}${path.startsWith('/') ? '' : '/'}${path}`;
  if (query !== '') target.search = target.search === '' ? `?${query}` : `${target.search}&${query}`;
  return target;
}

/**
 * The request headers as sent on, in their order and case, minus the hop-by-hop ones; with a
 * marker, any marker received is replaced by it (forward-guard.ts).
 */
export function forwardHeaders(
  headers: HeaderList,
  target: URL,
  bodyLength: number,
  marker?: [string, string],
): HeaderList {
  const named = new Set(
    headers
      .filter(([name]) => name.toLowerCase() === 'connection')
      .flatMap(([, value]) => value.split(',').map((token) => token.trim().toLowerCase())),
  );
  const kept = headers.filter(
    ([name]) =>
      !HOP_BY_HOP.has(name.toLowerCase()) &&
      !named.has(name.toLowerCase()) &&
      (marker === undefined || name.toLowerCase() !== FORWARD_MARKER_HEADER.toLowerCase()),
  );
  return [
    ['Host', target.host],
    ...kept,
    ...(marker === undefined ? [] : [marker]),
    ['Content-Length', String(bodyLength)],
  ];
}

export function classifyForwardError(error: unknown): { failure: ForwardFailure; message: string } {
  const code = (error as { code?: string }).code ?? '';
  const text = error instanceof Error ? error.message : String(error);
  if (code === 'ECONNREFUSED') return { failure: 'refused', message: `Connection refused (${text}).` };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return { failure: 'name_lookup', message: `Name lookup failed (${text}).` };
  if (code === 'ETIMEDOUT' || code === 'FORWARD_TIMEOUT') return { failure: 'timeout', message: text };
  if (code === 'ECONNRESET') return { failure: 'reset', message: `The connection was reset (${text}).` };
  if (
    /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED|EPROTO)/.test(code) ||
    /SSL|TLS|certificate/i.test(text)
  ) {
    return { failure: 'tls', message: `TLS failed (${code || text}).` };
  }
  return { failure: 'other', message: `${code === '' ? '' : `${code}: `}${text}` };
}

function readCapped(res: IncomingMessage): Promise<{ body: Buffer; size: number }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      if (size < FORWARD_STORED_RESPONSE_BYTES)
        chunks.push(chunk.subarray(0, FORWARD_STORED_RESPONSE_BYTES - size));
      size += chunk.byteLength;
    });
    res.once('end', () => resolve({ body: Buffer.concat(chunks), size }));
    res.once('error', reject);
  });
}

/**
 * Re-sends a received webhook (same method, exact bytes, same headers and query) to the
 * merchant's endpoint and describes the outcome as a `forward` record linked to it.
 */
export async function forwardWebhook(
  webhook: ReceivedWebhook,
  forwardTo: string,
  timeoutMs = FORWARD_TIMEOUT_MS,
): Promise<NewEvent> {
  const target = forwardTargetUrl(forwardTo, webhook.rawUrl);
  const headers = forwardHeaders(
    webhook.headers,
    target,
    webhook.body.byteLength,
    forwardMarker(webhook.headers, webhook.via),
  );
  const started = performance.now();
  const base: NewEvent = {
    kind: 'forward',
    atMs: Date.now(),
    profileId: webhook.summary.profileId,
    profileName: webhook.summary.profileName,
    method: webhook.method,
    url: target.href,
    path: target.pathname,
    query: target.search === '' ? null : target.search.slice(1),
    requestHeaders: headers,
    requestBody: webhook.body,
    orderId: webhook.summary.orderId,
    orderReferenceId: webhook.summary.orderReferenceId,
    eventType: webhook.summary.eventType,
    relatedId: webhook.id,
  };
  const refusal = await forwardRefusal(webhook.headers, target, webhook.via);
  if (refusal !== null)
    return {
      ...base,
      durationMs: performance.now() - started,
      error: `Not forwarded to ${target.href}: ${refusal.message}`,
      details: { target: forwardTo, failure: refusal.failure },
    };
  try {
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = send(
        target,
        { method: webhook.method, headers: headers.flat(), timeout: timeoutMs },
        resolve,
      );
      req.once('timeout', () => {
        req.destroy(
          Object.assign(new Error(`No answer within ${timeoutMs / 1000} s.`), { code: 'FORWARD_TIMEOUT' }),
        );
      });
      req.once('error', reject);
      req.end(webhook.body);
    });
    const { body, size } = await readCapped(res);
    return {
      ...base,
      status: res.statusCode ?? null,
      responseHeaders: headerPairs(res.rawHeaders),
      responseBody: body,
      durationMs: performance.now() - started,
      details: { target: forwardTo, responseSize: size, responseTruncated: size > body.byteLength },
    };
  } catch (error) {
    const { failure, message } = classifyForwardError(error);
    return {
      ...base,
      durationMs: performance.now() - started,
      error: `Forward to ${target.href} failed: ${message}`,
      details: { target: forwardTo, failure },
    };
  }
}
