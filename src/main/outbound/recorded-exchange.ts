import type { HeaderList, TimelineSummary } from '../../shared/events';
import type { EventUpdate, NewEvent } from '../store/events-repository';
import type { EventRecorder } from '../timeline/event-recorder';
import { refusedBeforeSending } from '../../shared/record-status';
import { recordedFailure, type ExchangeFailure } from './exchange-failure-words';
import { performHttpExchange, type HttpOutcome, type HttpRequestSpec } from './http-exchange';
import { urlParts } from './url-parts';

/** The fields the exchange itself fills in (what was sent, what came back). */
type ExchangeFields =
  | 'method'
  | 'url'
  | 'path'
  | 'query'
  | 'requestHeaders'
  | 'requestBody'
  | 'status'
  | 'responseHeaders'
  | 'responseBody'
  | 'durationMs'
  | 'error';

/** What the caller knows of its record before anything is sent: kind, profile, order, details. */
export type OutboundRecord = Omit<NewEvent, ExchangeFields>;

/** The caller's part of the completed record, decided from the answer (its details are added). */
export type Completion = EventUpdate;

export interface RecordedExchangeSpec {
  recorder: EventRecorder;
  request: HttpRequestSpec;
  record: OutboundRecord;
  /** The request headers as stored, when they are not those sent (a token shown masked). */
  recordedHeaders?: HeaderList;
  /**
   * When the record is first pushed: while pending (default; shown as in flight, as requests
   * are), or once completed. A delivery waits: its completion links it to the listener's record
   * of it (`relatedId`), and pushed unlinked first it would be counted as a row of its own. A
   * forward waits too: `listen` and `emulator` print a line per pushed forward or delivery.
   */
  announce?: 'pending' | 'completed';
  /** The caller's part of the completed record (scrubbed answer, verdicts, links, its own error). */
  complete?: (outcome: HttpOutcome) => Completion;
  /** Written in the same transaction as the completed record (the emulator's outbox save). */
  alsoWrite?: (completed: NewEvent, outcome: HttpOutcome) => void;
}

export interface RecordedExchange {
  /** The record's id. */
  id: number;
  outcome: HttpOutcome;
  /** The record as stored once complete (pending fields and the completion together). */
  event: NewEvent;
  summary: TimelineSummary;
}

/** What every kind stores of an answer: status, headers as sent, the kept body, truncation, failure. */
function answerOf(outcome: HttpOutcome): Completion {
  const failed = outcome.failure === null ? null : recordedFailure(outcome.failure);
  return {
    status: outcome.status,
    responseHeaders: outcome.headers,
    responseBody: outcome.body,
    durationMs: outcome.durationMs,
    error: failed?.error ?? null,
    details: {
      ...(failed === null ? {} : failed.details),
      ...(outcome.truncated ? responseCut(outcome) : {}),
    },
  };
}

/**
 * A cut answer's details: the size that arrived (the rest was counted, not kept), said as at
 * least that when the reading stopped before the answer's end.
 */
function responseCut(outcome: HttpOutcome): Record<string, unknown> {
  return {
    responseTruncated: true,
    responseSize: outcome.responseBytes,
    ...(outcome.responseEnded ? {} : { responseSizeAtLeast: true }),
  };
}

/**
 * A record of which nothing left keeps no judgement of its body: no body went anywhere, so a
 * body verdict beside `not sent` (a refused CONNECT replay read `empty`) judged nothing that
 * happened. Its bytes stay in the record, as what would have been sent.
 */
function withoutBodyJudgement<T extends Completion>(record: T): T {
  const { body: _judged, ...details } = record.details ?? {};
  return { ...record, bodyVerdict: null, details };
}

/** The record before it leaves: what is about to be sent, no answer yet. */
function pendingOf(spec: RecordedExchangeSpec): NewEvent {
  return {
    atMs: Date.now(),
    ...spec.record,
    method: spec.request.method,
    ...urlParts(spec.request.url, spec.request.target),
    requestHeaders: spec.recordedHeaders ?? spec.request.headers,
    requestBody: spec.request.body,
  };
}

/**
 * The one recorded outbound exchange, for every kind (request, forward, delivery, replay,
 * scenario and check-endpoint sends): the pending record is written and committed before the
 * request leaves, the one transport sends it (http-exchange.ts), and the same
 * record is completed with the answer as it came, its failure worded once
 * (exchange-failure-words.ts), then pushed. Callers keep what is theirs: target, token,
 * details, retry policy, and what must be written with the completion.
 */
export async function recordedExchange(spec: RecordedExchangeSpec): Promise<RecordedExchange> {
  const { recorder } = spec;
  const pending = pendingOf(spec);
  const announceNow = spec.announce !== 'completed';
  // Committed before the request leaves (a replay's listener, maybe in another process, looks
  // the record up by its marker); through the writer, so another process's lock is awaited
  // without holding up the event loop.
  const started = await recorder.inGroup(() => recorder.record(pending, { announce: announceNow }));
  const outcome = await performHttpExchange(spec.request);
  const answer = answerOf(outcome);
  const own = spec.complete?.(outcome) ?? {};
  const answered: Completion = {
    ...answer,
    ...own,
    details: { ...spec.record.details, ...answer.details, ...own.details },
  };
  const update = refusedBeforeSending(answered.status ?? null, answered.error ?? null, answered.details)
    ? withoutBodyJudgement(answered)
    : answered;
  const event: NewEvent = { ...pending, ...update };
  const options = announceNow ? {} : { announceAs: 'timeline.appended' as const };
  const { alsoWrite } = spec;
  // Through the turn's group: the answer may come while another process holds the write lock,
  // and a write made at once would wait for it on the event loop.
  const summary = await recorder.inGroup(() => {
    alsoWrite?.(event, outcome);
    return recorder.update(started.id, update, options);
  });
  return { id: started.id, outcome, event, summary };
}

/**
 * A record of an exchange refused before anything was sent (a forward that would feed itself):
 * the same fields and failure words as a sent one that failed, no answer.
 */
export async function recordUnsent(
  recorder: EventRecorder,
  spec: Pick<RecordedExchangeSpec, 'request' | 'record'>,
  failure: ExchangeFailure,
  words: { error: string; durationMs: number },
): Promise<NewEvent> {
  const failed = recordedFailure(failure, words.error);
  const event: NewEvent = withoutBodyJudgement({
    ...pendingOf({ recorder, ...spec }),
    status: null,
    durationMs: words.durationMs,
    error: failed.error,
    details: { ...spec.record.details, ...failed.details },
  });
  await recorder.inGroup(() => recorder.record(event));
  return event;
}
