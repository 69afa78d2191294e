import type { OperationName } from '../profile';
import type { OrderFacts } from './order-lifecycle';

/**
 * The amount an operation's body takes unless told otherwise: what is left to capture (a capture,
 * and a cancel, which takes all that is open: after a partial capture only the uncaptured rest),
 * or to refund. One rule for the Orders view's editor and a scenario's step: both sent the whole
 * order for a cancel after a partial capture, which the service refuses (400
 * amount_exceeds_remaining).
 */
export function defaultOperationAmount(
  operation: OperationName,
  facts: Pick<OrderFacts, 'amount' | 'capturedAmount' | 'remainingToCapture' | 'remainingToRefund'>,
): string | null {
  switch (operation) {
    case 'capture':
    case 'cancel':
      return facts.remainingToCapture ?? facts.amount;
    case 'refund':
      return facts.remainingToRefund ?? facts.capturedAmount ?? facts.amount;
    default:
      return null;
  }
}
