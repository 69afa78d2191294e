import type { TimelineDetail } from '@shared/events';
import { webhookDetailsSchema } from '@shared/webhook-details';

/**
 * Whether the record holds a verdict on its token: the listener's checks, or the one verdict an
 * older record kept. A request the console sent (a replay, a check-endpoint case) holds none, and
 * its "Token verdicts" heading stood over nothing.
 */
export function tokenVerdictsStored(detail: Pick<TimelineDetail, 'details' | 'tokenVerdict'>): boolean {
  return webhookDetailsSchema.safeParse(detail.details).success || detail.tokenVerdict !== null;
}
