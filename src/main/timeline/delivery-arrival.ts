import { z } from 'zod';
import type { TimelineSummary } from '../../shared/events';

/** What the listener answers (plan-response.ts): `{ "received": true, "id": 12 }`. */
const listenerAnswerSchema = z.object({ id: z.number().int().positive() });

/** The delivery attempt the arrival must match. */
export interface DeliveryAttempt {
  orderId: string;
  eventType: string;
  startedMs: number;
  endedMs: number;
}

/**
 * The id of this console's listener record of one emulator delivery attempt, or null.
 *
 * The listener answers every request with the id of the record it wrote (committed before the
 * answer), so the delivery's answer names its arrival. The answer alone is not trusted: another
 * console's listener, or any merchant endpoint, could answer `"id": 12` for a record of its own
 * database. The named record must be a webhook of this order and event type that arrived while
 * this attempt was in flight; anything else leaves the delivery unlinked (one row of its own).
 */
export function deliveryArrivalId(
  responseBody: Uint8Array | null,
  attempt: DeliveryAttempt,
  lookup: (id: number) => TimelineSummary | undefined,
): number | null {
  if (responseBody === null || responseBody.byteLength === 0 || responseBody.byteLength > 4096) return null;
  let answer: unknown;
  try {
    answer = JSON.parse(Buffer.from(responseBody).toString('utf8'));
  } catch {
    return null;
  }
  const parsed = listenerAnswerSchema.safeParse(answer);
  if (!parsed.success) return null;
  const arrival = lookup(parsed.data.id);
  if (arrival === undefined || arrival.kind !== 'webhook' || arrival.provenance !== 'service') return null;
  if (arrival.orderId !== attempt.orderId || arrival.eventType !== attempt.eventType) return null;
  const at = Date.parse(arrival.at);
  return at >= attempt.startedMs && at <= attempt.endedMs ? arrival.id : null;
}
