import { formatMoney } from '../money-format';
import type { OperationName } from '../profile';
import type { OrderFacts } from './order-lifecycle';
import { OPERATION_FROM_STATES, ORDER_STATES, operationAllowedIn, type OrderState } from './order-states';

/**
 * Order states as people say them (the badge, the reasons, the palette): the service's own
 * names with a space for the underscore. `fully_captured` was "captured" here, so a 409 said
 * "…it is captured." beside data.status "fully_captured", and the badge CAPTURED where the API,
 * `orders` and docs/defaults.md say fully_captured: one name, read the same everywhere.
 */
export const ORDER_STATE_WORDS: Record<OrderState, string> = {
  new: 'new',
  approved: 'approved',
  authorised: 'authorised',
  declined: 'declined',
  expired: 'expired',
  canceled: 'canceled',
  partially_captured: 'partially captured',
  fully_captured: 'fully captured',
  partially_refunded: 'partially refunded',
  fully_refunded: 'fully refunded',
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

/**
 * Why a capture or a cancel is not offered though the state allows it: nothing is left to capture
 * (a cancel took the uncaptured rest). The emulator refuses such a call (409 "Nothing is left to
 * capture…"); offered, the editor opened on a call that could only fail. Null when something is
 * left, or when the amounts are not known.
 */
export function operationBlockedByAmounts(
  operation: OperationName,
  facts: Pick<OrderFacts, 'amount' | 'currency' | 'capturedAmount' | 'canceledAmount' | 'remainingToCapture'>,
): string | null {
  if (operation !== 'capture' && operation !== 'cancel') return null;
  const left = facts.remainingToCapture;
  if (left === null || !/^0(\.0+)?$/.test(left)) return null;
  const money = (amount: string | null) => formatMoney(amount, facts.currency);
  const nothing = `Nothing is left to ${operation === 'capture' ? 'capture' : 'cancel'}:`;
  // No total here (the merchant's own backend created the order): what was cancelled is not known.
  if (facts.amount === null)
    return `${nothing} ${money(facts.capturedAmount ?? '0')} is captured and the uncaptured rest canceled (the order's total is unknown here).`;
  const canceled = facts.canceledAmount === null ? '' : ` and ${money(facts.canceledAmount)} canceled`;
  return `${nothing} of the ${money(facts.amount)} order, ${money(facts.capturedAmount ?? '0')} is captured${canceled}.`;
}

const NO_CREATE = "no create-checkout call of this console's own gives it";

/**
 * The order total when it is unknown (the view, `orders show`, the editor): `why` is the facts'
 * totalUnknown (a create-checkout request whose total cannot be counted); else no such call is.
 */
export function totalUnknownWords(why: string | null = null): string {
  return `unknown: ${why ?? NO_CREATE}`;
}

/**
 * A state the documented default decided rather than the amounts: "fully captured" when the
 * order's total is unknown ("an unknown total counts a capture as full", docs/defaults.md), so
 * a capture of 40.00 reads "captured" with nothing saying how much there was. Short words for a
 * badge and the sentence saying why; null when the amounts decided. `total`: the order's amount.
 */
export function stateByDefault(
  state: OrderState | null,
  total: string | null,
  totalUnknown: string | null = null,
): { short: string; why: string } | null {
  if (state !== 'fully_captured' || total !== null) return null;
  return {
    short: 'captured, total unknown',
    why: `the order total is unknown (${totalUnknown ?? NO_CREATE}), so the capture counts as full by the documented default ("an unknown total counts a capture as full"), not because the amounts show all of it captured`,
  };
}

/** A state in words, saying so when the default decided it (`stateByDefault`): badges, the palette. */
export function stateWords(state: OrderState, total: string | null): string {
  return stateByDefault(state, total)?.short ?? ORDER_STATE_WORDS[state];
}
