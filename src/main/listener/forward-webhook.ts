import type { HeaderList } from '../../shared/events';
import { HOP_BY_HOP_HEADERS } from '../../shared/hop-by-hop-headers';
import { isTakenAnswer, notTakenWords } from '../outbound/answer-taken';
import { recordedExchange, recordUnsent, type OutboundRecord } from '../outbound/recorded-exchange';
import type { NewEvent } from '../store/events-repository';
import type { EventRecorder } from '../timeline/event-recorder';
import { FORWARD_MARKER_HEADER, forwardMarker, forwardRefusal } from './forward-guard';
import type { ReceivedWebhook } from './handle-webhook';

/** A forward with no answer for this long fails as a timeout. */
export const FORWARD_TIMEOUT_MS = 10_000;
/** Of the merchant's answer to a forward, this much is stored (its full size is noted). */
export const FORWARD_STORED_RESPONSE_BYTES = 1024 * 1024;

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
 * merchant's endpoint as a `forward` record linked to it, written before it leaves and
 * completed with the answer (outbound/recorded-exchange.ts); a refused forward is recorded
 * unsent, and so is one `held` (why: a live profile's address not confirmed, listener-service.ts).
 * Resolves with the record as stored.
 */
export async function forwardWebhook(
  recorder: EventRecorder,
  webhook: ReceivedWebhook,
  forwardTo: string,
  timeoutMs = FORWARD_TIMEOUT_MS,
  /** Cancels a forward still waiting for its answer (the console closing). */
  signal?: AbortSignal,
  held: string | null = null,
): Promise<NewEvent> {
  const target = forwardTargetUrl(forwardTo, webhook.rawUrl);
  const headers = forwardHeaders(
    webhook.headers,
    target,
    webhook.body.byteLength,
    forwardMarker(webhook.headers, webhook.via),
  );
  const started = performance.now();
  const request = {
    method: webhook.method,
    url: target.href,
    headers,
    body: webhook.body,
    timeoutMs,
    maxResponseBytes: FORWARD_STORED_RESPONSE_BYTES,
    ...(signal === undefined ? {} : { signal }),
  };
  const record = {
    kind: 'forward',
    profileId: webhook.summary.profileId,
    profileName: webhook.summary.profileName,
    orderId: webhook.summary.orderId,
    orderReferenceId: webhook.summary.orderReferenceId,
    eventType: webhook.summary.eventType,
    relatedId: webhook.id,
    details: { target: forwardTo },
  } satisfies OutboundRecord;
  const refusal =
    held === null
      ? await forwardRefusal(webhook.headers, target, webhook.via)
      : { failure: 'live' as const, message: held };
  if (refusal !== null)
    return recordUnsent(
      recorder,
      { request, record },
      { kind: refusal.failure, message: refusal.message, code: null },
      {
        error: `Not forwarded to ${target.href}: ${refusal.message}`,
        durationMs: performance.now() - started,
      },
    );
  // Pushed once complete: `listen` prints a forward's line from that push, with its outcome.
  return (
    await recordedExchange({
      recorder,
      request,
      record,
      announce: 'completed',
      // A 500 or a redirect (not followed) is a forward that failed, said as a replay says it.
      complete: (outcome) =>
        outcome.failure === null && !isTakenAnswer(outcome.status)
          ? { error: notTakenWords(outcome.status) }
          : {},
    })
  ).event;
}
