import { setMaxListeners } from 'node:events';
import type { Logger } from '../log';
import type { EventRecorder } from '../timeline/event-recorder';
import { forwardWebhook } from './forward-webhook';

type Received = Parameters<typeof forwardWebhook>[1];

/**
 * The listener's forwards to the merchant's endpoint, each recorded (forwardWebhook) without
 * holding up the webhook's answer. Forwards still waiting for the merchant's answer at close are
 * cancelled and recorded so ("Cancelled after the request was sent…"), not left pending with the
 * database closed under them.
 */
export function createListenerForwards(recorder: EventRecorder, log: Logger) {
  const forwards = new AbortController();
  // One abort listener per forward in flight, however many.
  setMaxListeners(0, forwards.signal);
  const forwarding = new Set<Promise<void>>();
  return {
    /** `held`: why it must not be sent (recorded unsent, saying so), or null. */
    forward(webhook: Received, forwardTo: string, held: string | null): void {
      const forwarded = forwardWebhook(recorder, webhook, forwardTo, undefined, forwards.signal, held).then(
        () => undefined,
        (failure: unknown) => log.error(`A forward could not be recorded: ${String(failure)}`),
      );
      forwarding.add(forwarded);
      void forwarded.finally(() => forwarding.delete(forwarded));
    },
    /** Cancels those in flight and waits until each is recorded. */
    async close(): Promise<void> {
      forwards.abort();
      await Promise.all(forwarding);
    },
  };
}
