import { describe, expect, it } from 'vitest';
import {
  awaitingWebhookWords,
  awaitingWordsShown,
} from '../../src/renderer/src/features/builder/awaiting-webhook-words';

// The builder's "The order now" said "No webhook yet. Pay on the checkout page: the service then
// sends order_approved, and it shows here as it arrives." of an order created without a
// notification URL (a sandbox profile with no public listener URL), where nothing can arrive.

const plan = (url: string | null, reason: string) => ({
  path: 'merchant_url.notification',
  url,
  injected: url !== null,
  reason,
});

describe('awaitingWebhookWords', () => {
  it('an order whose notifications go to a URL: pay, and the webhook shows here', () => {
    const words = awaitingWebhookWords(
      plan('https://hooks.example/listen', 'merchant_url.notification was empty: filled in with …'),
    );
    expect(words).toEqual({
      canArrive: true,
      text: 'No webhook yet. Pay on the checkout page: the service then sends order_approved, and it shows here as it arrives.',
    });
    // A send whose plan is not known (made before this page was opened) is said as before.
    expect(awaitingWebhookWords(undefined)).toEqual(words);
  });

  it('an order created without a notification URL: nothing can arrive, why, and where to set it', () => {
    const words = awaitingWebhookWords(
      plan(null, "No listener URL: set the profile's public listener URL (a tunnel) to receive webhooks."),
    );
    expect(words.canArrive).toBe(false);
    expect(words.text).toBe(
      "No webhook can arrive for this order: it was created without a notification URL, so the service has nowhere to send order_approved. No listener URL: set the profile's public listener URL (a tunnel) to receive webhooks. Then send again: this order keeps no notification URL.",
    );
    expect(words.text).not.toContain('Pay on the checkout page');
  });

  // Under "The emulator holds this order as approved; its notification was never sent (#17:
  // dropped…)" it went on "Pay on the checkout page", of an order already paid.
  it('gives way to a note that already says why no webhook came, unless no webhook can arrive at all', () => {
    const pay = awaitingWebhookWords(undefined);
    expect(awaitingWordsShown(pay, false)).toBe(true);
    expect(awaitingWordsShown(pay, true)).toBe(false);
    const none = awaitingWebhookWords(plan(null, 'No listener URL.'));
    expect(awaitingWordsShown(none, true)).toBe(true);
  });
});
