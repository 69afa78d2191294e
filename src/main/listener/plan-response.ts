import { formatBytes, formatBytesShort } from '../../shared/byte-size';
import type { HeaderList } from '../../shared/events';
import { TOO_LARGE_KEPT_BYTES, type ListenerSettings } from '../../shared/listener';
import type { CapturedBody } from './read-body';

/** What the listener will answer to one request, decided before the row is written. */
export interface ResponsePlan {
  /** null: nobody to answer (the client went away mid-body). */
  status: number | null;
  delayMs: number;
  /** Stored in the row's error column: why this request was not taken as a webhook. */
  error: string | null;
  /** A sentence for the response body when the request was refused. */
  refusal: string | null;
  extraHeaders: HeaderList;
}

/**
 * Precedence: broken HTTP → 400; aborted → nothing to answer; stalled or slow body → 408; too large → 413; any method
 * but POST → 405 (still stored: everything acknowledged is in SQLite); otherwise the
 * configured status and delay, to play a healthy or a failing merchant endpoint.
 */
export function planResponse(method: string, body: CapturedBody, settings: ListenerSettings): ResponsePlan {
  const close: HeaderList = body.stillSending ? [['Connection', 'close']] : [];
  if (body.outcome === 'broken') {
    return {
      status: 400,
      delayMs: 0,
      error: `Not a valid HTTP request: ${body.stopped ?? 'the parser gave up'} after ${body.size} body bytes; answered 400.`,
      refusal: 'Not a valid HTTP request.',
      extraHeaders: [['Connection', 'close']],
    };
  }
  if (body.outcome === 'aborted') {
    return {
      status: null,
      delayMs: 0,
      error: `The client closed the connection after ${body.size} bytes, before the body was complete; nothing could be answered.`,
      refusal: null,
      extraHeaders: [],
    };
  }
  if (body.outcome === 'timed_out') {
    return {
      status: 408,
      delayMs: 0,
      error: `${body.stopped ?? 'The body did not arrive in time'}; answered 408.`,
      refusal: `${body.stopped ?? 'The body did not arrive in time'}; what arrived was stored.`,
      extraHeaders: [['Connection', 'close']],
    };
  }
  if (body.outcome === 'too_large') {
    return {
      status: 413,
      delayMs: 0,
      // Sizes in the byte-size owner's words, as the Request tab says them: a body a few bytes
      // over the limit is written as over it, never as the limit's own figure.
      error: `The body, ${body.stillSending ? 'at least ' : ''}${formatBytes(body.size)}, is over the ${formatBytesShort(settings.bodyLimitBytes)} limit; answered 413 and kept its first ${formatBytes(Math.min(body.size, TOO_LARGE_KEPT_BYTES))}.`,
      refusal: `The body is larger than the ${formatBytesShort(settings.bodyLimitBytes)} limit; its first ${formatBytesShort(TOO_LARGE_KEPT_BYTES)} were stored.`,
      extraHeaders: close,
    };
  }
  if (method !== 'POST') {
    return {
      status: 405,
      delayMs: 0,
      error: `${method} is not accepted (webhooks are POSTed); answered 405 and stored it anyway.`,
      refusal: `Only POST is accepted here; this ${method} request was stored anyway.`,
      extraHeaders: [['Allow', 'POST'], ...close],
    };
  }
  return {
    status: settings.respondStatus,
    delayMs: settings.responseDelayMs,
    error: null,
    refusal: null,
    extraHeaders: close,
  };
}

/** `{ "received": true, "id": 12 }`, or `received: false` with the reason when refused. */
export function responseBody(plan: ResponsePlan, id: number): string {
  return JSON.stringify(
    plan.refusal === null ? { received: true, id } : { received: false, id, error: plan.refusal },
  );
}
