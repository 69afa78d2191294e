import { formatMinorMoney } from '../money-format';
import { capturesStillToArrive, type CapturesKnown, type CountedCapture } from './captures-known';
import { AmountLedger, readMoneyField, type ReadMoney, type UnreadableMoney } from './order-amounts';
import type { HeldOtherwiseAt } from '../written-number-reader';
import { state as stateLabel, weighClaim } from './order-claims';
import type { FactsDraft } from './order-facts';
import {
  isAuthoritativeSource,
  type LifecycleEntry,
  type LifecycleSource,
  type OrderFinding,
} from './order-lifecycle';
import type { OrderRecord } from './order-record';
import { lifecycleStepOf, type LifecycleStep, type OrderState } from './order-states';
import { partialShownBy, restateSince } from './rest-shown';
import type { StepProof } from './strip-steps';

const SOURCE_STRENGTH: Record<LifecycleSource, number> = {
  webhook: 3,
  get_order: 3,
  response: 2,
  create: 1,
  record: 0,
};

/**
 * A capture or refund the service named by its id (capture_id, refund_id): the record that first
 * counted it, its amount, and which of a notification and a call's 2xx answer named it so far.
 */
export interface NamedAmountSeen {
  recordId: number;
  minor: bigint | null;
  notified: boolean;
  answered: boolean;
}

export class Walk {
  state: OrderState | null = null;
  stateRecordId: number | null = null;
  stateSource: LifecycleSource | null = null;
  /**
   * What last moved the state. Unlike stateSource, a confirmation does not change it: every
   * notification of a refunds[] answer confirms that answer, not only the first one.
   */
  private movedBy: LifecycleSource | null = null;
  readonly entries: LifecycleEntry[] = [];
  readonly proofs = new Map<LifecycleStep, StepProof>();
  readonly captured = new AmountLedger();
  readonly refunded = new AmountLedger();
  readonly webhooksSeen = new Map<string, number>();
  /** Captures the service named, by capture_id (in `order_captured` or a capture call's answer). */
  readonly captures = new Map<string, NamedAmountSeen>();
  /** Refunds the service named, by refund_id (in `order_refunded` or a refund call's answer). */
  readonly refunds = new Map<string, NamedAmountSeen>();
  readonly findings: OrderFinding[] = [];
  /** A cancel after a partial capture cancelled the rest: nothing is left to capture. */
  restCanceled = false;
  /** Every capture counted so far, in walk order (see CapturesKnown). */
  readonly capturesCounted: CountedCapture[] = [];

  /** `capturesKnown`: every capture in the records, from a first walk; null on that first walk. */
  constructor(
    readonly facts: FactsDraft,
    private readonly capturesKnown: CapturesKnown | null = null,
  ) {}

  capturedMinor(): bigint | null {
    return this.captured.total(this.facts.totalMinor);
  }

  /** What refunds are judged against: every capture in the records once known, not only those arrived. */
  capturedForRefunds(): bigint | null {
    return this.capturesKnown === null ? this.capturedMinor() : this.capturesKnown.totalMinor;
  }

  refundedMinor(): bigint | null {
    return this.refunded.total(this.capturedForRefunds());
  }

  /** What this walk counted, for a second walk to judge refunds by. */
  knownCaptures(): CapturesKnown {
    return { totalMinor: this.capturedMinor(), counted: [...this.capturesCounted] };
  }

  /** The captures a refund that brings the refunded total to `refunded` refunds but arrived before. */
  capturesNotYetArrived(refunded: bigint | null): number[] {
    const soFar = this.capturedMinor();
    if (this.capturesKnown === null || soFar === null || refunded === null || refunded <= soFar) return [];
    return capturesStillToArrive(this.capturesKnown, this.capturesCounted.length, refunded);
  }

  /** Captured or partially: the whole is known only when both the total and what was counted are. */
  captureState(): OrderState {
    const total = this.facts.totalMinor;
    const captured = this.capturedMinor();
    if (total === null || captured === null) return 'fully_captured';
    return captured >= total ? 'fully_captured' : 'partially_captured';
  }

  /**
   * Fully refunded only when all captured is refunded and nothing is left to capture: a part
   * captured and refunded, its rest still authorised, is partially refunded (as the emulator's
   * order reads; the rest can still be captured or cancelled).
   */
  refundState(): OrderState {
    const captured = this.capturedForRefunds();
    const refunded = this.refundedMinor();
    if (captured === null || refunded === null) return 'fully_refunded';
    if (refunded < captured) return 'partially_refunded';
    const total = this.facts.totalMinor;
    return total !== null && captured < total && !this.restCanceled ? 'partially_refunded' : 'fully_refunded';
  }

  /**
   * What a cancel claims: canceled before any capture. After a partial capture, refunded or not,
   * it cancels the uncaptured rest (a cancel takes all that is open) and the order keeps its
   * state, its captured part still refundable; but once all captured was refunded, nothing is
   * left to capture or refund, and the order is fully refunded (as the emulator answers).
   */
  cancelTarget(): { target: OrderState; rest: boolean; shown: boolean } {
    const shown = this.restShown();
    if (this.state === 'partially_captured' || this.state === 'partially_refunded') {
      this.restCanceled = true;
      return {
        target: this.state === 'partially_refunded' ? this.refundState() : this.state,
        rest: true,
        shown,
      };
    }
    // The second word of a rest cancel that left nothing to refund (its answer, then its
    // notification, or the other way round): it confirms the fully refunded it brought about.
    if (this.restCanceled && this.state === 'fully_refunded')
      return { target: this.state, rest: true, shown };
    return { target: 'canceled', rest: false, shown };
  }

  /**
   * A verified cancel or capture after a "fully" only the documented default decided (the total
   * unknown) can only follow a partial capture: the state was its partial counterpart, and the
   * claim is weighed from there (rest-shown.ts). Whether it was so; the claim's words say it.
   */
  restShown(): boolean {
    const partial = partialShownBy(this.state, this.facts.totalMinor, this.restCanceled);
    if (partial === null) return false;
    restateSince(this.entries, this.state, partial);
    this.state = partial;
    return true;
  }

  money(minor: bigint | null): string {
    return minor === null ? 'an unknown amount' : formatMinorMoney(minor, this.facts.currency);
  }

  /** `late`: the record came out of order, in its entry's words (the strip says so of it). */
  prove(step: LifecycleStep, record: OrderRecord, source: LifecycleSource, late: string | null = null): void {
    const known = this.proofs.get(step);
    if (known === undefined) {
      this.proofs.set(step, {
        at: record.at,
        recordId: record.id,
        source,
        late,
        reachedRecordId: record.id,
        reachedBy: source,
      });
    } else if (SOURCE_STRENGTH[source] > SOURCE_STRENGTH[known.source]) {
      this.proofs.set(step, { ...known, recordId: record.id, source, late });
    }
  }

  add(
    record: OrderRecord,
    entry: Omit<
      LifecycleEntry,
      | 'recordId'
      | 'at'
      | 'kind'
      | 'stateAfter'
      | 'unverified'
      | 'provenance'
      | 'originalProvenance'
      | 'linkedRecordId'
      | 'otherProfile'
    > & {
      unverified?: boolean;
      linkedRecordId?: number | null;
      otherProfile?: string | null;
    },
  ): void {
    this.entries.push({
      recordId: record.id,
      at: record.at,
      kind: record.kind,
      unverified: false,
      linkedRecordId: null,
      otherProfile: null,
      ...entry,
      provenance: record.provenance,
      originalProvenance: record.originalProvenance,
      stateAfter: this.state,
    });
  }

  /**
   * The service's own evidence says something that cannot be true of this order: listed with
   * the reason, a finding on the order, and nothing moved or summed.
   */
  contradict(
    record: OrderRecord,
    what: string,
    source: LifecycleSource,
    problem: Omit<OrderFinding, 'recordId' | 'severity'>,
  ): void {
    this.findings.push({ recordId: record.id, severity: 'error', ...problem });
    this.add(record, {
      source,
      what,
      step: null,
      effect: 'contradicts',
      evidence: `${problem.message}; not counted, state unchanged`,
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
    let late: string | null = null;
    if (outcome.effect === 'moved') {
      if (claim.source === 'get_order' && this.state !== null && this.state !== claim.target)
        evidence += ` (the records before said ${stateLabel(this.state)})`;
      this.state = claim.target;
      this.stateRecordId = record.id;
      this.stateSource = claim.source;
      this.movedBy = claim.source;
    } else if (outcome.effect === 'confirmed') {
      evidence +=
        isAuthoritativeSource(claim.source) && this.movedBy === 'response' ? '; confirms the answer' : '';
      if (SOURCE_STRENGTH[claim.source] > SOURCE_STRENGTH[this.stateSource ?? 'record']) {
        this.stateRecordId = record.id;
        this.stateSource = claim.source;
      }
    } else {
      // A late capture's amount is counted all the same (a refund of it may have arrived first).
      const kept = claim.counted === true ? 'counted, the state stays' : 'not applied';
      late = `${kept}: ${outcome.reason ?? 'out of order'}`;
      evidence += `; ${late}`;
    }
    this.prove(step, record, claim.source, late);
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

export function readAmount(
  body: unknown,
  keys:
    | readonly string[]
    | ((body: unknown, fallbackCurrency: string | null, written?: HeldOtherwiseAt) => ReadMoney | null),
  walk: Walk,
  written?: HeldOtherwiseAt,
): ReadMoney | null {
  const money =
    typeof keys === 'function'
      ? keys(body, walk.facts.currency, written)
      : readMoneyField(body, keys, walk.facts.currency, written);
  // An order first seen through its notifications takes its currency from the first amount.
  if (walk.facts.currency === null && money !== null) walk.facts.currency = money.currency;
  return money;
}

/** Why an amount the service reported cannot be counted for this order, or null when it can. */
export interface AmountProblem {
  code: string;
  message: string;
}

/**
 * An amount given but unreadable (`unreadable`, from `unreadableMoneyField`): not a number,
 * negative, past what a double holds (`1e400`), or written with digits JSON does not hold (its
 * `why` then names them: `1.0000000000000001` has 16 decimals, though JSON.parse reads 1).
 * Counting it as the whole open amount, as for a call that names none, would make a broken
 * notification fully capture or refund the order.
 */
export function unreadableAmountProblem(
  money: ReadMoney | null,
  unreadable: UnreadableMoney | null,
  what: string,
): AmountProblem | null {
  if (money !== null || unreadable === null) return null;
  // The exact reason, in the words the listener's verdict of a body gives it (unreadableMoneyWhy):
  // a generic list of what an amount may be beside the record's "5.005 has 3 decimals" read as
  // two judgements of one body. Its full stop would end the order's sentence.
  const why =
    unreadable.why === null
      ? ' (a number or numeric text, not negative, with no more decimals than its currency has)'
      : `: ${unreadable.why.replace(/\.$/, '')}`;
  return {
    code: 'unreadable_amount',
    message: `${what} gives ${unreadable.field}, but not as an amount that can be counted${why}`,
  };
}

/** An amount in another currency than the order's cannot be added to it. */
export function currencyProblem(walk: Walk, money: ReadMoney | null, what: string): AmountProblem | null {
  const currency = walk.facts.currency;
  if (money === null || money.currency === null || currency === null || money.currency === currency)
    return null;
  return {
    code: 'currency_mismatch',
    message:
      money.currencyDefaulted === true
        ? `${what} gives no currency, which the spec's Money reads as ${money.currency}, but the order is in ${currency}`
        : `${what} is in ${money.currency}, but the order is in ${currency}`,
  };
}

/**
 * A capture or refund of nothing (0, 0.000) is no step: counted, it moved an authorised order to
 * "partially captured" while the order said nothing was captured.
 */
export function zeroAmountProblem(walk: Walk, money: ReadMoney | null, what: string): AmountProblem | null {
  if (money === null || money.minor !== 0n) return null;
  return { code: 'zero_amount', message: `${what} is ${walk.money(0n)}: nothing to count` };
}

/** More captured than the order's total, or more refunded than was captured. */
export function beyondProblem(
  walk: Walk,
  kind: 'capture' | 'refund',
  source: 'webhook' | 'response',
  money: ReadMoney | null,
): AmountProblem | null {
  if (money === null) return null;
  const limit = kind === 'capture' ? walk.facts.totalMinor : walk.capturedForRefunds();
  if (limit === null) return null;
  const ledger = kind === 'capture' ? walk.captured : walk.refunded;
  const after = ledger.sumWith(source, money.minor);
  if (after <= limit) return null;
  return kind === 'capture'
    ? {
        code: 'over_capture',
        message: `captured ${walk.money(money.minor)} would make ${walk.money(after)}: more than the order's total of ${walk.money(limit)}`,
      }
    : {
        code: 'over_refund',
        message: `refunded ${walk.money(money.minor)} would make ${walk.money(after)}: more than the ${walk.money(limit)} captured`,
      };
}
