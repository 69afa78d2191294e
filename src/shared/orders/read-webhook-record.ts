import type { DamagedField } from '../events';
import { boundedJsonKey } from '../bounded-json';
import { CAPTURE_EVENT_KEYS, REFUND_EVENT_KEYS, unreadableMoneyField } from './order-amounts';
import { state as stateLabel } from './order-claims';
import { isJsonObject, stringField, type OrderRecord } from './order-record';
import { orderStateSchema, stepOfEventType, type OrderState } from './order-states';
import {
  beyondProblem,
  currencyProblem,
  readAmount,
  unreadableAmountProblem,
  type Walk,
  zeroAmountProblem,
} from './lifecycle-walk';
import { captureClaim, refundClaim } from './amount-claims';
import { captureIdProblem } from './capture-identity';
import { webhookNotCounted } from './webhook-not-counted';
import { tokenJudgedAgainstWords } from './token-judged-against';
import { refundIdProblem } from './refund-identity';
import { REST_SHOWN_BY_CANCEL } from './rest-shown';

/**
 * A notification that may not be the service's: its token was not judged valid (forged,
 * expired, missing, or the profile has no notification token to check it with). Listed, never
 * evidence, and never remembered as "seen", so it cannot make the real one look like a copy.
 */
function readUnverified(walk: Walk, record: OrderRecord): void {
  const verdict = record.tokenVerdict ?? 'not judged';
  const against = record.tokenVerdict === null ? '' : `; ${tokenJudgedAgainstWords(record)}`;
  // Named, since the profile that judged it need not be the order's (token-judged-against.ts).
  const hint =
    record.tokenVerdict === 'no_secret' && record.profileName !== null
      ? ': set one there, or make the profile whose token signed it active, to check it'
      : '';
  walk.add(record, {
    source: 'webhook',
    what: record.eventType ?? 'webhook',
    step: record.eventType === null ? null : stepOfEventType(record.eventType),
    effect: 'unverified',
    unverified: true,
    evidence: `Notification ${record.eventType ?? 'without an event type'} with token ${verdict}: not verified as the service's, so it does not move the order${against}${hint}`,
  });
}

/** The parts of a stored webhook that hold the listener's judgement of it (webhook-not-counted.ts). */
const JUDGEMENT_FIELDS: readonly DamagedField[] = ['details', 'error'];

/** What one notification from the service says about the order. */
export function readWebhook(walk: Walk, record: OrderRecord): void {
  if (record.tokenVerdict !== 'valid') {
    readUnverified(walk, record);
    return;
  }
  const eventType = record.eventType;
  // Too deep or too large to read (bounded-json.ts): listed, never walked.
  if (record.unreadable !== undefined) {
    // A finding too: the order must not read "findings none" over a notification it could not read.
    walk.findings.push({
      recordId: record.id,
      severity: 'warning',
      code: 'unreadable_body',
      message: `The body of this ${eventType ?? 'notification'} could not be read (${record.unreadable})`,
    });
    walk.add(record, {
      source: 'webhook',
      what: eventType ?? 'webhook',
      step: null,
      effect: 'unknown',
      evidence: `The body could not be read (${record.unreadable}); listed, state unchanged`,
    });
    return;
  }
  // The listener's judgement of its body is kept in its details (and a refusal in its error):
  // damaged, there is no judgement to take (data-safety.md: an unreadable verdict is no verdict),
  // so it moves nothing. Its damaged_record finding names it (derive-lifecycle.ts).
  if (record.damaged?.some((field) => JUDGEMENT_FIELDS.includes(field)) === true) {
    walk.add(record, {
      source: 'webhook',
      what: eventType ?? 'webhook',
      step: null,
      effect: 'unknown',
      evidence: `Its stored ${record.damaged.includes('details') ? 'details are' : 'error is'} damaged, so the listener's judgement of its body cannot be read; not counted, state unchanged`,
    });
    return;
  }
  // The listener's judgement of it, taken as it is: refused, or a body with an error or a key
  // given twice, it is listed with the record's words and moves nothing.
  const notCounted = webhookNotCounted(record);
  if (notCounted !== null) {
    walk.contradict(record, eventType ?? 'webhook', 'webhook', notCounted);
    return;
  }
  if (eventType === null) {
    walk.add(record, {
      source: 'webhook',
      what: 'webhook',
      step: null,
      effect: 'unknown',
      evidence: `A notification without an event type (body ${record.bodyVerdict ?? 'not judged'}); listed, state unchanged`,
    });
    return;
  }
  // The older form (order_status) is documented for the approval only: another status in it is
  // not the service's word for a step, so it is listed without moving the order.
  if (record.bodyVerdict === 'legacy' && eventType !== 'order_approved') {
    walk.add(record, {
      source: 'webhook',
      what: eventType,
      step: null,
      effect: 'unknown',
      evidence: `The older form (order_status) is documented only for "approved", not for ${eventType}; listed, state unchanged`,
    });
    return;
  }
  const step = stepOfEventType(eventType);
  if (step === null) {
    walk.add(record, {
      source: 'webhook',
      what: eventType,
      step: null,
      effect: 'unknown',
      evidence: `"${eventType}" is not an event type the console knows; listed, state unchanged`,
    });
    return;
  }
  const payload = record.requestJson;
  const data = isJsonObject(payload) ? payload['data'] : undefined;
  const key = `${eventType} ${boundedJsonKey(data ?? null)}`;
  const first = walk.webhooksSeen.get(key);
  if (first !== undefined) {
    walk.add(record, {
      source: 'webhook',
      what: eventType,
      step,
      effect: 'duplicate',
      evidence: `The same ${eventType} notification as record #${first}; no new step`,
    });
    return;
  }
  walk.webhooksSeen.set(key, record.id);
  // The service names the reference it holds now: one changed outside the console (the merchant's
  // own backend calling update reference id) is known from its next notification. Orders, its
  // search and `orders` kept the reference of the create request while every later notification
  // named the new one.
  const reference = stringField(payload, 'order_reference_id');
  if (reference !== null) walk.facts.referenceId = reference;
  const legacy = record.bodyVerdict === 'legacy' ? ' (older form, order_status)' : '';
  const base = `Notification ${eventType}${legacy}`;
  if (step === 'captured' || step === 'refunded') {
    const keys = step === 'captured' ? CAPTURE_EVENT_KEYS : REFUND_EVENT_KEYS;
    const money = readAmount(data, keys, walk);
    const field = step === 'captured' ? 'captured_amount' : 'refunded_amount';
    const problem =
      unreadableAmountProblem(money, unreadableMoneyField(data, keys), eventType) ??
      currencyProblem(walk, money, `${eventType}'s ${field}`) ??
      zeroAmountProblem(walk, money, `${eventType}'s ${field}`) ??
      (step === 'captured' ? captureIdProblem : refundIdProblem)(walk, record, data, money?.minor ?? null) ??
      beyondProblem(walk, step === 'captured' ? 'capture' : 'refund', 'webhook', money);
    if (problem === 'duplicate') {
      walk.add(record, {
        source: 'webhook',
        what: eventType,
        step,
        effect: 'duplicate',
        evidence: `The same ${step === 'captured' ? 'capture' : 'refund'} as an earlier ${eventType} (same ${step === 'captured' ? 'capture_id' : 'refund_id'} and amount); counted once`,
      });
      return;
    }
    if (problem !== null) {
      walk.contradict(record, eventType, 'webhook', problem);
      return;
    }
    const claim =
      step === 'captured'
        ? captureClaim(walk, record, 'webhook', money)
        : refundClaim(walk, 'webhook', money);
    walk.claim(record, {
      source: 'webhook',
      what: eventType,
      target: claim.target,
      counted: claim.counted,
      evidence: `${base}: ${claim.detail}`,
    });
    return;
  }
  if (step === 'canceled') {
    const { target, rest, shown } = walk.cancelTarget();
    walk.claim(record, {
      source: 'webhook',
      what: eventType,
      target,
      counted: rest,
      evidence: rest
        ? `${base}: ${restCanceledWords(target, shown)}`
        : `${base}: the order is ${stateLabel(target)}`,
    });
    return;
  }
  const target = orderStateSchema.parse(step);
  walk.claim(record, {
    source: 'webhook',
    what: eventType,
    target,
    evidence: `${base}: the order is ${stateLabel(target)}`,
  });
}

/**
 * A cancel of the uncaptured rest: the state stays, unless nothing is left to refund either.
 * `shown`: the cancel showed the capture before was partial, the total unknown (rest-shown.ts),
 * so the state moved from the default's "fully" and the words say so.
 */
export function restCanceledWords(target: OrderState, shown = false): string {
  const why = shown ? `${REST_SHOWN_BY_CANCEL}; ` : '';
  if (target === 'fully_refunded')
    return `${why}the uncaptured rest is cancelled, and all that was captured is refunded: the order is fully refunded`;
  return shown
    ? `${why}the uncaptured rest is cancelled: the order is ${stateLabel(target)}`
    : 'the uncaptured rest is cancelled; what was captured stays, and the state with it';
}
