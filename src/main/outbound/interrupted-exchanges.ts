import { MAX_TIMEOUT_MS } from '../../shared/merchant-api';
import type { EventsRepository } from '../store/events-repository';
import type { EventRecorder } from '../timeline/event-recorder';
import { recordedFailure, type ExchangeFailure } from './exchange-failure-words';

/**
 * Past this, no exchange of any console process can still be waiting for its answer: the longest
 * timeout any kind allows (a request to the service, five minutes) and a minute to spare. Several
 * processes share one data directory, so a younger pending record may be another one's, in flight.
 */
export const INTERRUPTED_AFTER_MS = MAX_TIMEOUT_MS + 60_000;
const CHECK_EVERY_MS = 60_000;

const INTERRUPTED: ExchangeFailure = {
  kind: 'interrupted',
  message:
    'Interrupted: the console stopped before the answer came, so whether it arrived is unknown; nothing after the request was recorded.',
  code: null,
};

/** A webhook's answer is the listener's own to send: what it waited for was its response delay. */
const LISTENER_INTERRUPTED: ExchangeFailure = {
  kind: 'interrupted',
  message:
    'Interrupted: the listener stopped before its answer was sent (it was waiting out the response delay), so no answer is recorded as sent; the request as received is kept.',
  code: null,
};

/**
 * A webhook answered at once is stored with its answer, then written to its client, then given
 * its duration (handle-webhook.ts): a listener killed between the commit and that update left a
 * record claiming an answer that may never have gone out. Its planned answer stays in
 * `details.response`; the record no longer reads as answered.
 */
const LISTENER_ENDED_AFTER_STORING: ExchangeFailure = {
  kind: 'interrupted',
  message:
    'Interrupted: the answer may not have gone out: the listener stopped (its process ended) before it was known to be sent. The request as received is kept, and the answer it was to get is in details.response.',
  code: null,
};

/**
 * Every outbound record is stored pending before its request leaves and completed with the
 * answer (recorded-exchange.ts); so is a webhook whose answer waits out the listener's response
 * delay (handle-webhook.ts). A process killed in between leaves it pending, and a pending
 * record says "Waiting for the answer…" for ever. This closes such records once no process
 * could still be waiting for them (the longest delay, two minutes, is well inside): with the
 * failure "interrupted", in the same words and `details.failure` shape as every other failure,
 * the request as sent (or received) kept.
 */
export function closeInterruptedExchanges(
  events: EventsRepository,
  recorder: EventRecorder,
  now = Date.now(),
): number {
  const ids = events.unansweredBefore(now - INTERRUPTED_AFTER_MS);
  for (const id of ids) {
    const row = events.getRow(id);
    if (row === undefined) continue;
    const failed = recordedFailure(row.kind === 'webhook' ? LISTENER_INTERRUPTED : INTERRUPTED);
    recorder.update(id, { error: failed.error, details: { ...detailsOf(row.details), ...failed.details } });
  }
  const stored = events.answerNotKnownSentBefore(now - INTERRUPTED_AFTER_MS);
  for (const id of stored) {
    const row = events.getRow(id);
    if (row === undefined) continue;
    const failed = recordedFailure(LISTENER_ENDED_AFTER_STORING);
    recorder.update(id, {
      status: null,
      responseHeaders: null,
      responseBody: null,
      error: [row.error, failed.error].filter(Boolean).join(' '),
      details: { ...detailsOf(row.details), ...failed.details },
    });
  }
  return ids.length + stored.length;
}

/** At start and then every minute; the timer never keeps the process alive. */
export function watchInterruptedExchanges(
  events: EventsRepository,
  recorder: EventRecorder,
  onError: (error: unknown) => void,
): () => void {
  const check = () => {
    try {
      // A read first: nearly always there is nothing to close, and then nothing takes the lock.
      const before = Date.now() - INTERRUPTED_AFTER_MS;
      if (events.unansweredBefore(before).length + events.answerNotKnownSentBefore(before).length === 0)
        return;
    } catch (error) {
      onError(error);
      return;
    }
    // Through the writer's queue: from a timer, a write made at once would wait for another
    // process's lock on the event loop.
    recorder.inGroup(() => closeInterruptedExchanges(events, recorder)).catch(onError);
  };
  check();
  const timer = setInterval(check, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

function detailsOf(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
