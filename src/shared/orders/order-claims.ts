import type { EntryEffect, LifecycleSource } from './order-lifecycle';
import { ORDER_STATE_WORDS } from './operation-availability';
import type { OrderState } from './order-states';

/**
 * How a claim about the state ("the order is now X") meets what is already known. The
 * lifecycle only moves forward: new → approved → authorised → captured → refunded, or it ends
 * (declined, expired, canceled) before a capture. A claim for a step the order is already
 * past is late or out of order and is flagged, never applied; a get-order answer is the
 * service's own word on the current state and is applied as it is.
 */
const PHASE: Record<OrderState, number> = {
  new: 0,
  approved: 1,
  authorised: 2,
  partially_captured: 3,
  fully_captured: 3,
  partially_refunded: 4,
  fully_refunded: 4,
  declined: -1,
  expired: -1,
  canceled: -1,
};

/** Ends before any capture: nothing but a get-order answer moves an order out of these. */
export const ENDED_STATES: readonly OrderState[] = ['declined', 'expired', 'canceled'];

const isEnded = (state: OrderState) => ENDED_STATES.includes(state) || state === 'fully_refunded';

export interface ClaimOutcome {
  effect: Extract<EntryEffect, 'moved' | 'confirmed' | 'out_of_order'>;
  /** Why it was flagged (out_of_order only). */
  reason: string | null;
}

/** A state as people say it: the one wording (operation-availability.ts), not a second spelling. */
export function state(label: OrderState): string {
  return ORDER_STATE_WORDS[label];
}

/**
 * `counted`: the claim added an amount (a further capture or refund), which is news even
 * when the state's name stays the same (a second partial capture).
 */
export function weighClaim(
  current: OrderState | null,
  target: OrderState,
  source: LifecycleSource,
  counted: boolean,
): ClaimOutcome {
  const moved: ClaimOutcome = { effect: 'moved', reason: null };
  if (source === 'get_order') return target === current ? { effect: 'confirmed', reason: null } : moved;
  if (current === null) return moved;
  if (target === current) return counted ? moved : { effect: 'confirmed', reason: null };
  if (isEnded(current)) {
    return { effect: 'out_of_order', reason: `it arrived after the order was ${state(current)}` };
  }
  if (ENDED_STATES.includes(target)) {
    return PHASE[current] <= PHASE.authorised
      ? moved
      : { effect: 'out_of_order', reason: `the order was already ${state(current)}` };
  }
  // Same phase: partially ↔ fully captured (or refunded), decided by the amounts counted.
  if (PHASE[target] >= PHASE[current]) return moved;
  return {
    effect: 'out_of_order',
    reason: `the order was already ${state(current)}: a late or out-of-order claim`,
  };
}
