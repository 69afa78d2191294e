import { ORDER_STATE_WORDS } from './operation-availability';
import type { OrderState } from './order-states';

/**
 * What this console's emulator holds of an order, when that is not the order's state. The two
 * can differ by the documented rule: an order's state comes only from the service's evidence, and
 * some moves send none (the customer's cancel) or have not reached a listener of this console
 * yet. Said beside the state so two views of one console never disagree without a word; it never
 * moves the state. Null when they agree, or the emulator does not hold the order.
 */
export function emulatorHeldStateNote(state: OrderState | null, held: OrderState | undefined): string | null {
  if (held === undefined || held === state) return null;
  const from = "so this order's state is from its records";
  // Only a new order can be cancelled by its customer; a later cancel was a call not recorded here.
  if (held === 'canceled' && (state === 'new' || state === null))
    return `The emulator holds this order as canceled (the customer cancelled it there); the service sends no notification for that, ${from}.`;
  return `The emulator holds this order as ${ORDER_STATE_WORDS[held]}; no record here says so yet (its notification may be on its way, dropped by a fault, or sent elsewhere), ${from}.`;
}
