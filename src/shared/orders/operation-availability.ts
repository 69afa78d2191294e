import type { OperationName } from '../profile';
import { OPERATION_FROM_STATES, ORDER_STATES, operationAllowedIn, type OrderState } from './order-states';

/** Order states as people say them (the badge, the reasons, the palette). */
export const ORDER_STATE_WORDS: Record<OrderState, string> = {
  new: 'new',
  approved: 'approved',
  authorised: 'authorised',
  declined: 'declined',
  expired: 'expired',
  canceled: 'canceled',
  partially_captured: 'partially captured',
  fully_captured: 'captured',
  partially_refunded: 'partially refunded',
  fully_refunded: 'refunded',
};

export const OPERATION_WORDS: Record<OperationName, string> = {
  authorise: 'Authorise',
  capture: 'Capture',
  cancel: 'Cancel',
  refund: 'Refund',
  getOrder: 'Get order',
  updateReferenceId: 'Update reference id',
};

/**
 * Why an operation is not offered for an order in `state` (OPERATION_FROM_STATES), or null
 * when it is. An unknown state forbids nothing: nothing known says the call is wrong.
 */
export function operationBlockedReason(operation: OperationName, state: OrderState | null): string | null {
  if (state === null || operationAllowedIn(operation, state)) return null;
  const from = OPERATION_FROM_STATES[operation].map((s) => ORDER_STATE_WORDS[s]);
  const needs =
    from.length === ORDER_STATES.length
      ? 'any state'
      : from.length === 1
        ? (from[0] ?? '')
        : `${from.slice(0, -1).join(', ')} or ${from.at(-1) ?? ''}`;
  return `${OPERATION_WORDS[operation]} needs the order to be ${needs}; it is ${ORDER_STATE_WORDS[state]}.`;
}
