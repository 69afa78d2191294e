import {
  CUSTOMER_ACTION_OUTCOME,
  type CustomerAction,
  type OrderState,
} from '../../shared/orders/order-states';
import type { EmulatorOrderRow } from '../store/emulator-orders-repository';
import { renderStandalonePage } from '../html/standalone-page';
import { escapeHtml } from './escape-html';
import type { NotificationState } from './notification-state-words';
import { minorOf, textOf } from './operation-amounts';

/** Which merchant URL each landing page stands for, and the customer action behind it. */
export const LANDING_OUTCOMES = { success: 'pay', failure: 'decline', cancel: 'cancel' } as const;
export type LandingOutcome = keyof typeof LANDING_OUTCOMES;

export interface LandingPage {
  outcome: LandingOutcome;
  /** The order it is about, or null when none of this emulator matches. */
  order: EmulatorOrderRow | null;
  /** What was asked for when no order matched (an order id or a reference). */
  asked: string | null;
  /** The merchant URL that could not be reached, and why, when this page stands in for it. */
  unreachable: { url: string; reason: string } | null;
  /** The order in the console (browser mode), or null when the console's address is unknown. */
  consoleOrderUrl: string | null;
  /** Where the notification of what the customer did stands now (the outbox's rows), or null when none is owed. */
  notification: NotificationState | null;
}

const DONE: Record<CustomerAction, string> = {
  pay: 'Paid',
  decline: 'Declined',
  cancel: 'Canceled',
  expire: 'Expired',
};

/**
 * What the customer did, as the order's state shows it: null for an order not acted on yet.
 * Every state after a payment (authorised, captured, refunded) was paid first.
 */
export function customerActionOf(state: OrderState): CustomerAction | null {
  if (state === 'new') return null;
  if (state === 'declined') return 'decline';
  if (state === 'canceled') return 'cancel';
  if (state === 'expired') return 'expire';
  return 'pay';
}

/**
 * "Paid: order_approved queued for http://…" — what happened to the order, in one line, from
 * its state: the page's own address says only which merchant URL the customer was sent to (a
 * failure URL wired to the success page read "Paid" over a declined order). What became of the
 * notification is the outbox's, read when the page is: queued, delivered, given up, dropped by
 * a fault, or never sendable (notificationState, the same words as `emulator pay`).
 */
export function landingHeadline(
  outcome: LandingOutcome,
  order: EmulatorOrderRow | null,
  notification: NotificationState | null,
): string {
  const done = landingWord(outcome, order);
  if (order === null) return `${done}: no order of this emulator matches`;
  const action = customerActionOf(order.state);
  if (action === null)
    return `${done}: the order is still new; the customer has not paid, declined or canceled`;
  const eventType = CUSTOMER_ACTION_OUTCOME[action].eventType;
  if (eventType === null) return `${done}: the customer left the checkout; no notification is sent for that`;
  if (notification === null)
    return `${done}: no ${eventType} was sent, the checkout request had no notification URL and no webhook is registered for it`;
  return `${done}: ${notification.words}`;
}

/** Said only while an attempt is still to come: one delivered, given up or never sent is not "queued". */
function queuedNote(order: EmulatorOrderRow | null, notification: NotificationState | null): string {
  const action = order === null ? null : customerActionOf(order.state);
  if (action === null || CUSTOMER_ACTION_OUTCOME[action].eventType === null || notification === null)
    return '';
  return notification.pending
    ? " The notification is not delivered yet: the emulator sends it, with retries, and its attempts are on the console's timeline. Reload this page to see where it stands."
    : " The notification's attempts are on the console's timeline.";
}

/** The headline's first word (and the page's title): what the order's state says happened. */
function landingWord(outcome: LandingOutcome, order: EmulatorOrderRow | null): string {
  if (order === null) return DONE[LANDING_OUTCOMES[outcome]];
  const action = customerActionOf(order.state);
  return action === null ? 'Not paid' : DONE[action];
}

/** When the page's merchant URL is not the one the order's state calls for: said, never passed over. */
function mismatchNote(outcome: LandingOutcome, order: EmulatorOrderRow | null): string {
  if (order === null) return '';
  const action = customerActionOf(order.state);
  if (action === LANDING_OUTCOMES[outcome]) return '';
  return `<p class="note" data-testid="landing-mismatch">This is the merchant's ${escapeHtml(outcome)} page, but the order is ${escapeHtml(order.state)}: the merchant's ${escapeHtml(outcome)} URL may lead to another outcome's page, or the page was opened by hand.</p>`;
}

/**
 * The merchant page the local emulator serves: where the samples' merchant URLs point, and where
 * the hosted page sends the customer when the merchant's own URL cannot be reached. It says what
 * happened and links back to the order in the console.
 */
export function renderLandingPage(page: LandingPage, nonce: string): string {
  const { order } = page;
  const rows =
    order === null
      ? `<p>${page.asked === null ? 'The address names no order.' : `Nothing matches <bdi>${escapeHtml(page.asked)}</bdi>.`} This page belongs to the console's local emulator: it shows orders created there.</p>`
      : `<table aria-label="Order">
<tr><th>Order id</th><td data-testid="landing-order-id">${escapeHtml(order.orderId)}</td></tr>
<tr><th>Reference</th><td>${escapeHtml(order.referenceId ?? '')}</td></tr>
<tr><th>Total</th><td>${escapeHtml(textOf(minorOf(order.totalAmount, order.currency), order.currency))} ${escapeHtml(order.currency)}</td></tr>
<tr><th>State now</th><td data-testid="landing-state">${escapeHtml(order.state)}</td></tr>
</table>`;
  // The URL comes from this page's own address (anyone can write one): linked only when it is
  // http(s), so a crafted javascript: or data: link never becomes a link on the emulator's origin.
  const tryAgain =
    page.unreachable === null
      ? ''
      : /^https?:$/.test(URL.parse(page.unreachable.url)?.protocol ?? '')
        ? `<a href="${escapeHtml(page.unreachable.url)}" rel="noreferrer">Try ${escapeHtml(page.unreachable.url)} anyway</a>.`
        : `It was ${escapeHtml(page.unreachable.url)}.`;
  const unreachable =
    page.unreachable === null
      ? ''
      : `<p class="note" data-testid="landing-unreachable">The merchant's ${escapeHtml(page.outcome)} URL could not be reached (${escapeHtml(page.unreachable.reason)}), so the emulator shows this page instead. ${tryAgain}</p>`;
  const back =
    order === null
      ? ''
      : page.consoleOrderUrl === null
        ? `<p>Follow it in the console's Orders view (order ${escapeHtml(order.orderId)}).</p>`
        : `<p><a data-testid="landing-console-link" href="${escapeHtml(page.consoleOrderUrl)}">Open the order in the console</a></p>`;
  return renderStandalonePage({
    title: `${landingWord(page.outcome, order)} · local merchant page`,
    nonce,
    style: `h1{margin:0 0 4px;font-size:22px;overflow-wrap:anywhere}.sub{color:#667;margin:0 0 16px;font-size:13px}
table{border-collapse:collapse;margin:12px 0}th{text-align:start;padding:4px 16px 4px 0;color:#556;font-weight:500}td{font-family:ui-monospace,monospace;overflow-wrap:anywhere}
.note{background:#fff4e6;border-radius:8px;padding:8px 12px;font-size:14px;overflow-wrap:anywhere}
@media (prefers-color-scheme:dark){.sub,th{color:#adb5bd}.note{background:#3b2f1e}}`,
    body: `<main data-outcome="${escapeHtml(page.outcome)}">
<h1 data-testid="landing-headline">${escapeHtml(landingHeadline(page.outcome, order, page.notification))}</h1>
<p class="sub">The merchant's ${escapeHtml(page.outcome)} page, served by the console's local emulator.${queuedNote(order, page.notification)}</p>
${unreachable}
${mismatchNote(page.outcome, order)}
${rows}
${back}
</main>`,
  });
}
