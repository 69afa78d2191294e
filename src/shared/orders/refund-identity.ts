import { readMoneyField, REFUND_REQUEST_KEYS } from './order-amounts';
import { isJsonObject, type OrderRecord } from './order-record';
import type { AmountProblem, Walk } from './lifecycle-walk';
import { amountChangedFrom, amountChangedProblem, noteNamedAmount } from './named-amounts';

const refundIdOf = (value: unknown): string | null => {
  const refundId = isJsonObject(value) ? value['refund_id'] : undefined;
  return typeof refundId === 'string' && refundId.trim() !== '' ? refundId : null;
};

/**
 * An `order_refunded` that names its refund (refund_id; the spec does not document the event,
 * the emulator and the official client give one): the same refund_id again is the same refund,
 * counted once however its JSON is written ("10" for "10.00", keys reordered), or a
 * contradiction when its amount changed. A refund first named by a call's answer is confirmed
 * by its notification when the amounts agree. One that names none is counted on its own.
 */
export function refundIdProblem(
  walk: Walk,
  record: OrderRecord,
  data: unknown,
  minor: bigint | null,
): AmountProblem | 'duplicate' | null {
  const refundId = refundIdOf(data);
  if (refundId === null) return null;
  const known = amountChangedFrom(walk.refunds, refundId, minor);
  if (known !== null) return amountChangedProblem(walk, 'refund', refundId, known, minor);
  return noteNamedAmount(walk.refunds, refundId, record.id, minor, 'notified');
}

/**
 * The refunds a refund call's 2xx answer names, with the amount it gives each: the simplified
 * refund's `refund_id` and `refunded_amount`, or each `refunds[]` entry's `refund_id` and
 * `total_amount` (the official client's refund against captures). An entry that gives no amount
 * of its own takes what the call asked for when it is the only one. Empty when none is named.
 */
function answeredRefunds(
  walk: Walk,
  answer: unknown,
  askedMinor: bigint | null,
): { refundId: string; minor: bigint | null }[] {
  const currency = walk.facts.currency;
  const top = refundIdOf(answer);
  if (top !== null)
    return [
      { refundId: top, minor: readMoneyField(answer, ['refunded_amount'], currency)?.minor ?? askedMinor },
    ];
  const entries = isJsonObject(answer) ? answer['refunds'] : undefined;
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry: unknown) => {
    const refundId = refundIdOf(entry);
    if (refundId === null) return [];
    const given = readMoneyField(entry, REFUND_REQUEST_KEYS, currency)?.minor;
    return [{ refundId, minor: given ?? (entries.length === 1 ? askedMinor : null) }];
  });
}

/**
 * Refunds an answer lists again after an earlier answer named them (counted once, by the
 * earlier one), or lists twice itself (counted once, at its first listing).
 */
export interface PartlyRepeated {
  repeated: { refundId: string; recordId: number }[];
  /** Refunds this answer lists more than once. */
  listedTwice: string[];
  /** What the answer's new refunds come to; null when one of them gives no amount of its own. */
  newMinor: bigint | null;
}

export const isPartlyRepeated = (named: unknown): named is PartlyRepeated =>
  typeof named === 'object' && named !== null && 'repeated' in named;

/** One refund an answer lists twice with two amounts: the answer contradicts itself. */
function listedTwiceWithTwoAmounts(
  walk: Walk,
  refunds: readonly { refundId: string; minor: bigint | null }[],
): AmountProblem | null {
  const first = new Map<string, bigint | null>();
  for (const { refundId, minor } of refunds) {
    if (!first.has(refundId)) {
      first.set(refundId, minor);
      continue;
    }
    const before = first.get(refundId) ?? null;
    if (before !== minor)
      return {
        code: 'refund_amount_changed',
        message: `refund ${refundId} is listed twice in this answer, as ${walk.money(before)} and as ${walk.money(minor)}`,
      };
  }
  return null;
}

/**
 * A refund call's 2xx answer that names its refunds: each is the same refund as an
 * `order_refunded` with that refund_id, so the two must give one amount, whichever came first
 * (the ledger would otherwise take the larger and hide the disagreement); the same answer twice
 * (a call sent again) is counted once, and an answer that lists refunds an earlier answer named
 * beside new ones counts only the new ones (before, the whole answer was counted again).
 * 'unnamed' for an answer that names no refund_id: nothing can tie it to its notification, so
 * the ledger counts the two as one by taking the larger sum.
 */
export function answeredRefundProblem(
  walk: Walk,
  record: OrderRecord,
  askedMinor: bigint | null,
): AmountProblem | 'duplicate' | 'unnamed' | PartlyRepeated | null {
  const refunds = answeredRefunds(walk, record.responseJson, askedMinor);
  if (refunds.length === 0) return 'unnamed';
  const selfContradiction = listedTwiceWithTwoAmounts(walk, refunds);
  if (selfContradiction !== null) return selfContradiction;
  for (const { refundId, minor } of refunds) {
    const known = amountChangedFrom(walk.refunds, refundId, minor);
    if (known !== null) return amountChangedProblem(walk, 'refund', refundId, known, minor);
  }
  const earlier = refunds.map(({ refundId }) => walk.refunds.get(refundId));
  const noted = refunds.map(({ refundId, minor }) =>
    noteNamedAmount(walk.refunds, refundId, record.id, minor, 'answered'),
  );
  if (noted.every((outcome) => outcome === 'duplicate')) return 'duplicate';
  if (!noted.includes('duplicate')) return null;
  let newMinor: bigint | null = 0n;
  const repeated = new Map<string, number>();
  const listedTwice = new Set<string>();
  for (const [at, { refundId, minor }] of refunds.entries()) {
    const seen = earlier[at];
    if (noted[at] !== 'duplicate') newMinor = newMinor === null || minor === null ? null : newMinor + minor;
    // Noted by an earlier record, or by this answer's own earlier entry: counted there.
    else if (seen !== undefined) repeated.set(refundId, seen.recordId);
    else listedTwice.add(refundId);
  }
  return {
    repeated: [...repeated].map(([refundId, recordId]) => ({ refundId, recordId })),
    listedTwice: [...listedTwice],
    newMinor,
  };
}
