import { freshOrderReferenceId } from '@shared/checkout/order-reference';
import { defaultOperationAmount } from '@shared/orders/operation-amount';
import type { OrderLifecycle } from '@shared/orders/order-lifecycle';
import type { OperationName } from '@shared/profile';

/** What the editor opens with: the amounts left to capture or refund, a fresh reference. */
function prefill(operation: OperationName, lifecycle: OrderLifecycle): OperationRequest['values'] {
  const { facts } = lifecycle;
  return {
    amount: defaultOperationAmount(operation, facts),
    currency: facts.currency,
    orderReferenceId: operation === 'updateReferenceId' ? freshOrderReferenceId() : null,
  };
}

export interface OperationRequest {
  operation: OperationName;
  /** Why the order's state does not allow it (sent anyway, on purpose), or null. */
  outOfOrder: string | null;
  /** Taken when the editor opens: later pushes must not rewrite what is being edited. */
  values: { amount: string | null; currency: string | null; orderReferenceId: string | null };
}

export function operationRequest(
  operation: OperationName,
  lifecycle: OrderLifecycle,
  outOfOrder: string | null,
): OperationRequest {
  return { operation, outOfOrder, values: prefill(operation, lifecycle) };
}
