import { formatMoney } from './order-amounts';
import { readOrderFacts } from './order-facts';
import type { OrderLifecycle } from './order-lifecycle';
import type { OrderRecord } from './order-record';
import { Walk } from './lifecycle-walk';
import { readCall, readWebhook } from './read-order-records';
import { buildStrip } from './strip-steps';

const COPY_KINDS: Record<string, string> = {
  replay: 'A re-delivery of a stored notification',
  forward: "The listener's forward of a notification",
  delivery: "The emulator's delivery attempt of a notification",
};

/** The derivation's running state while it walks the records, oldest first. */
const byTime = (a: OrderRecord, b: OrderRecord) => Date.parse(a.at) - Date.parse(b.at) || a.id - b.id;

/**
 * One order's lifecycle from its records. Pure: the same records always give the same answer,
 * whichever process stored them and in whichever order they are passed.
 */
export function deriveLifecycle(orderId: string, records: readonly OrderRecord[]): OrderLifecycle {
  const sorted = [...records].sort(byTime);
  const walk = new Walk(readOrderFacts(sorted));
  for (const record of sorted) {
    if (record.kind === 'webhook') readWebhook(walk, record);
    else if (record.kind === 'request') readCall(walk, record);
    else {
      walk.add(record, {
        source: 'record',
        what: record.eventType ?? record.kind,
        step: null,
        effect: 'copy',
        evidence: `${COPY_KINDS[record.kind] ?? 'A copy'}; listed, not evidence of its own`,
      });
    }
  }
  const captured = walk.captured.seen ? walk.capturedMinor() : null;
  const refunded = walk.refunded.seen ? walk.refundedMinor() : null;
  const currency = walk.facts.currency;
  const total = walk.facts.totalMinor;
  const open = (whole: bigint | null, taken: bigint | null) =>
    whole === null ? null : formatMoney(whole - (taken ?? 0n) > 0n ? whole - (taken ?? 0n) : 0n, currency);
  return {
    orderId,
    state: walk.state,
    stateRecordId: walk.stateRecordId,
    stateSource: walk.stateSource,
    facts: {
      ...walk.facts.public,
      currency,
      referenceId: walk.facts.referenceId,
      capturedAmount: captured === null ? null : formatMoney(captured, currency),
      refundedAmount: refunded === null ? null : formatMoney(refunded, currency),
      remainingToCapture: open(total, captured),
      remainingToRefund: open(captured, refunded),
    },
    entries: walk.entries,
    strip: buildStrip(walk.state, walk.proofs, {
      captured: walk.captured.seen ? walk.money(captured) : null,
      total: total === null ? null : walk.money(total),
      refunded: walk.refunded.seen ? walk.money(refunded) : null,
    }),
    outOfOrder: walk.entries.filter((entry) => entry.effect === 'out_of_order').length,
  };
}
