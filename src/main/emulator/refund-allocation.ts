import { createHash } from 'node:crypto';
import type { EmulatorOrderRow } from '../store/emulator-orders-repository';
import type { TransactionRow } from '../store/emulator-transactions-repository';
import { minorOf } from './operation-amounts';

/** A capture of an order with what is still refundable of it, in minor units. */
export interface RefundableCapture {
  captureId: string;
  captured: bigint;
  refundable: bigint;
}

/**
 * The id of what an order had captured before the emulator kept its captures (a database from an
 * older version): the same UUID every time for one order, so refunds can name it.
 */
export function earlierCaptureId(orderId: string): string {
  const hex = createHash('sha1').update(`earlier-capture:${orderId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Every capture of an order, oldest first, with what its refunds so far left of it. */
export function refundableCaptures(
  history: readonly TransactionRow[],
  order: Pick<EmulatorOrderRow, 'orderId' | 'currency' | 'capturedAmount'>,
): RefundableCapture[] {
  const { currency } = order;
  const captures = history
    .filter((row) => row.kind === 'capture')
    .map((row) => ({
      captureId: row.transactionId,
      captured: minorOf(row.amount, currency),
      refundable: 0n,
    }));
  const recorded = captures.reduce((sum, capture) => sum + capture.captured, 0n);
  const earlier = minorOf(order.capturedAmount, currency) - recorded;
  if (earlier > 0n)
    captures.unshift({ captureId: earlierCaptureId(order.orderId), captured: earlier, refundable: 0n });
  for (const capture of captures) {
    const refunded = history
      .filter((row) => row.kind === 'refund' && row.captureId === capture.captureId)
      .reduce((sum, row) => sum + minorOf(row.amount, currency), 0n);
    capture.refundable = capture.captured - refunded;
  }
  return captures;
}

/**
 * How a simplified refund (which names no capture) is spread over the captures: oldest first,
 * each up to what is left of it. The caller has checked the total fits.
 */
export function allocateRefund(
  captures: readonly RefundableCapture[],
  amount: bigint,
): { captureId: string; amount: bigint }[] {
  const parts: { captureId: string; amount: bigint }[] = [];
  let left = amount;
  for (const capture of captures) {
    if (left === 0n) break;
    const take = capture.refundable < left ? capture.refundable : left;
    if (take <= 0n) continue;
    parts.push({ captureId: capture.captureId, amount: take });
    left -= take;
  }
  return parts;
}
