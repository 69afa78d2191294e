import { createNotificationsStore, notifications, type NotificationData } from '@mantine/notifications';

/**
 * Toasts about what arrived on its own (a webhook for the order the builder follows), kept apart
 * from the answers to the user's own actions. They sit beneath dialogs: a webhook that lands
 * while an order's editor is open used to slide over its Close and Send buttons at 1280×800
 * and take the click meant for them. Under a dialog the toast still shows beside it, and
 * whole once the dialog closes. The answers to a click (saved, failed, copied) stay on top.
 */
export const liveEventToasts = createNotificationsStore();

/**
 * How many stand at once: the newest. A Replay of 3 (or a burst of webhooks) used to stack every
 * toast up the side of the view, over its buttons; queued instead, a burst of 20 kept the corner
 * covered for 80 s with webhooks long superseded (t77), so an older one gives way at once.
 */
export const LIVE_EVENT_TOASTS_AT_ONCE = 2;

/**
 * Wide enough that a title ("Webhook (replay, moves nothing): order_approved, token valid") keeps
 * to one line: at Mantine's 440 px it took two, and two toasts reached up over a view's buttons.
 */
export const LIVE_EVENT_TOAST_WIDTH = 500;

/** How long one stands before closing itself (its × closes it sooner). */
export const LIVE_EVENT_TOAST_MS = 8000;

export function showLiveEventToast(toast: NotificationData): void {
  const { notifications: shown, queue } = liveEventToasts.getState();
  const standing = [...shown, ...queue];
  // The oldest give way, so the new one stands at once and nothing waits behind the limit.
  for (const old of standing.slice(0, Math.max(0, standing.length - LIVE_EVENT_TOASTS_AT_ONCE + 1)))
    if (old.id !== undefined && old.id !== toast.id) notifications.hide(old.id, liveEventToasts);
  notifications.show({ ...toast, autoClose: LIVE_EVENT_TOAST_MS }, liveEventToasts);
}

export function hideLiveEventToast(id: string): void {
  notifications.hide(id, liveEventToasts);
}
