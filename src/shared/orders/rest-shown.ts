import type { LifecycleEntry } from './order-lifecycle';
import type { OrderState } from './order-states';

/**
 * The partial state an order "fully" captured or refunded only by the documented default was in,
 * or null when the amounts decided it. With its total unknown (the merchant's own backend created
 * it: no create-checkout call of this console's gives it), a capture counts as the whole ("an
 * unknown total counts a capture as full", docs/defaults.md), and all captured refunded reads
 * fully refunded. That is a default, not evidence: a later verified cancel (which cancels an
 * uncaptured rest) or capture (which takes more of it) can only follow a partial capture, so it
 * shows there was a rest. Weighed against the default's "fully", the emulator's own
 * order_canceled read "out of order" beside an order the emulator held partially captured.
 * Non-null is also what marks the state as the default's (OrderLifecycle.stateByDefault): one
 * rule for "fully" by default, whether a later record undoes it or the views say it.
 */
export function partialShownBy(
  state: OrderState | null,
  totalMinor: bigint | null,
  restCanceled: boolean,
): OrderState | null {
  // A known total decides by the amounts; a rest already cancelled leaves nothing to show.
  if (totalMinor !== null || restCanceled) return null;
  if (state === 'fully_captured') return 'partially_captured';
  return state === 'fully_refunded' ? 'partially_refunded' : null;
}

/**
 * The records read since the order reached `was` left it `is` all along: their STATE AFTER said
 * "fully captured" beside a capture a later record showed to be partial.
 */
export function restateSince(
  entries: readonly LifecycleEntry[],
  was: OrderState | null,
  is: OrderState,
): void {
  for (const entry of entries.toReversed()) {
    if (entry.stateAfter !== was) break;
    entry.stateAfter = is;
  }
}

const DEFAULT_UNDONE =
  'so what was captured before was not the whole order (the documented default had counted it as full)';

/** Said on the cancel that showed the rest: why the state is no longer the default's "fully". */
export const REST_SHOWN_BY_CANCEL = `the order's total is unknown here, and a cancel after a capture cancels an uncaptured rest, ${DEFAULT_UNDONE}`;

/** Said on the capture that showed the rest (it counts as the whole, by the default, in turn). */
export const REST_SHOWN_BY_CAPTURE = `the order's total is unknown here, and a further capture takes more of it, ${DEFAULT_UNDONE}`;
