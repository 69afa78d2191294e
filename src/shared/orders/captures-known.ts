import { operationOf, type OrderRecord } from './order-record';

/** A capture the walk counted, and what was captured in all once it was counted. */
export interface CountedCapture {
  recordId: number;
  capturedAfter: bigint | null;
}

/**
 * Every capture an order's records hold, as a first walk over them counted them. A refund is of
 * a capture made before it, but its notification can arrive first (the emulator's Out of order
 * fault holds `order_captured` back, and a real service's deliveries may cross): judged against
 * the captures that had arrived by then, it read as more than was captured and was dropped for
 * good. Refunds are judged against these instead, so the order is the same in whichever order
 * its records arrived. Captures never depend on refunds, so the first walk counts them as the
 * second does.
 */
export interface CapturesKnown {
  totalMinor: bigint | null;
  /** In walk order: the second walk finds the captures still to come by its own count. */
  counted: readonly CountedCapture[];
}

function amountKindOf(record: OrderRecord): 'capture' | 'refund' | null {
  if (record.kind === 'webhook') {
    if (record.eventType === 'order_captured') return 'capture';
    return record.eventType === 'order_refunded' ? 'refund' : null;
  }
  if (record.kind !== 'request') return null;
  const operation = operationOf(record);
  return operation === 'capture' || operation === 'refund' ? operation : null;
}

/**
 * Whether a refund's record comes before a capture's (records oldest first): only then can a
 * refund have been judged without a capture it refunds, and the records need a second walk.
 * It may say yes for records that turn out not to count (an unverified one); the second walk
 * then gives what the first did.
 */
export function refundBeforeCapture(records: readonly OrderRecord[]): boolean {
  let refundSeen = false;
  for (const record of records) {
    const kind = amountKindOf(record);
    if (kind === 'refund') refundSeen = true;
    else if (kind === 'capture' && refundSeen) return true;
  }
  return false;
}

/**
 * The captures a refund bringing the refunded total to `refundedMinor` needs that had not
 * arrived when it did: those counted after the first `countedSoFar`, up to the one that covers it.
 */
export function capturesStillToArrive(
  known: CapturesKnown,
  countedSoFar: number,
  refundedMinor: bigint,
): number[] {
  const later = known.counted.slice(countedSoFar);
  const covering = later.findIndex(
    ({ capturedAfter }) => capturedAfter === null || capturedAfter >= refundedMinor,
  );
  return (covering === -1 ? later : later.slice(0, covering + 1)).map(({ recordId }) => recordId);
}

/** Said on a refund counted before the captures it refunds arrived, so its entry reads truly. */
export function arrivedBeforeWords(recordIds: readonly number[]): string {
  if (recordIds.length === 0) return '';
  const ids = recordIds.map((id) => `#${id}`).join(', ');
  return `; it arrived before the ${recordIds.length === 1 ? 'capture' : 'captures'} it refunds (${ids})`;
}
