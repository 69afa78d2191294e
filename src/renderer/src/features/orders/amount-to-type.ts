import { totalUnknownWords } from '@shared/orders/operation-availability';
import type { OperationName } from '@shared/profile';

/** The operations whose body carries an amount, and the words for what it is. */
const AMOUNT_OF: Partial<Record<OperationName, string>> = {
  capture: 'capture',
  refund: 'refund',
  cancel: 'cancel',
};

/** Where the amount goes in each of their bodies (shared/operation-bodies.ts). */
export const AMOUNT_FIELD = 'total_amount.amount';

/**
 * Why the editor proposes no amount for `operation`, or null when it proposes one (or the
 * operation takes none). The one place that says it, for capture, refund and cancel alike:
 * an order known only from notifications or imported records has no total, and a refund with
 * no capture known either has nothing to start from.
 */
export function amountNotProposedWords(
  operation: OperationName,
  proposed: string | null,
  totalUnknown: string | null = null,
): string | null {
  const what = AMOUNT_OF[operation];
  if (what === undefined || proposed !== null) return null;
  const known =
    operation === 'refund'
      ? `No capture of this order is known, and its total is ${totalUnknownWords(totalUnknown)}`
      : `The order's total is ${totalUnknownWords(totalUnknown)}`;
  return `${known}, so no amount to ${what} can be proposed. Type it in the body's ${AMOUNT_FIELD}: nothing is sent without one.`;
}

/**
 * What stops a send whose amount was never typed (left null or empty where none was proposed),
 * naming the field; null once one is there. A body that is not JSON is sent as typed, as always.
 */
export function missingAmountProblem(operation: OperationName, body: string): string | null {
  const what = AMOUNT_OF[operation];
  if (what === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const total: unknown = (parsed as Record<string, unknown>)['total_amount'];
  const amount: unknown =
    typeof total === 'object' && total !== null ? (total as Record<string, unknown>)['amount'] : undefined;
  const empty =
    amount === undefined || amount === null || (typeof amount === 'string' && amount.trim() === '');
  return empty ? `${AMOUNT_FIELD} is empty: type the amount to ${what} (none could be proposed).` : null;
}
