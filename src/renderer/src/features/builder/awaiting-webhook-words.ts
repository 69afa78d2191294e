import type { NotificationPlan } from '@shared/merchant-api';

/**
 * What "The order now" says while no webhook about the order has arrived. An order created
 * without a notification URL (a sandbox profile with no public listener URL, filling it in
 * turned off) gets none, whatever is paid: "Pay on the checkout page: … it shows here as it
 * arrives" promised what cannot come. Such a send's plan says why (main's reason, which names
 * what to set), and this says so. A send whose plan is not known (made before this page was
 * opened) is said as before.
 */
export function awaitingWebhookWords(notification: NotificationPlan | undefined): {
  canArrive: boolean;
  text: string;
} {
  if (notification === undefined || notification.url !== null)
    return {
      canArrive: true,
      text: 'No webhook yet. Pay on the checkout page: the service then sends order_approved, and it shows here as it arrives.',
    };
  return {
    canArrive: false,
    text: `No webhook can arrive for this order: it was created without a notification URL, so the service has nowhere to send order_approved. ${notification.reason} Then send again: this order keeps no notification URL.`,
  };
}

/**
 * Whether the awaiting words stand under what "The order now" already says of why no webhook
 * came: the emulator's held state (paid, its notification dropped by a fault, say) or a delivery
 * another endpoint answered. "Pay on the checkout page" then asked to pay an order already paid,
 * which cannot bring the webhook; that note is the one truth shown. Words that say no webhook can
 * arrive at all (no notification URL) still stand: they say what to set.
 */
export function awaitingWordsShown(awaiting: { canArrive: boolean }, whyNoneSaid: boolean): boolean {
  return !(whyNoneSaid && awaiting.canArrive);
}
