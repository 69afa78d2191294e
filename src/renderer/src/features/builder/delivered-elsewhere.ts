import type { TimelineSummary } from '@shared/events';
import { emulatorArrivalIds, receivedFromEmulator } from '@shared/orders/emulator-arrivals';

/**
 * The emulator's deliveries about an order that something answered but this console's listener
 * never received: the delivery names no arrival of ours (delivery-arrival.ts), and no webhook of
 * that event about the order is among its records. Something else held the listener's port
 * (another program), or the notification URL is not this console's: the emulator counts the
 * webhook delivered, this console never saw it, and the order stays as it was here. Before, the
 * builder said "No webhook yet. Pay on the checkout page" of an order the customer had paid.
 */
export function deliveredElsewhere(records: readonly TimelineSummary[]): TimelineSummary[] {
  // A post of that event anyone could send (tokenless, forged) is no sign this listener got it.
  const arrivals = emulatorArrivalIds(records);
  const received = new Set(
    records.filter((record) => receivedFromEmulator(record, arrivals)).map((record) => record.eventType),
  );
  return records.filter(
    (record) =>
      record.kind === 'delivery' &&
      record.provenance === 'service' &&
      record.status !== null &&
      record.relatedId === null &&
      !received.has(record.eventType),
  );
}

/** Where it went, without its query (a delivery's URL carries the signed token as serviceToken). */
function addressOf(url: string | null): string {
  try {
    const parsed = new URL(url ?? '');
    return parsed.pathname === '/' ? parsed.origin : `${parsed.origin}${parsed.pathname}`;
  } catch {
    return 'its notification URL';
  }
}

/** What became of one such delivery, in the builder's words (the Response tab, the first-run guide). */
export function deliveredElsewhereWords(delivery: TimelineSummary): string {
  return `${delivery.eventType ?? 'A notification'} was delivered to ${addressOf(delivery.url)} and answered ${delivery.status ?? 'nothing'} there, but this console's listener did not receive it, so the order's state here does not show it. Something else answers at that address: the Listener view says why this console's listener is not there.`;
}
