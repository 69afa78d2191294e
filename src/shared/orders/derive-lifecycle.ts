import { damagedWords } from '../damaged-record-words';
import { deliveryArrivals } from './emulator-arrivals';
import { formatMinorAmount } from '../money-format';
import { refundBeforeCapture, type CapturesKnown } from './captures-known';
import { readOrderFacts } from './order-facts';
import { lastEvidenceOf } from './last-evidence';
import { knownFromOf } from './order-known-from';
import {
  DAMAGED_RECORD_READ,
  isCountedEntry,
  type LifecycleEntry,
  type OrderFinding,
  type OrderLifecycle,
} from './order-lifecycle';
import type { OrderRecord } from './order-record';
import { Walk } from './lifecycle-walk';
import { readConsoleRecord } from './read-console-record';
import { orderProfileOf, speaksForAnotherProfile } from './order-profile';
import { readAnotherProfileRecord } from './read-another-profile-record';
import { readCall } from './read-call-record';
import { readWebhook } from './read-webhook-record';
import { stepOfEventType, type LifecycleStep } from './order-states';
import { readsAsThisOrder } from './request-order-check';
import { partialShownBy } from './rest-shown';
import { buildStrip } from './strip-steps';

/** Evidence is the service's own traffic: not a replay, forward or import, not a delivery log. */
export function isEvidence(record: OrderRecord): boolean {
  return record.provenance === 'service' && !record.imported && record.kind !== 'delivery';
}

/**
 * The listener's records of replays whose replay record is among these: each replay and its
 * arrival are one send, shown once (on the replay's entry). Keyed by the replay's id.
 */
function arrivalsOfReplays(records: readonly OrderRecord[]): Map<number, OrderRecord> {
  const replays = new Set(records.filter((record) => record.kind === 'replay').map((record) => record.id));
  const arrivals = new Map<number, OrderRecord>();
  for (const record of records) {
    if (record.kind !== 'webhook' || record.provenance === 'service' || record.relatedId === null) continue;
    if (replays.has(record.relatedId) && !arrivals.has(record.relatedId))
      arrivals.set(record.relatedId, record);
  }
  return arrivals;
}

/** Oldest first; the id breaks ties (records written in one millisecond). */
/** A record whose stored time is damaged ('', store/stored-columns.ts) is read after every dated one. */
const timeOf = (record: OrderRecord) => {
  const ms = Date.parse(record.at);
  return Number.isNaN(ms) ? Infinity : ms;
};
const byTime = (a: OrderRecord, b: OrderRecord) => timeOf(a) - timeOf(b) || a.id - b.id;

/**
 * A record of the order whose stored row is damaged in part (its details, its time): read as far
 * as it can be, and a finding, so the order never says "findings none" over it. Whether it
 * counted is read from its entry: a webhook whose judgement is damaged moves nothing, one whose
 * time alone is damaged still does, and the finding must not call that "not counted".
 */
function damagedFindings(
  records: readonly OrderRecord[],
  entries: readonly LifecycleEntry[],
): OrderFinding[] {
  return records.flatMap((record) => {
    if (record.damaged === undefined || record.damaged.length === 0) return [];
    const entry = entries.find((candidate) => candidate.recordId === record.id);
    const counted = entry !== undefined && isCountedEntry(entry, record);
    return [
      {
        recordId: record.id,
        severity: 'warning' as const,
        code: counted ? DAMAGED_RECORD_READ : 'damaged_record',
        message: `${damagedWords(record.id, record.damaged)}; ${counted ? 'it is read from the parts that can be read, and counted' : 'it is listed as far as it can be read'}`,
      },
    ];
  });
}

/** The steps the emulator's deliveries of this order were answered for (the emulator passed them). */
function deliveredSteps(records: readonly OrderRecord[]): Set<LifecycleStep> {
  const steps = new Set<LifecycleStep>();
  for (const record of records) {
    if (record.kind !== 'delivery' || record.eventType === null || record.notSent !== null) continue;
    if (record.status === null || record.status < 200 || record.status >= 300) continue;
    const step = stepOfEventType(record.eventType);
    if (step !== null) steps.add(step);
  }
  return steps;
}

/** Reads every record, oldest first; refunds judged against `capturesKnown` when given. */
function walkRecords(
  orderId: string,
  sorted: readonly OrderRecord[],
  capturesKnown: CapturesKnown | null,
): Walk {
  const evidence = sorted.filter(isEvidence);
  // Only the order's own profile's evidence counts: another profile is another merchant account.
  const profile = orderProfileOf(evidence);
  const ownProfiles = evidence.filter((record) => !speaksForAnotherProfile(record, profile));
  const walk = new Walk(readOrderFacts(ownProfiles, sorted, profile), capturesKnown);
  const arrivals = arrivalsOfReplays(sorted);
  const shownWithReplay = new Set([...arrivals.values()].map((arrival) => arrival.id));
  const delivered = deliveryArrivals(sorted);
  for (const record of sorted) {
    if (shownWithReplay.has(record.id)) continue;
    if (!isEvidence(record))
      readConsoleRecord(walk, record, arrivals.get(record.id) ?? null, delivered.get(record.id) ?? null);
    else if (profile !== null && speaksForAnotherProfile(record, profile))
      readAnotherProfileRecord(walk, record, profile);
    else if (record.kind === 'webhook') readWebhook(walk, record);
    else if (record.kind === 'request') {
      if (readsAsThisOrder(walk, orderId, record)) readCall(walk, record);
    } else readConsoleRecord(walk, record, null);
  }
  return walk;
}

/**
 * One order's lifecycle from its records. Pure: the same records always give the same answer,
 * whichever process stored them and in whichever order they are passed or arrived. State,
 * amounts and the strip come from the service's own, verified evidence only (DESIGN.md,
 * "Provenance"); the console's records are listed beside it, marked, and move nothing.
 */
export function deriveLifecycle(orderId: string, records: readonly OrderRecord[]): OrderLifecycle {
  const sorted = [...records].sort(byTime);
  const first = walkRecords(orderId, sorted, null);
  // A refund that arrived before a capture it refunds is judged again, against every capture.
  const walk = refundBeforeCapture(sorted) ? walkRecords(orderId, sorted, first.knownCaptures()) : first;
  const captured = walk.captured.seen ? walk.capturedMinor() : null;
  const refunded = walk.refunded.seen ? walk.refundedMinor() : null;
  const currency = walk.facts.currency;
  const total = walk.facts.totalMinor;
  const open = (whole: bigint | null, taken: bigint | null) =>
    whole === null
      ? null
      : formatMinorAmount(whole - (taken ?? 0n) > 0n ? whole - (taken ?? 0n) : 0n, currency);
  return {
    orderId,
    state: walk.state,
    // "Fully" by the documented default, not the amounts: the same rule a later cancel or capture
    // undoes (rest-shown.ts), so the mark and its undoing never disagree.
    stateByDefault: partialShownBy(walk.state, total, walk.restCanceled) !== null,
    knownFrom: knownFromOf(sorted),
    stateRecordId: walk.stateRecordId,
    stateSource: walk.stateSource,
    facts: {
      ...walk.facts.public,
      ...lastEvidenceOf(walk.entries, sorted),
      currency,
      referenceId: walk.facts.referenceId,
      capturedAmount: captured === null ? null : formatMinorAmount(captured, currency),
      refundedAmount: refunded === null ? null : formatMinorAmount(refunded, currency),
      canceledAmount:
        total === null
          ? null
          : walk.restCanceled
            ? open(total, captured)
            : walk.state === 'canceled'
              ? formatMinorAmount(total, currency)
              : null,
      // A cancel after a partial capture cancelled the rest: nothing is left to capture, whether
      // the total is known or not (an order the merchant's backend created has none here).
      remainingToCapture: walk.restCanceled ? formatMinorAmount(0n, currency) : open(total, captured),
      remainingToRefund: open(captured, refunded),
    },
    entries: walk.entries,
    strip: buildStrip(
      walk.state,
      walk.proofs,
      {
        captured: walk.captured.seen ? walk.money(captured) : null,
        total: total === null ? null : walk.money(total),
        refunded: walk.refunded.seen ? walk.money(refunded) : null,
      },
      deliveredSteps(sorted),
    ),
    outOfOrder: walk.entries.filter((entry) => entry.effect === 'out_of_order').length,
    findings: [...walk.findings, ...damagedFindings(sorted, walk.entries)],
  };
}
