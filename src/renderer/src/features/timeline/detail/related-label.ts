import type { EventKind } from '@shared/events';

/**
 * What the record a `relatedId` names is to this one, by this one's kind: a replay or a forward
 * names the webhook it copies; a delivery, the listener's record of its arrival; a webhook, the
 * replay whose arrival it is (the listener links nothing else: replay-link.ts). Every link read
 * "Original", so a replay's arrival called the replay that sent it its original.
 */
const RELATION: Record<EventKind, string> = {
  replay: 'Original',
  forward: 'Original',
  delivery: 'Its arrival',
  webhook: 'Arrival of replay',
  request: 'Linked record',
};

/** "Original #37", "Arrival of replay #375": the link from a record to the one it is related to. */
export function relatedLabel(kind: EventKind, relatedId: number): string {
  return `${RELATION[kind]} #${relatedId}`;
}
