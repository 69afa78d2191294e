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

const DEFAULT_RULE = '"an unknown total counts a capture as full"';

/** What an order's mark is read from: its state, and whether the default decided it (rest-shown.ts). */
export interface StateMarked {
  state: OrderState | null;
  stateByDefault: boolean;
}

/** Each state the default can decide, in words: the badge's, the note's title, and why. */
const BY_DEFAULT_WORDS: Partial<
  Record<OrderState, { short: string; title: string; why: (total: string) => string }>
> = {
  fully_captured: {
    short: 'captured, total unknown',
    title: 'Captured by the documented default',
    why: (total) =>
      `the order total is unknown (${total}), so the capture counts as full by the documented default (${DEFAULT_RULE}), not because the amounts show all of it captured`,
  },
  fully_refunded: {
    short: 'refunded, total unknown',
    title: 'Refunded by the documented default',
    why: (total) =>
      `the order total is unknown (${total}), so the capture counted as full by the documented default (${DEFAULT_RULE}) and all of it refunded reads fully refunded, not because the amounts show nothing left: an uncaptured rest may still be authorised, to be captured or cancelled`,
  },
};

/**
 * A state the documented default decided rather than the amounts, in words: "fully captured"
 * or "fully refunded" when the order's total is unknown (docs/defaults.md), so a capture of
 * 40.00 read "captured" and its refund "fully refunded" with nothing saying how much there was.
 * Short words for a badge, a title for the note, and the sentence saying why; null when the
 * amounts decided. `totalUnknown`: the facts' reason the total is unknown, when one is known.
 */
export function stateByDefaultWords(
  order: StateMarked,
  totalUnknown: string | null = null,
): { short: string; title: string; why: string } | null {
  if (!order.stateByDefault || order.state === null) return null;
  const words = BY_DEFAULT_WORDS[order.state];
  if (words === undefined) return null;
  return { short: words.short, title: words.title, why: words.why(totalUnknown ?? NO_CREATE) };
}

/** A state in words, saying so when the default decided it (`stateByDefaultWords`): badges, the palette. */
export function stateWords(order: StateMarked & { state: OrderState }): string {
  return stateByDefaultWords(order)?.short ?? ORDER_STATE_WORDS[order.state];
}
