import type { OrderState } from '@shared/orders/order-states';

/**
 * How far the first-run guide has come, and what it says of it. The guide is a one-time way
 * through a first order, not a view of the document on screen: the order it follows is the
 * builder's last send to Local, which a new document (New, Sample, a draft opened) leaves
 * followed. So its steps are that order's and say so by name; read as the document's, a fresh
 * unsent sample showed "Send to Local" ticked and "Captured: that is the whole lifecycle".
 */

// The first step is a request, made by Sample or by hand: a ticked "Sample" for a form filled
// by hand would say a step was taken that was not.
export const FIRST_RUN_STEPS = ['A request', 'Send to Local', 'Pay', 'Authorise', 'Capture'] as const;

const PAID: readonly OrderState[] = [
  'approved',
  'authorised',
  'partially_captured',
  'fully_captured',
  'partially_refunded',
  'fully_refunded',
];
const AUTHORISED = PAID.slice(1);
const CAPTURED = PAID.slice(2);

/** How far the first order has come: 0 = nothing yet … 5 = captured. */
export function firstRunProgress(hasDocument: boolean, sent: boolean, state: OrderState | null): number {
  if (!hasDocument && !sent) return 0;
  if (!sent) return 1;
  if (state === null || !PAID.includes(state)) return 2;
  if (!AUTHORISED.includes(state)) return 3;
  if (!CAPTURED.includes(state)) return 4;
  return 5;
}

/** The steps' title: once an order is sent, the ticks after "A request" are that order's. */
export const firstRunHeading = (orderId: string | null): string =>
  orderId === null ? 'First run:' : `First run, order ${orderId}:`;

/** Said once the first order is captured, whatever document is on screen by then. */
export const firstRunDoneWords = (orderId: string): string =>
  `Done: your first order, ${orderId}, went the whole lifecycle, new → approved → authorised → captured, and every step is on the Timeline. The guide shows the way once; it does not follow the documents after it, so hide it now (Settings can show it again).`;
