import { arrivedBeforeWords } from './captures-known';
import type { Walk } from './lifecycle-walk';
import type { ReadMoney } from './order-amounts';
import type { OrderRecord } from './order-record';
import { REST_SHOWN_BY_CAPTURE } from './rest-shown';

/** A fingerprint of a ledger's total: a claim "counts" only when it changes it. */
const tally = (seen: boolean, minor: bigint | null) => `${String(seen)}:${String(minor)}`;

/**
 * A capture the service reported, its problems ruled out: added to the ledger, and logged when
 * it counts, so a refund that arrived before it can name it (CapturesKnown). The state it
 * claims and its entry's words.
 */
export function captureClaim(
  walk: Walk,
  record: OrderRecord,
  source: 'webhook' | 'response',
  money: ReadMoney | null,
) {
  const before = tally(walk.captured.seen, walk.capturedMinor());
  // A refund already counted beyond what was captured before this capture refunds it: this one
  // arrived late (the state stays, flagged). Otherwise a capture after a refund takes the
  // uncaptured rest, and the order stays refunded, partially now that more is captured.
  const capturedBefore = walk.capturedMinor();
  const refundedBefore = walk.refunded.seen ? walk.refundedMinor() : null;
  const late = refundedBefore !== null && (capturedBefore === null || refundedBefore > capturedBefore);
  walk.captured.add(source, money?.minor ?? null);
  const counted = before !== tally(walk.captured.seen, walk.capturedMinor());
  if (counted) walk.capturesCounted.push({ recordId: record.id, capturedAfter: walk.capturedMinor() });
  // Another capture after one counted as the whole by the default shows that one was not.
  const shown = counted && !late && walk.restShown();
  const target = walk.refunded.seen && !late ? walk.refundState() : walk.captureState();
  const amount = `captured ${walk.money(money?.minor ?? null)}`;
  const total =
    walk.facts.totalMinor === null
      ? ''
      : ` (${walk.money(walk.capturedMinor())} of ${walk.money(walk.facts.totalMinor)})`;
  return { target, counted, detail: `${amount}${total}${shown ? `; ${REST_SHOWN_BY_CAPTURE}` : ''}` };
}

/**
 * A refund the service reported, its problems ruled out: added to the ledger, and weighed
 * against every capture in the records once they are known, saying so when it arrived before
 * the captures it refunds. The state it claims and its entry's words.
 */
export function refundClaim(walk: Walk, source: 'webhook' | 'response', money: ReadMoney | null) {
  const before = tally(walk.refunded.seen, walk.refundedMinor());
  walk.refunded.add(source, money?.minor ?? null);
  const captured = walk.capturedForRefunds();
  const of =
    captured === null ? '' : ` (${walk.money(walk.refundedMinor())} of ${walk.money(captured)} captured)`;
  const early = arrivedBeforeWords(walk.capturesNotYetArrived(walk.refundedMinor()));
  return {
    target: walk.refundState(),
    counted: before !== tally(walk.refunded.seen, walk.refundedMinor()),
    detail: `refunded ${walk.money(money?.minor ?? null)}${of}${early}`,
  };
}
