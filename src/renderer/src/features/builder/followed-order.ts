import { createElement } from 'react';
import { create } from 'zustand';
import type { TimelineSummary } from '@shared/events';
import { hideLiveEventToast, showLiveEventToast } from '@ui/live-event-toasts';
import { builderCalls } from './builder-calls-store';

/** The order the builder's last send created: what the response panel and the guide follow. */
export interface FollowedOrder {
  orderId: string;
  checkoutUrl: string;
  profileName: string;
}

interface FollowedOrderState {
  order: FollowedOrder | null;
  /** Webhooks about it, in the order they arrived (the listener's records of them). */
  webhooks: readonly TimelineSummary[];
  follow: (order: FollowedOrder | null) => void;
}

export const useFollowedOrder = create<FollowedOrderState>((set) => ({
  order: null,
  webhooks: [],
  follow: (order) => set({ order, webhooks: [] }),
}));

/** The notification's words for a webhook: its event and how the listener judged its token. */
export function describeWebhook(record: TimelineSummary): string {
  const event = record.eventType ?? 'A webhook with no event type';
  const token = record.tokenVerdict === null ? '' : `, token ${record.tokenVerdict}`;
  return `${event}${token}`;
}

/**
 * Each webhook the listener records for the followed order is added as it arrives (pushed by
 * main, from this process or any other on the same data) and announced with a notification
 * that opens the record on the timeline: the builder learns that Pay on the checkout page
 * worked without anyone going to look.
 */
builderCalls.onPush((event) => {
  if (event.name !== 'timeline.appended' && event.name !== 'timeline.updated') return;
  const record = event.payload;
  const { order, webhooks } = useFollowedOrder.getState();
  if (order === null || record.kind !== 'webhook' || record.orderId !== order.orderId) return;
  const known = webhooks.findIndex((webhook) => webhook.id === record.id);
  if (known >= 0) {
    useFollowedOrder.setState({ webhooks: webhooks.map((webhook, at) => (at === known ? record : webhook)) });
    return;
  }
  useFollowedOrder.setState({ webhooks: [...webhooks, record] });
  // A webhook the console made (a crafted token, a replay, a forward) is said to be one: a green
  // "Webhook: order_captured, token valid" read as the service's word on the order.
  const theConsoles = record.provenance !== 'service';
  showLiveEventToast({
    id: `webhook-${record.id}`,
    title: `${theConsoles ? `Webhook (${record.provenance}, moves nothing)` : 'Webhook'}: ${describeWebhook(record)}`,
    // A link, so the keyboard reaches it too (Tab, Enter): the toast's own click is mouse-only.
    // The order's id cut to its start (whole in the title): at full length it took the message
    // to two lines, and two toasts stood over the Orders view's action row at 1280×800 (t74).
    message: createElement(
      'span',
      { title: `Order ${order.orderId}` },
      `Order ${order.orderId.slice(0, 8)}… — `,
      createElement(
        'a',
        { href: `#/timeline?id=${record.id}`, 'data-testid': 'webhook-toast-link' },
        `open record #${record.id} on the timeline`,
      ),
    ),
    color: theConsoles ? 'grape' : record.tokenVerdict === 'valid' ? 'green' : 'orange',
    closeButtonProps: { 'aria-label': 'Dismiss' },
    onClick: (event) => {
      // Its × is inside the toast: closing it must not also open the record (and leave the view).
      if (event.target instanceof Element && event.target.closest('button') !== null) return;
      // The link goes there itself; the rest of the toast does it here.
      if (!(event.target instanceof Element && event.target.closest('a') !== null))
        window.location.hash = `#/timeline?id=${record.id}`;
      hideLiveEventToast(`webhook-${record.id}`);
    },
    style: { cursor: 'pointer' },
    'data-testid': 'webhook-toast',
  });
});
