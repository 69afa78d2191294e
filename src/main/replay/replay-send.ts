import type { BodyVerdict } from '../../shared/events';
import { REPLAY_MARKER_HEADER, replayProvenance } from '../../shared/provenance';
import type { ReplayPlanRequest } from '../../shared/replay';
import type { BodyJudgement } from '../../shared/webhook/judge-webhook-body';
import { judgeReplayedBody } from '../../shared/webhook/judge-replayed-body';
import { webhookDetailsSchema, type BodyFinding, type WebhookDetails } from '../../shared/webhook-details';
import { isTakenAnswer, notTakenWords } from '../outbound/answer-taken';
import { recordedExchange } from '../outbound/recorded-exchange';
import { scrubAnswer } from '../merchant-api/scrub-answer';
import { maskWith, replaceSecretsInText } from '../../shared/secrets/redact-secrets';
import type { EventRow, EventsRepository } from '../store/events-repository';
import { newTimeOrderedUuid } from '../store/time-ordered-uuid';
import { refusedBeforeSending, unansweredOf } from '../../shared/record-status';
import type { EventRecorder } from '../timeline/event-recorder';
import type { OutgoingReplay } from './replay-request';

const KEPT_RESPONSE_BYTES = 64 * 1024;

export interface ReplaySend {
  /** The stored webhook being replayed. */
  row: EventRow;
  outgoing: OutgoingReplay;
  request: Pick<ReplayPlanRequest, 'tokenMode' | 'preset' | 'body' | 'timeoutMs' | 'target'>;
  profile: { id: number; name: string };
  /**
   * Every profile token and registered header value (record-secrets.ts): a stored webhook may
   * carry one (the emulator sends registered headers), sent as it came, stored masked.
   */
  secrets: readonly string[];
  signal: AbortSignal;
  /** Where this send sits in its run. */
  details: { runId: string; position: number; of: number };
}

/**
 * One replay: its record written (and committed) before it leaves, carrying the record's uid
 * as its marker so the listener that receives it links its record back; then the answer, and
 * for this console's listener its verdicts and the body's one judgement, on the same record.
 */
export async function sendReplay(
  deps: { events: EventsRepository; recorder: EventRecorder },
  send: ReplaySend,
): Promise<{
  recordId: number;
  /** Written whole to the target, answered or not (the run's `sent`). */
  sent: boolean;
  failed: boolean;
  unanswered: boolean;
  notSent: boolean;
  error: string | null;
}> {
  const { row, outgoing, request } = send;
  const at = Date.now();
  const bodyEdited = request.body !== null;
  // The listener's one judgement of a notification body (verdict, findings, what it names), with
  // the headers it goes with: the Replay view's preview of an edited body takes the same call.
  const body = judgeReplayedBody(outgoing.body, outgoing.headers);
  // The record's uid, as every record's is (a UUID version 7 of when it was made), and the
  // marker the request carries: the listener looks the replay up by it.
  const uid = newTimeOrderedUuid(at);
  const headers: [string, string][] = [...outgoing.headers, [REPLAY_MARKER_HEADER, uid]];
  const sendDetails = {
    ...send.details,
    tokenMode: request.tokenMode,
    ...(request.tokenMode === 'preset' ? { preset: request.preset } : {}),
    bodyEdited,
    // The body's one judgement, by the listener's own function, wherever the replay goes.
    body: storedJudgement(body),
  };
  // The record is committed before the request leaves (recorded-exchange.ts): a listener (this
  // one or a `listen` in another process) finds the marker's replay and links its record to it.
  const sent = await recordedExchange({
    recorder: deps.recorder,
    request: {
      method: row.method ?? 'POST',
      url: outgoing.url.toString(),
      ...(outgoing.target === null ? {} : { target: outgoing.target }),
      headers,
      body: outgoing.body,
      timeoutMs: request.timeoutMs,
      signal: send.signal,
      maxResponseBytes: KEPT_RESPONSE_BYTES,
    },
    // As a delivery records the registered headers it sends: masked (delivery-headers.ts).
    recordedHeaders: headers.map(([name, value]) => [
      name,
      replaceSecretsInText(value, send.secrets, maskWith),
    ]),
    record: {
      uid,
      kind: 'replay',
      atMs: at,
      profileId: send.profile.id,
      profileName: send.profile.name,
      ...describedBody(body, row),
      bodyVerdict: body.verdict,
      relatedId: row.id,
      provenance: replayProvenance(request.tokenMode, bodyEdited),
      details: sendDetails,
    },
    complete: (outcome) => {
      // Sent to this console's listener, the answer names the record it made: its verdicts
      // and the body's judgement are the replay's too (one judgement per body).
      const named =
        request.target.kind === 'listener' && outcome.body !== null ? listenerRecordOf(outcome.body) : null;
      // Only a record that this send's marker linked: a listener on another data directory
      // answers with an id of its own, which here would name an unrelated record.
      const candidate = named === null ? undefined : deps.events.getDetail(named);
      const received = candidate !== undefined && linkedBy(candidate.details, uid) ? candidate : undefined;
      const listenerRecord = received === undefined ? null : named;
      // What the target echoes of a secret is masked before it is stored, as a delivery's answer.
      const answer =
        send.secrets.length === 0 ? null : scrubAnswer(outcome.headers, outcome.body, send.secrets);
      return {
        ...(answer === null ? {} : { responseHeaders: answer.headers, responseBody: answer.body }),
        // Worded once per record, as a delivery's: the window and the CLI say the same why.
        ...(outcome.failure === null && !isTakenAnswer(outcome.status)
          ? { error: notTakenWords(outcome.status) }
          : {}),
        tokenVerdict: received?.tokenVerdict ?? null,
        bodyVerdict: received?.bodyVerdict ?? body.verdict,
        details: {
          ...(received === undefined ? {} : judgementOf(received.details)),
          ...(listenerRecord === null ? {} : { listenerRecordId: listenerRecord }),
        },
      };
    },
  });
  const { status, error, details } = sent.event;
  // Sent whole with no answer: its record reads `unanswered` (record-status.ts), and so does the
  // run's count of it; the target may have carried it out, so it is no failure.
  const unanswered = unansweredOf(status ?? null, error ?? null, details);
  // Nothing of it left (a CONNECT refused, a cancel before it was written whole): no failure of
  // a send, and counted apart, so a run of one CONNECT never reads "1 sent … 1 failed".
  const notSent = refusedBeforeSending(status ?? null, error ?? null, details);
  return {
    recordId: sent.id,
    sent: (status ?? null) !== null || unanswered,
    failed: !unanswered && !notSent && ((error ?? null) !== null || !isTakenAnswer(status ?? null)),
    unanswered,
    notSent,
    error: error ?? null,
  };
}

/** Of a body's judgement, what a record stores with it: the verdict and the findings. */
const storedJudgement = (judged: BodyJudgement): { verdict: BodyVerdict; findings: BodyFinding[] } => ({
  verdict: judged.verdict,
  findings: judged.findings,
});

/**
 * The order and event the replay's record names: those of the body it sent, read as the
 * listener reads a webhook's (judgeWebhookBody), so an edited body's record says what went out
 * as its arrival does, never the original's event. The original's fill in only what the body
 * does not name (a body that is no notification, or bytes that are not JSON); its reference
 * only while the body names no other order, whose reference it is not.
 */
function describedBody(
  judged: BodyJudgement,
  row: EventRow,
): { orderId: string | null; orderReferenceId: string | null; eventType: string | null } {
  const sameOrder = judged.orderId === null || judged.orderId === row.order_id;
  return {
    orderId: judged.orderId ?? row.order_id,
    orderReferenceId: judged.orderReferenceId ?? (sameOrder ? row.order_reference_id : null),
    eventType: judged.eventType ?? row.event_type,
  };
}

/** The token and body judgements the listener stored with its record of this send. */
function judgementOf(details: Record<string, unknown>): Partial<Pick<WebhookDetails, 'token' | 'body'>> {
  const parsed = webhookDetailsSchema.pick({ token: true, body: true }).partial().safeParse(details);
  return parsed.success ? parsed.data : {};
}

/** Whether the listener linked its record to the replay whose marker is `uid` (replay-link.ts). */
function linkedBy(details: Record<string, unknown>, uid: string): boolean {
  const link = details['replayLink'];
  return typeof link === 'object' && link !== null && 'marker' in link && link.marker === uid;
}

/**
 * The record id a console listener's answer names: `{"received":true,"id":12}`, and a refusal it
 * stored and judged all the same (`{"received":false,"id":12,…}`, a GET answered 405). Read only
 * as `received: true`, a replayed GET carried token verdict null though the listener had judged
 * its token; whether the record is this send's is judged after (linkedBy).
 */
function listenerRecordOf(body: Uint8Array): number | null {
  try {
    const parsed = JSON.parse(new TextDecoder().decode(body)) as { received?: unknown; id?: unknown };
    return typeof parsed.received === 'boolean' && typeof parsed.id === 'number' ? parsed.id : null;
  } catch {
    return null;
  }
}
