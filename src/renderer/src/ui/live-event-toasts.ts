import { createNotificationsStore, notifications, type NotificationData } from '@mantine/notifications';

/**
 * Toasts about what arrived on its own (a webhook for the order the builder follows), kept apart
 * from the answers to the user's own actions. They sit beneath dialogs: a webhook that lands
 * while an order's editor is open used to slide over its Close and Send buttons at 1280×800
 * and take the click meant for them. Under a dialog the toast still shows beside it, and
 * whole once the dialog closes. The answers to a click (saved, failed, copied) stay on top.
 */
export const liveEventToasts = createNotificationsStore();

export function showLiveEventToast(toast: NotificationData): void {
  notifications.show(toast, liveEventToasts);
}

export function hideLiveEventToast(id: string): void {
  notifications.hide(id, liveEventToasts);
}
