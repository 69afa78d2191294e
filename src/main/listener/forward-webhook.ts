import type { HeaderList } from '../../shared/events';
import type { NetworkFailure } from '../../shared/merchant-api';
import { HOP_BY_HOP_HEADERS } from '../http/hop-by-hop';
import { performHttpExchange } from '../outbound/http-exchange';
import type { NewEvent } from '../store/events-repository';
import { FORWARD_MARKER_HEADER, forwardMarker, forwardRefusal } from './forward-guard';
import type { ReceivedWebhook } from './handle-webhook';

/** A forward with no answer for this long fails as a timeout. */
export const FORWARD_TIMEOUT_MS = 10_000;
/** Of the merchant's answer to a forward, this much is stored (its full size is noted). */
export const FORWARD_STORED_RESPONSE_BYTES = 1024 * 1024;

/** Why a forward went nowhere: the exchange's failure kinds, or a refusal before sending. */
export type ForwardFailure = NetworkFailure['kind'] | 'self' | 'loop';

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
      !HOP_BY_HOP_HEADERS.has(name.toLowerCase()) &&
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
  const outcome = await performHttpExchange({
    method: webhook.method,
    url: target.href,
    headers,
    body: webhook.body,
    timeoutMs,
    maxResponseBytes: FORWARD_STORED_RESPONSE_BYTES,
  });
  if (outcome.failure !== null)
    return {
      ...base,
      durationMs: outcome.durationMs,
      error: `Forward to ${target.href} failed: ${outcome.failure.message}`,
      details: { target: forwardTo, failure: outcome.failure.kind },
    };
  return {
    ...base,
    status: outcome.status,
    responseHeaders: outcome.headers,
    responseBody: outcome.body,
    durationMs: outcome.durationMs,
    details: { target: forwardTo, responseSize: outcome.responseBytes, responseTruncated: outcome.truncated },
  };
}
