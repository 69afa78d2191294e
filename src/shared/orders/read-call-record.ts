import { formatMinorMoney } from '../money-format';
import {
  CAPTURE_REQUEST_KEYS,
  readMoneyField,
  type ReadMoney,
  readRefundEntriesMoney,
  readRefundRequestMoney,
  CAPTURE_ANSWER_KEYS,
  REFUND_ANSWER_KEYS,
  REFUND_REQUEST_KEYS,
  unreadableMoneyField,
  unreadableRefundAnswerField,
  unreadableRefundRequestField,
  type UnreadableMoney,
} from './order-amounts';
import { heldOtherwiseReader, type HeldOtherwiseAt } from '../written-number-reader';
import { state as stateLabel } from './order-claims';
import type { LifecycleSource } from './order-lifecycle';
import {
  failureOf,
  isJsonObject,
  isPending,
  isSuccess,
  notAnAnswerOf,
  operationOf,
  stringField,
  type OrderRecord,
} from './order-record';
import { orderStateSchema } from './order-states';
import type { ClientOperation } from '../merchant-api';
import {
  beyondProblem,
  currencyProblem,
  readAmount,
  unreadableAmountProblem,
  type AmountProblem,
  type Walk,
  zeroAmountProblem,
} from './lifecycle-walk';
import { captureClaim, refundClaim } from './amount-claims';
import { anotherCheckoutProblem } from './create-identity';
import { answeredCaptureProblem } from './capture-identity';
import { answeredRefundProblem, isPartlyRepeated, type PartlyRepeated } from './refund-identity';

import { restCanceledWords } from './read-webhook-record';
/**
 * What a capture or refund call's 2xx answer says was done — the capture's `captured_amount`;
 * the refund's `refunded_amount`, or the sum of its `refunds[]` entries — else, when the answer
 * gives no amount, what the call asked for. The answer is the service's word: a call that asked
 * for 60.00 and was answered 40.00 captured 40.00. `said` names where the amount was read, for
 * a finding about it (the call's amount is not the one in another currency, or zero);
 * `unreadable`, the amount the answer gives but that cannot be counted (its written digits are
 * more than JSON holds, say): a mistake in the service's word, not a reason to count the call's.
 */
function answeredMoney(
  walk: Walk,
  record: OrderRecord,
  operation: 'capture' | 'refund',
  asked: ReadMoney | null,
  written: HeldOtherwiseAt | undefined,
): { money: ReadMoney | null; said: string; unreadable: UnreadableMoney | null } {
  const currency = walk.facts.currency;
  const answer = record.responseJson;
  if (operation === 'capture') {
    const captured = readMoneyField(answer, CAPTURE_ANSWER_KEYS, currency, written);
    if (captured !== null)
      return {
        money: captured,
        said: `The capture answer's ${CAPTURE_ANSWER_KEYS.join('/')}`,
        unreadable: null,
      };
  } else {
    const refunded = readMoneyField(answer, REFUND_ANSWER_KEYS, currency, written);
    if (refunded !== null)
      return {
        money: refunded,
        said: `The refund answer's ${REFUND_ANSWER_KEYS.join('/')}`,
        unreadable: null,
      };
    const entries = readRefundEntriesMoney(answer, currency, written);
    if (entries !== null)
      return { money: entries, said: "The refund answer's refunds[] amounts", unreadable: null };
  }
  const unreadable =
    operation === 'capture'
      ? unreadableMoneyField(answer, CAPTURE_ANSWER_KEYS, written)
      : unreadableRefundAnswerField(answer, written);
  return { money: asked, said: `The ${operation} call's amount`, unreadable };
}

/**
 * A refund answer's `refunds[]` entry in another currency than the order's. Entries in two
 * currencies have no one sum, so the answer's amount alone cannot show it: the call's amount
 * was counted instead, and the entry in the other currency was taken for the order's.
 */
function answeredEntryCurrencyProblem(walk: Walk, answer: unknown): AmountProblem | null {
  const entries = isJsonObject(answer) ? answer['refunds'] : undefined;
  if (!Array.isArray(entries)) return null;
  for (const [at, entry] of entries.entries()) {
    const money = readMoneyField(entry, REFUND_REQUEST_KEYS, walk.facts.currency);
    const problem = currencyProblem(walk, money, `The refund answer's refunds[${at}] amount`);
    if (problem !== null) return problem;
  }
  return null;
}

/** Which refunds an answer repeats, where each is counted, and what its new ones come to. */
function repeatedWords({ repeated, listedTwice, newMinor }: PartlyRepeated): string {
  const said = [
    ...repeated.map(
      ({ refundId, recordId }) =>
        `refund ${refundId} was answered before, by record #${recordId}, and is counted there`,
    ),
    ...listedTwice.map((refundId) => `refund ${refundId} is listed twice in this answer, and counted once`),
  ];
  const whole =
    newMinor === null ? ' (a new refund gives no amount of its own, so the whole answer is counted)' : '';
  return `; ${said.join('; ')}${whole}`;
}

/** What kind of evidence a console operation's answer is: a get-order answer is the service's word. */
export function callSource(operation: ClientOperation): LifecycleSource {
  return operation === 'createCheckout' ? 'create' : operation === 'getOrder' ? 'get_order' : 'response';
}

export function readCall(walk: Walk, record: OrderRecord): void {
  const operation = operationOf(record);
  if (operation === null) {
    walk.add(record, {
      source: 'record',
      what: `${record.method ?? 'request'} ${record.path ?? ''}`.trim(),
      step: null,
      effect: 'info',
      evidence: 'A request that is not one of the console operations; listed',
    });
    return;
  }
  const what = `${operation} → ${record.status ?? 'no answer'}`;
  const source = callSource(operation);
  if (isPending(record)) {
    walk.add(record, {
      source,
      what: `${operation} …`,
      step: null,
      effect: 'pending',
      evidence: `${operation} was sent; no answer yet`,
    });
    return;
  }
  if (record.unanswered) {
    // Cancelled once sent whole: the service may have done it, so it moves nothing and claims no
    // state; what followed (a notification, a get-order answer) says where the order is.
    walk.add(record, {
      source,
      what: `${operation} → unanswered`,
      step: null,
      effect: 'unanswered',
      evidence: `${operation} was sent, then cancelled before an answer: it may have been carried out, so the order's state is unknown for this call; state unchanged here (a notification or getOrder tells)`,
    });
    return;
  }
  if (!isSuccess(record)) {
    walk.add(record, {
      source,
      what,
      step: null,
      effect: 'failed',
      evidence: `${operation} ${failureOf(record)}; state unchanged`,
    });
    return;
  }
  // A 2xx the console itself says is no answer (the record view's "Answered 200, but…") moves
  // nothing: the order says so in those same words, as a finding naming the record.
  const notAnswer = notAnAnswerOf(record);
  if (notAnswer !== null) {
    walk.contradict(record, what, source, { code: 'not_an_answer', message: notAnswer });
    return;
  }
  const accepted = `${operation} answered ${record.status ?? ''} (by response)`;
  switch (operation) {
    case 'createCheckout': {
      const another = anotherCheckoutProblem(walk, record);
      if (another !== null) {
        walk.contradict(record, what, source, another);
        return;
      }
      // The spec: status is `new` on creation. An answer saying another (fully_captured) put a
      // new order past every step with nothing captured; it is a finding, and the order is new.
      const status = stringField(record.responseJson, 'status');
      const otherwise = status !== null && status !== 'new';
      if (otherwise) {
        const known = orderStateSchema.safeParse(status);
        walk.findings.push({
          recordId: record.id,
          severity: 'error',
          code: 'create_status',
          message: `The create-checkout answer says status "${status}", but a checkout is new on creation (the spec): the order is new${known.success ? `, not ${stateLabel(known.data)}` : ''}`,
        });
      }
      walk.claim(record, {
        source,
        what,
        target: 'new',
        evidence: `Checkout session created with status ${status ?? 'not given'}${otherwise ? '; a checkout is new on creation, so the order is new' : ''}`,
      });
      return;
    }
    case 'authorise': {
      walk.claim(record, {
        source,
        what,
        target: 'authorised',
        evidence: `${accepted}: the order is authorised`,
      });
      return;
    }
    case 'cancel': {
      const { target, rest, shown } = walk.cancelTarget();
      const evidence = rest
        ? `${accepted}: ${restCanceledWords(target, shown)}`
        : `${accepted}: the order is ${target}`;
      walk.claim(record, { source, what, target, counted: rest, evidence });
      return;
    }
    case 'capture':
    case 'refund': {
      // The bodies' digits, read only where a number in them may not be held as written.
      const askedAt = heldOtherwiseReader(record.requestText);
      const answerAt = heldOtherwiseReader(record.responseText);
      const asked = readAmount(
        record.requestJson,
        operation === 'capture' ? CAPTURE_REQUEST_KEYS : readRefundRequestMoney,
        walk,
        askedAt,
      );
      const {
        money,
        said,
        unreadable: unreadableAnswer,
      } = answeredMoney(walk, record, operation, asked, answerAt);
      const unreadable =
        operation === 'capture'
          ? unreadableMoneyField(record.requestJson, CAPTURE_REQUEST_KEYS, askedAt)
          : unreadableRefundRequestField(record.requestJson, askedAt);
      const named =
        unreadableAmountProblem(null, unreadableAnswer, `The ${operation} answer`) ??
        unreadableAmountProblem(money, unreadable, `The ${operation} call`) ??
        currencyProblem(walk, money, said) ??
        (operation === 'refund' ? answeredEntryCurrencyProblem(walk, record.responseJson) : null) ??
        zeroAmountProblem(walk, money, said) ??
        (operation === 'capture'
          ? answeredCaptureProblem(walk, record, money?.minor ?? null)
          : answeredRefundProblem(walk, record, asked?.minor ?? null));
      // An answer that also lists refunds an earlier answer named counts only its new ones.
      const repeated = isPartlyRepeated(named) ? named : null;
      const counted: ReadMoney | null =
        repeated === null || repeated.newMinor === null || money === null
          ? money
          : { ...money, minor: repeated.newMinor };
      // Its new refunds alone are what it adds: 0.00 of them is no step, as a whole answer of 0.00 is not.
      const newNothing =
        repeated === null
          ? null
          : zeroAmountProblem(walk, counted, "The sum of the refund answer's new refunds");
      const problem =
        named === null || named === 'unnamed' || isPartlyRepeated(named)
          ? (newNothing ?? beyondProblem(walk, operation, 'response', counted))
          : named;
      const step = operation === 'capture' ? 'captured' : 'refunded';
      if (problem === 'duplicate') {
        const id = operation === 'capture' ? 'capture_id' : 'refund_id';
        walk.add(record, {
          source,
          what,
          step,
          effect: 'duplicate',
          evidence: `${accepted}: the same ${operation} (${id} and amount) as an earlier answer; counted once`,
        });
        return;
      }
      if (problem !== null) {
        walk.contradict(record, what, source, {
          ...problem,
          message: `${problem.message}, and the service answered ${record.status ?? ''}`,
        });
        return;
      }
      const claim =
        operation === 'capture'
          ? captureClaim(walk, record, 'response', counted)
          : refundClaim(walk, 'response', counted);
      // In the call's own currency: 60.00 AED asked is not 60.00 SAR, nor is 40.00 AED 40.00 SAR.
      const currencyOf = (read: ReadMoney) => read.currency ?? walk.facts.currency;
      const askedOtherwise =
        asked !== null &&
        money !== null &&
        (asked.minor !== money.minor || currencyOf(asked) !== currencyOf(money))
          ? `; the call asked for ${formatMinorMoney(asked.minor, currencyOf(asked))}`
          : '';
      // Said, so the reader knows this answer and its order_refunded are not checked against each other.
      const unmatched =
        named === 'unnamed'
          ? '; the answer names no refund_id, so its order_refunded cannot be matched with it (the two count once, as the larger of the answered and notified sums)'
          : '';
      const alreadyAnswered = repeated === null ? '' : repeatedWords(repeated);
      walk.claim(record, {
        source,
        what,
        target: claim.target,
        counted: claim.counted,
        evidence: `${accepted}: ${claim.detail}${askedOtherwise}${unmatched}${alreadyAnswered}`,
      });
      return;
    }
    case 'getOrder': {
      const status = stringField(record.responseJson, 'status');
      const known = orderStateSchema.safeParse(status);
      if (known.success) {
        walk.claim(record, {
          source,
          what,
          target: known.data,
          evidence: `The service says the order is ${stateLabel(known.data)}`,
        });
      } else {
        walk.add(record, {
          source,
          what,
          step: null,
          effect: status === null ? 'info' : 'unknown',
          evidence:
            status === null
              ? 'The answer carries no status; state unchanged'
              : `The answer's status "${status}" is not a state the console knows; state unchanged`,
        });
      }
      return;
    }
    case 'updateReferenceId': {
      const reference = stringField(record.requestJson, 'order_reference_id');
      if (reference !== null) walk.facts.referenceId = reference;
      walk.add(record, {
        source,
        what,
        step: null,
        effect: 'info',
        evidence: reference === null ? `${accepted}` : `${accepted}: reference id is now ${reference}`,
      });
      return;
    }
  }
}
