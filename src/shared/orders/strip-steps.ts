import {
  ENTRY_EFFECT_WORDS,
  STRIP_SOURCE_WORDS,
  type LifecycleSource,
  type StripStep,
} from './order-lifecycle';
import { HAPPY_PATH, lifecycleStepOf, type LifecycleStep, type OrderState } from './order-states';

/** The first time a step was reached and the strongest record proving it. */
export interface StepProof {
  at: string;
  recordId: number;
  source: LifecycleSource;
  /** Set when that record came out of order: what its entry says was done with it, and why. */
  late: string | null;
  /** The record that first reached the step, and its kind (a response the webhook later confirmed). */
  reachedRecordId: number;
  reachedBy: LifecycleSource;
}

export interface StripAmounts {
  captured: string | null;
  total: string | null;
  refunded: string | null;
}

const ENDING_STEPS: readonly LifecycleStep[] = ['declined', 'expired', 'canceled'];

function detailOf(step: LifecycleStep, state: OrderState | null, amounts: StripAmounts): string | null {
  if (step === 'captured' && amounts.captured !== null) {
    const partial = state === 'partially_captured' ? 'partially captured: ' : '';
    // "of an unknown total": a capture of a total never seen is full only by default.
    return `${partial}${amounts.captured} of ${amounts.total ?? 'an unknown total'}`;
  }
  if (step === 'refunded' && amounts.refunded !== null) {
    return `${state === 'partially_refunded' ? 'partially refunded: ' : ''}${amounts.refunded}`;
  }
  return null;
}

/**
 * The strip: the happy path new → approved → authorised → captured, cut at the ending step
 * when the order ended early (declined, expired, canceled), and followed by refunded once a
 * refund happened. Steps before the current one are done (a record proves them) or unseen
 * (passed with no record); later ones are pending. With no known state every step is unknown:
 * nothing says one was reached, nor that it was not.
 */
export function buildStrip(
  state: OrderState | null,
  proofs: ReadonlyMap<LifecycleStep, StepProof>,
  amounts: StripAmounts,
  delivered: ReadonlySet<LifecycleStep> = new Set(),
): StripStep[] {
  const current = state === null ? null : lifecycleStepOf(state);
  let steps: LifecycleStep[];
  if (current !== null && ENDING_STEPS.includes(current)) {
    // The happy steps up to the furthest one seen, then the end.
    const reached = HAPPY_PATH.filter((step) => proofs.has(step));
    const furthest = reached.length === 0 ? 0 : HAPPY_PATH.indexOf(reached[reached.length - 1] ?? 'new') + 1;
    steps = [...HAPPY_PATH.slice(0, Math.max(furthest, 1)), current];
  } else if (current === 'refunded' || proofs.has('refunded')) {
    steps = [...HAPPY_PATH, 'refunded'];
  } else {
    steps = [...HAPPY_PATH];
  }
  const currentIndex = current === null ? -1 : steps.indexOf(current);
  // A later step the emulator's deliveries say it passed (sent elsewhere, say) is not seen here,
  // never "not reached": those records are no evidence, but they are not nothing either.
  const deliveredUpTo = Math.max(-1, ...steps.map((step, index) => (delivered.has(step) ? index : -1)));
  return steps.map((step, index) => {
    const proof = proofs.get(step) ?? null;
    const status =
      current === null
        ? 'unknown'
        : index === currentIndex
          ? 'current'
          : index < currentIndex
            ? proof === null
              ? 'unseen'
              : 'done'
            : index <= deliveredUpTo
              ? 'unknown'
              : 'pending';
    return {
      step,
      status,
      at: proof?.at ?? null,
      recordId: proof?.recordId ?? null,
      source: proof?.source ?? null,
      late: proof?.late ?? null,
      reachedRecordId: proof?.reachedRecordId ?? null,
      reachedBy: proof?.reachedBy ?? null,
      detail: status === 'pending' || status === 'unknown' ? null : detailOf(step, state, amounts),
    };
  });
}

/** What a strip step says of the records that prove it: the Orders view's strip and `orders show` alike. */
export interface StepEvidence {
  /** The record that reached the step, and how (`by response`; `late by webhook` when it came out of order). */
  reached: { recordId: number; words: string };
  /** A stronger record that came after it: `confirmed by webhook`, or `confirmed late by webhook`. */
  confirmed: { recordId: number; words: string } | null;
  /**
   * The proving record came out of order: `out of order, not applied: …`, the record list's
   * effect and its reason, so the strip never calls "confirmed" what the list calls not applied.
   */
  late: string | null;
}

/** The one reading of a step's proof; null for a step no record proves. */
export function stepEvidence(step: StripStep): StepEvidence | null {
  if (step.recordId === null) return null;
  const reachedId = step.reachedRecordId ?? step.recordId;
  const by = (source: LifecycleSource | null) => (source === null ? '' : STRIP_SOURCE_WORDS[source]);
  const lateWord = (words: string) => (step.late === null ? words : `late ${words}`.trimEnd());
  const late = step.late === null ? null : `${ENTRY_EFFECT_WORDS.out_of_order}, ${step.late}`;
  const confirmed =
    step.reachedBy !== null &&
    step.reachedBy !== step.source &&
    reachedId !== step.recordId &&
    by(step.source) !== '';
  if (!confirmed)
    return { reached: { recordId: step.recordId, words: lateWord(by(step.source)) }, confirmed: null, late };
  return {
    reached: { recordId: reachedId, words: by(step.reachedBy) },
    confirmed: { recordId: step.recordId, words: `confirmed ${lateWord(by(step.source))}` },
    late,
  };
}
