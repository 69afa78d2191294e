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

/**
 * The request as the first step reads it. Any non-empty document once counted: one field typed
 * ticked "A request" and the guide said "Send it to Local" over 6 errors, whose Send then asked
 * "Send with 6 errors?". Its errors are the builder's findings, counted as Send counts them.
 */
export type FirstRunRequest =
  { kind: 'none' } | { kind: 'not-json' } | { kind: 'errors'; errors: number } | { kind: 'ready' };

/** `parses`: the raw text is JSON; `errors`: the error findings of the builder's analysis. */
export function firstRunRequest(hasDocument: boolean, parses: boolean, errors: number): FirstRunRequest {
  if (!hasDocument) return { kind: 'none' };
  if (!parses) return { kind: 'not-json' };
  if (errors > 0) return { kind: 'errors', errors };
  return { kind: 'ready' };
}

const fixOrSample = (what: 'it' | 'them') => `Fix ${what}, or Sample fills a complete, valid request.`;

/** What the first step says of a request begun that is not ready: what remains, and where it is listed. */
export function firstRunRequestWords(
  request: { kind: 'not-json' } | { kind: 'errors'; errors: number },
): string {
  if (request.kind === 'not-json')
    return `Your request is not JSON: the Findings tab, under the raw JSON, says where it stops parsing. ${fixOrSample('it')}`;
  const one = request.errors === 1;
  const errors = `${request.errors} ${one ? 'error' : 'errors'}`;
  return `Your request has ${errors} left: the Findings tab, under the raw JSON, lists ${one ? 'it' : 'them'} (Send would ask "Send with ${errors}?"). ${fixOrSample(one ? 'it' : 'them')}`;
}

/**
 * How far the first order has come: 0 = nothing yet … 5 = captured. `requestReady`: the
 * document on screen is a request without errors (firstRunRequest).
 */
export function firstRunProgress(requestReady: boolean, sent: boolean, state: OrderState | null): number {
  if (!requestReady && !sent) return 0;
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

/** An order the guide may follow, and its state as read (null: not read yet). */
export interface GuideCandidate<T> {
  order: T;
  state: OrderState | null;
}

/**
 * The order the guide follows: of the one it followed and the builder's newest send, the one
 * that has come further; as far as each other (both new, the first ended), the newest. Following
 * the newest alone, a second Send took the guide from a paid first order, and authorising that
 * one in Orders never moved it on; the newest on a tie keeps "send again and pay the new order".
 */
export function firstRunGuidedOrder<T>(
  followed: GuideCandidate<T> | null,
  newest: GuideCandidate<T> | null,
): T | null {
  if (newest === null) return followed?.order ?? null;
  if (followed === null) return newest.order;
  const further = firstRunProgress(true, true, followed.state) > firstRunProgress(true, true, newest.state);
  return further ? followed.order : newest.order;
}

/** The order the guide kept (with the working copy), and what its records said when last read. */
export interface KeptGuideCandidate<T> extends GuideCandidate<T> {
  /** Its records are being read (after a reload or a new tab, its state is not known yet). */
  reading: boolean;
  /** Its records are not in the data directory (another one, or removed since). */
  gone: boolean;
}

/**
 * firstRunGuidedOrder, for the order the guide kept through a reload: until its state is read
 * again it holds the guide (taken as new, a newer send won the tie and replaced a paid order for
 * good); one no longer in the data directory is let go, so the guide follows the newest send.
 */
export function firstRunKeptOrder<T>(
  kept: KeptGuideCandidate<T> | null,
  newest: GuideCandidate<T> | null,
): T | null {
  if (kept !== null && kept.gone) return newest?.order ?? null;
  if (kept !== null && kept.state === null && kept.reading) return kept.order;
  return firstRunGuidedOrder(kept, newest);
}

const STOPPED = 'The local emulator is stopped';
const START_IT = 'start it (Start the emulator, above the form)';

/**
 * The send step's words: to the active profile, by its name, when it is the emulator's; else
 * that it is not (a local profile such as Slow sends elsewhere); and a stopped emulator first.
 */
export function firstRunSendWords(active: string, emulatorProfile: string, emulatorRunning: boolean): string {
  if (active !== emulatorProfile)
    return `Sends go to the active profile, ${active}, not the built-in emulator (profile ${emulatorProfile}): switch to ${emulatorProfile} for the way through the emulator, where nothing leaves this machine.`;
  if (!emulatorRunning)
    return `${STOPPED}, so a send to ${active} finds nothing there: ${START_IT}, then Send to ${active} or Ctrl+Enter.`;
  return `Send it to ${active}, the built-in emulator: Send to ${active} (top right) or Ctrl+Enter. The answer carries the order id and its checkout page.`;
}

/** The pay step's words: the checkout page is the emulator's, dead while it is stopped. */
export function firstRunPayWords(emulatorRunning: boolean): string {
  if (!emulatorRunning)
    return `${STOPPED}, so the checkout page does not open: ${START_IT}, then pay as the customer would on the checkout page.`;
  return 'Pay as the customer would, on the checkout page. The emulator then sends order_approved, and the Response tab shows it arrive.';
}
