import type { TimelineSummary } from '../../../shared/events';
import { faultHoldWords } from '../../../shared/emulator-fault-words';
import { waitFor, type StepContext } from '../step-context';

/**
 * Webhooks as the listener stored them: the scenario's expectations read the records, never a
 * copy of their own, so what a run checks is what the timeline shows.
 */

function webhooksOf(context: StepContext, orderId: string, event: string | null): TimelineSummary[] {
  const page = context.services.eventsQuery.page(
    {
      kinds: ['webhook'],
      orderId,
      ...(event === null ? {} : { eventType: event }),
      from: new Date(context.startedMs).toISOString(),
    },
    { limit: 200 },
  );
  // The service's own only: the listener's record of a send-webhook step, a replay or a forward
  // is the console's doing, and matching it would pass a step for a notification never sent.
  return page.items.filter((record) => record.provenance === 'service').reverse();
}

/** The first webhook of `event` for the order since the scenario began that no earlier step matched. */
export function unmatchedWebhook(
  context: StepContext,
  orderId: string,
  event: string,
): TimelineSummary | null {
  return (
    webhooksOf(context, orderId, event).find((record) => !context.consumedWebhooks.has(record.id)) ?? null
  );
}

/**
 * The first webhook of `event` for the order since the scenario began that no earlier step
 * matched, waiting up to `timeoutMs`. A match is consumed, so a duplicate needs a second step.
 */
export async function findWebhook(
  context: StepContext,
  query: { orderId: string; event: string; timeoutMs: number; consume?: boolean },
): Promise<TimelineSummary | null> {
  const found = await waitFor(
    () => unmatchedWebhook(context, query.orderId, query.event),
    query.timeoutMs,
    context.signal,
  );
  if (found !== null && query.consume !== false) context.consumedWebhooks.add(found.id);
  return found;
}

/** The latest webhook of `event` for the order the listener stored (consumed or not). */
export function latestWebhook(context: StepContext, orderId: string, event: string): TimelineSummary | null {
  return webhooksOf(context, orderId, event).at(-1) ?? null;
}

/** What did arrive for the order, for a readable "expected … / actual …" when the one awaited did not. */
export function arrivedFor(context: StepContext, orderId: string): string {
  const seen = webhooksOf(context, orderId, null).map(
    (record) =>
      `#${record.id} ${record.eventType ?? '(no event type)'}${context.consumedWebhooks.has(record.id) ? ' (already matched)' : ''}`,
  );
  return seen.length === 0 ? 'no webhook for this order' : seen.join(', ');
}

/**
 * Why the emulator has not sent the order's `event` when its faults are why (held by a delay or
 * Out of order, dropped), in their one wording; null otherwise (none owed, or a real attempt).
 */
export function heldByFaults(context: StepContext, orderId: string, event: string): string | null {
  for (const row of context.services.emulator.engine.notificationsOf(orderId, event)) {
    const words = faultHoldWords(event, row);
    if (words !== null) return words;
  }
  return null;
}

/** The forward of a webhook (the merchant endpoint's answer), once the listener recorded it. */
export function forwardOf(
  context: StepContext,
  webhookId: number,
  timeoutMs: number,
): Promise<TimelineSummary | null> {
  return waitFor(
    () =>
      context.services.eventsQuery.page({ kinds: ['forward'], relatedId: webhookId }, { limit: 1 })
        .items[0] ?? null,
    timeoutMs,
    context.signal,
  );
}
