import type { EmulatorSettings } from '../../shared/emulator';
import type { HeaderList } from '../../shared/events';
import { errorWords } from '../../shared/error-words';
import { jsonObjectOfBody } from '../../shared/json-body';
import { injectedFaultsSentence } from '../../shared/emulator-fault-words';
import { scrubAnswer } from '../merchant-api/scrub-answer';
import { isDeliveredAnswer, notTakenWords } from '../outbound/answer-taken';
import type { HttpOutcome } from '../outbound/http-exchange';
import { recordedExchange } from '../outbound/recorded-exchange';
import type { OutboxRow } from '../store/emulator-outbox-repository';
import { deliveryArrivalId } from '../timeline/delivery-arrival';
import { deliveryHeaders } from './delivery-headers';
import { notificationToken, TOKEN_LIFETIME_SECONDS } from './notification-token';
import { goesToRegisteredWebhook, whyNotSendable, withServiceToken } from './notification-url';
import type { DispatcherDependencies } from './dispatcher-dependencies';

/** How much of a merchant's answer a delivery record keeps. */
const KEPT_RESPONSE_BYTES = 64 * 1024;

/** What one attempt needs of the dispatcher that makes it. */
export interface AttemptContext {
  deps: DispatcherDependencies;
  now: () => number;
  /** The dispatcher's lease owner: the outcome is saved only while this process holds the row. */
  owner: string;
  /** Aborted by a stop: the attempt is cancelled, not counted. */
  signal: AbortSignal;
  /** Lets go the order's notifications held for this one (the Out of order fault). */
  releaseHeld: (row: OutboxRow) => void;
}

/** An attempt's error, and the faults injected into it when there were any. */
function withFaults(error: string, faults: OutboxRow['faults']): string {
  const injected = injectedFaultsSentence(faults);
  return injected === null ? error : `${error} ${injected}`;
}

/** What an attempt's answer means for the outbox. */
interface Decided {
  delivered: boolean;
  nextAt: number | null;
  /** The delivery's own error (an answer not counted as delivered); null leaves a network failure's words. */
  error: string | null;
}

/** The wait before attempt `attempt + 1` (the last backoff value repeats). */
export function backoffAfter(attempt: number, backoffMs: readonly number[]): number {
  return backoffMs[Math.min(attempt - 1, backoffMs.length - 1)] ?? 0;
}

/** Whether the attempt delivered, when the next one is due, and what went wrong in words. */
function decide(
  outcome: HttpOutcome,
  attemptNo: number,
  settings: Pick<EmulatorSettings, 'backoffMs' | 'deliveredOn'> & { maxAttempts: number },
  nowMs: number,
): Decided {
  const { status } = outcome;
  const { maxAttempts, backoffMs } = settings;
  const delivered = isDeliveredAnswer(status, settings.deliveredOn);
  const last = attemptNo >= maxAttempts;
  return {
    delivered,
    nextAt: delivered || last ? null : nowMs + backoffAfter(attemptNo, backoffMs),
    // A network failure keeps the one wording of every exchange; an answer not counted as
    // delivered (not a 2xx, or not 200 under the setting) is the delivery's own reason to retry.
    error: delivered || outcome.failure !== null ? null : notTakenWords(status),
  };
}

/** The registered webhook's headers for this attempt, or why it cannot go out with them. */
function registeredHeadersOf(
  deps: DispatcherDependencies,
  row: OutboxRow,
  settings: EmulatorSettings,
): { headers: HeaderList; problem: string | null } {
  if (!goesToRegisteredWebhook(deps.orderOf?.(row.orderId), row, settings))
    return { headers: [], problem: null };
  try {
    return { headers: deps.webhookHeaders?.() ?? [], problem: null };
  } catch (error) {
    return { headers: [], problem: `Not sent: ${errorWords(error)}` };
  }
}

/**
 * One attempt of a leased outbox row: signed, sent, recorded as a `delivery` on the timeline,
 * and its outcome (delivered, retried after the backoff, failed, or cancelled by a stop) saved
 * with that record in one write.
 */
export async function attemptDelivery(row: OutboxRow, context: AttemptContext): Promise<void> {
  const { deps, now, owner, releaseHeld } = context;
  const settings = deps.settings();
  const { headers: registered, problem } = registeredHeadersOf(deps, row, settings);
  // Queued before such URLs were turned away (enqueue): it could never leave, so it fails now,
  // once. So does one whose registered headers cannot be opened: sent without them, it would
  // read as the merchant's endpoint refusing the service.
  const unsendable = whyNotSendable(row.url, row.eventType) ?? problem;
  if (unsendable !== null) {
    const failed = { ...row, status: 'failed' as const, nextAttemptAtMs: null, lastError: unsendable };
    await deps.recorder.inGroup(() => {
      deps.outbox.save({ ...failed, updatedAtMs: now() }, owner);
      releaseHeld(row);
    });
    return;
  }
  const signer = deps.signer();
  const started = now();
  const token =
    signer.secret === null
      ? null
      : await notificationToken(
          row.faults.token,
          signer.secret,
          settings.issuer,
          deps.keys,
          started,
          (signer.lifetimeMinutes ?? TOKEN_LIFETIME_SECONDS / 60) * 60,
        );
  // Only pending rows are attempted, and a pending row always has its URL.
  const url = withServiceToken(row.url ?? '', token);
  const headers = deliveryHeaders(token, registered);
  // What the merchant's endpoint echoes of a registered value is masked before it is stored.
  const registeredValues = registered.map(([, value]) => value);
  const attemptNo = row.attempts + 1;
  const parsed = jsonObjectOfBody(row.body);
  let decided: Decided = { delivered: false, nextAt: null, error: null };
  let cancelled = false;
  await recordedExchange({
    recorder: deps.recorder,
    request: {
      method: 'POST',
      url: url.toString(),
      headers: headers.sent,
      body: Buffer.from(row.body, 'utf8'),
      timeoutMs: settings.timeoutMs,
      maxResponseBytes: KEPT_RESPONSE_BYTES,
      signal: context.signal,
    },
    recordedHeaders: headers.recorded,
    record: {
      kind: 'delivery',
      atMs: started,
      profileId: signer.profileId,
      profileName: signer.profileName,
      orderId: row.orderId,
      orderReferenceId:
        typeof parsed?.['order_reference_id'] === 'string' ? parsed['order_reference_id'] : null,
      eventType: row.eventType,
      details: {
        attempt: attemptNo,
        maxAttempts: row.maxAttempts,
        outboxId: row.id,
        faults: row.faults,
        ...(registered.length === 0 ? {} : { registeredHeaders: registered.map(([name]) => name) }),
      },
    },
    // Pushed once complete: by then it names the listener's record of it, so it joins that row.
    announce: 'completed',
    complete: (outcome) => {
      decided = decide(
        outcome,
        attemptNo,
        { maxAttempts: row.maxAttempts, backoffMs: settings.backoffMs, deliveredOn: settings.deliveredOn },
        now(),
      );
      // Cancelled by a stop: not one of its attempts (it may have arrived, so it goes again,
      // due at once when the emulator runs next), even if it was the last.
      cancelled =
        outcome.failure?.kind === 'cancelled' || outcome.failure?.kind === 'cancelled_after_sending';
      if (cancelled) decided = { delivered: false, nextAt: now(), error: null };
      const answer =
        registeredValues.length === 0 ? null : scrubAnswer(outcome.headers, outcome.body, registeredValues);
      return {
        ...(answer === null ? {} : { responseHeaders: answer.headers, responseBody: answer.body }),
        durationMs: now() - started,
        // A refusal the emulator caused on purpose (its token fault) says so beside the answer,
        // wherever the error is shown: it is not the merchant's fault.
        ...(decided.error === null ? {} : { error: withFaults(decided.error, row.faults) }),
        // The listener's record of this attempt, when it reached this console: one row on the timeline.
        relatedId:
          deps.arrival === undefined
            ? null
            : deliveryArrivalId(
                outcome.body,
                { orderId: row.orderId, eventType: row.eventType, startedMs: started, endedMs: now() },
                deps.arrival,
              ),
        details: decided.nextAt === null ? {} : { nextAttemptAt: new Date(decided.nextAt).toISOString() },
      };
    },
    // The outcome (ending this process's lease), its record and what it lets go, in one write.
    alsoWrite: (completed) => {
      if (!cancelled) releaseHeld(row);
      return deps.outbox.save(
        {
          ...row,
          attempts: cancelled ? row.attempts : attemptNo,
          status: decided.delivered
            ? 'delivered'
            : !cancelled && attemptNo >= row.maxAttempts
              ? 'failed'
              : 'pending',
          nextAttemptAtMs: decided.nextAt,
          lastStatus: completed.status ?? null,
          lastError: completed.error ?? null,
          updatedAtMs: now(),
        },
        owner,
      );
    },
  });
}
