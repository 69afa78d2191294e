import {
  AmountLedger,
  CAPTURE_EVENT_KEYS,
  CAPTURE_REQUEST_KEYS,
  formatMoney,
  readMoneyField,
  REFUND_EVENT_KEYS,
  REFUND_REQUEST_KEYS,
  type ReadMoney,
} from './order-amounts';
import { state as stateLabel, weighClaim } from './order-claims';
import { readOrderFacts, type FactsDraft } from './order-facts';
import {
  isAuthoritativeSource,
  type LifecycleEntry,
  type LifecycleSource,
  type OrderLifecycle,
} from './order-lifecycle';
import {
  failureOf,
  isJsonObject,
  isPending,
  isSuccess,
  operationOf,
  stringField,
  type OrderRecord,
} from './order-record';
import {
  lifecycleStepOf,
  orderStateSchema,
  stepOfEventType,
  type LifecycleStep,
  type OrderState,
} from './order-states';
import { buildStrip, type StepProof } from './strip-steps';

const SOURCE_STRENGTH: Record<LifecycleSource, number> = {
  webhook: 3,
  get_order: 3,
  response: 2,
  create: 1,
  record: 0,
};

const COPY_KINDS: Record<string, string> = {
  replay: 'A re-delivery of a stored notification',
  forward: "The listener's forward of a notification",
  delivery: "The emulator's delivery attempt of a notification",
};

/** The derivation's running state while it walks the records, oldest first. */
class Walk {
  state: OrderState | null = null;
  stateRecordId: number | null = null;
  stateSource: LifecycleSource | null = null;
  readonly entries: LifecycleEntry[] = [];
  readonly proofs = new Map<LifecycleStep, StepProof>();
  readonly captured = new AmountLedger();
  readonly refunded = new AmountLedger();
  readonly webhooksSeen = new Map<string, number>();

  constructor(readonly facts: FactsDraft) {}

  capturedMinor(): bigint | null {
    return this.captured.total(this.facts.totalMinor);
  }

  refundedMinor(): bigint | null {
    return this.refunded.total(this.capturedMinor());
  }

  /** Captured or partially: the whole is known only when both the total and what was counted are. */
  captureState(): OrderState {
    const total = this.facts.totalMinor;
    const captured = this.capturedMinor();
    if (total === null || captured === null) return 'fully_captured';
    return captured >= total ? 'fully_captured' : 'partially_captured';
  }

  refundState(): OrderState {
    const captured = this.capturedMinor();
    const refunded = this.refundedMinor();
    if (captured === null || refunded === null) return 'fully_refunded';
    return refunded >= captured ? 'fully_refunded' : 'partially_refunded';
  }

  money(minor: bigint | null): string {
    return minor === null
      ? 'an unknown amount'
      : `${formatMoney(minor, this.facts.currency)} ${this.facts.currency ?? ''}`.trim();
  }

  prove(step: LifecycleStep, record: OrderRecord, source: LifecycleSource): void {
    const known = this.proofs.get(step);
    if (known === undefined) {
      this.proofs.set(step, { at: record.at, recordId: record.id, source });
    } else if (SOURCE_STRENGTH[source] > SOURCE_STRENGTH[known.source]) {
      this.proofs.set(step, { ...known, recordId: record.id, source });
    }
  }

  add(
    record: OrderRecord,
    entry: Omit<LifecycleEntry, 'recordId' | 'at' | 'kind' | 'stateAfter' | 'unverified'> & {
      unverified?: boolean;
    },
  ): void {
    this.entries.push({
      recordId: record.id,
      at: record.at,
      kind: record.kind,
      unverified: false,
      ...entry,
      stateAfter: this.state,
    });
  }

  /** A claim that the order is now `target`: weighed, applied when it moves, proved either way. */
  claim(
    record: OrderRecord,
    claim: {
      source: LifecycleSource;
      what: string;
      target: OrderState;
      counted?: boolean;
      evidence: string;
      unverified?: boolean;
    },
  ): void {
    const outcome = weighClaim(this.state, claim.target, claim.source, claim.counted === true);
    const step = lifecycleStepOf(claim.target);
    let evidence = claim.evidence;
    if (outcome.effect === 'moved') {
      if (claim.source === 'get_order' && this.state !== null && this.state !== claim.target)
        evidence += ` (the records before said ${stateLabel(this.state)})`;
      this.state = claim.target;
      this.stateRecordId = record.id;
      this.stateSource = claim.source;
    } else if (outcome.effect === 'confirmed') {
      evidence +=
        isAuthoritativeSource(claim.source) && this.stateSource === 'response' ? '; confirms the answer' : '';
      if (SOURCE_STRENGTH[claim.source] > SOURCE_STRENGTH[this.stateSource ?? 'record']) {
        this.stateRecordId = record.id;
        this.stateSource = claim.source;
      }
    } else {
      evidence += `; not applied: ${outcome.reason ?? 'out of order'}`;
    }
    this.prove(step, record, claim.source);
    this.add(record, {
      source: claim.source,
      what: claim.what,
      step,
      effect: outcome.effect,
      evidence,
      unverified: claim.unverified ?? false,
    });
  }
}

function readAmount(body: unknown, keys: readonly string[], walk: Walk): ReadMoney | null {
  const money = readMoneyField(body, keys, walk.facts.currency);
  // An order first seen through its notifications takes its currency from the first amount.
  if (walk.facts.currency === null && money !== null) walk.facts.currency = money.currency;
  return money;
}

/** A fingerprint of a ledger's total: a claim "counts" only when it changes it. */
const tally = (seen: boolean, minor: bigint | null) => `${String(seen)}:${String(minor)}`;

function captureClaim(walk: Walk, source: 'webhook' | 'response', money: ReadMoney | null) {
  const before = tally(walk.captured.seen, walk.capturedMinor());
  walk.captured.add(source, money?.minor ?? null);
  const counted = before !== tally(walk.captured.seen, walk.capturedMinor());
  const target = walk.captureState();
  const amount = `captured ${walk.money(money?.minor ?? null)}`;
  const total =
    walk.facts.totalMinor === null
      ? ''
      : ` (${walk.money(walk.capturedMinor())} of ${walk.money(walk.facts.totalMinor)})`;
  return { target, counted, detail: `${amount}${total}` };
}

function refundClaim(walk: Walk, source: 'webhook' | 'response', money: ReadMoney | null) {
  const before = tally(walk.refunded.seen, walk.refundedMinor());
  walk.refunded.add(source, money?.minor ?? null);
  const captured = walk.capturedMinor();
  const of =
    captured === null ? '' : ` (${walk.money(walk.refundedMinor())} of ${walk.money(captured)} captured)`;
  return {
    target: walk.refundState(),
    counted: before !== tally(walk.refunded.seen, walk.refundedMinor()),
    detail: `refunded ${walk.money(money?.minor ?? null)}${of}`,
  };
}

function readWebhook(walk: Walk, record: OrderRecord): void {
  const eventType = record.eventType;
  const unverified = record.tokenVerdict !== null && record.tokenVerdict !== 'valid';
  const token = unverified ? ` (token ${record.tokenVerdict ?? ''}, counted anyway)` : '';
  if (eventType === null) {
    walk.add(record, {
      source: 'webhook',
      what: 'webhook',
      step: null,
      effect: 'unknown',
      unverified,
      evidence: `A notification without an event type (body ${record.bodyVerdict ?? 'not judged'}); listed, state unchanged`,
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
      unverified,
      evidence: `"${eventType}" is not an event type the console knows; listed, state unchanged`,
    });
    return;
  }
  const payload = record.requestJson;
  const data = isJsonObject(payload) ? payload['data'] : undefined;
  const key = `${eventType} ${JSON.stringify(data ?? null)}`;
  const first = walk.webhooksSeen.get(key);
  if (first !== undefined) {
    walk.add(record, {
      source: 'webhook',
      what: eventType,
      step,
      effect: 'duplicate',
      unverified,
      evidence: `The same ${eventType} notification as record #${first}; no new step`,
    });
    return;
  }
  walk.webhooksSeen.set(key, record.id);
  const legacy = record.bodyVerdict === 'legacy' ? ' (older form, order_status)' : '';
  const base = `Notification ${eventType}${legacy}${token}`;
  if (step === 'captured' || step === 'refunded') {
    const money = readAmount(data, step === 'captured' ? CAPTURE_EVENT_KEYS : REFUND_EVENT_KEYS, walk);
    const claim =
      step === 'captured' ? captureClaim(walk, 'webhook', money) : refundClaim(walk, 'webhook', money);
    walk.claim(record, {
      source: 'webhook',
      what: eventType,
      target: claim.target,
      counted: claim.counted,
      unverified,
      evidence: `${base}: ${claim.detail}`,
    });
    return;
  }
  const target = orderStateSchema.parse(step);
  walk.claim(record, {
    source: 'webhook',
    what: eventType,
    target,
    unverified,
    evidence: `${base}: the order is ${stateLabel(target)}`,
  });
}

function readCall(walk: Walk, record: OrderRecord): void {
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
  const source: LifecycleSource =
    operation === 'createCheckout' ? 'create' : operation === 'getOrder' ? 'get_order' : 'response';
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
  const accepted = `${operation} answered ${record.status ?? ''} (by response)`;
  switch (operation) {
    case 'createCheckout': {
      const answered = orderStateSchema.safeParse(stringField(record.responseJson, 'status'));
      const target = answered.success ? answered.data : 'new';
      walk.claim(record, {
        source,
        what,
        target,
        evidence: `Checkout session created with status ${stringField(record.responseJson, 'status') ?? 'not given'}`,
      });
      return;
    }
    case 'authorise':
      walk.claim(record, {
        source,
        what,
        target: 'authorised',
        evidence: `${accepted}: the order is authorised`,
      });
      return;
    case 'cancel':
      walk.claim(record, {
        source,
        what,
        target: 'canceled',
        evidence: `${accepted}: the order is canceled`,
      });
      return;
    case 'capture':
    case 'refund': {
      const keys = operation === 'capture' ? CAPTURE_REQUEST_KEYS : REFUND_REQUEST_KEYS;
      const money = readAmount(record.requestJson, keys, walk);
      const claim =
        operation === 'capture'
          ? captureClaim(walk, 'response', money)
          : refundClaim(walk, 'response', money);
      walk.claim(record, {
        source,
        what,
        target: claim.target,
        counted: claim.counted,
        evidence: `${accepted}: ${claim.detail}`,
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

const byTime = (a: OrderRecord, b: OrderRecord) => Date.parse(a.at) - Date.parse(b.at) || a.id - b.id;

/**
 * One order's lifecycle from its records. Pure: the same records always give the same answer,
 * whichever process stored them and in whichever order they are passed.
 */
export function deriveLifecycle(orderId: string, records: readonly OrderRecord[]): OrderLifecycle {
  const sorted = [...records].sort(byTime);
  const walk = new Walk(readOrderFacts(sorted));
  for (const record of sorted) {
    if (record.kind === 'webhook') readWebhook(walk, record);
    else if (record.kind === 'request') readCall(walk, record);
    else {
      walk.add(record, {
        source: 'record',
        what: record.eventType ?? record.kind,
        step: null,
        effect: 'copy',
        evidence: `${COPY_KINDS[record.kind] ?? 'A copy'}; listed, not evidence of its own`,
      });
    }
  }
  const captured = walk.captured.seen ? walk.capturedMinor() : null;
  const refunded = walk.refunded.seen ? walk.refundedMinor() : null;
  const currency = walk.facts.currency;
  const total = walk.facts.totalMinor;
  const open = (whole: bigint | null, taken: bigint | null) =>
    whole === null ? null : formatMoney(whole - (taken ?? 0n) > 0n ? whole - (taken ?? 0n) : 0n, currency);
  return {
    orderId,
    state: walk.state,
    stateRecordId: walk.stateRecordId,
    stateSource: walk.stateSource,
    facts: {
      ...walk.facts.public,
      currency,
      referenceId: walk.facts.referenceId,
      capturedAmount: captured === null ? null : formatMoney(captured, currency),
      refundedAmount: refunded === null ? null : formatMoney(refunded, currency),
      remainingToCapture: open(total, captured),
      remainingToRefund: open(captured, refunded),
    },
    entries: walk.entries,
    strip: buildStrip(walk.state, walk.proofs, {
      captured: walk.captured.seen ? walk.money(captured) : null,
      total: total === null ? null : walk.money(total),
      refunded: walk.refunded.seen ? walk.money(refunded) : null,
    }),
    outOfOrder: walk.entries.filter((entry) => entry.effect === 'out_of_order').length,
  };
}
