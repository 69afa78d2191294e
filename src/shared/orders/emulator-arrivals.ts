import type { TimelineSummary } from '../events';

type ArrivalRecord = Pick<TimelineSummary, 'id' | 'kind' | 'provenance' | 'tokenVerdict' | 'relatedId'>;

/**
 * The listener's records of the emulator's own deliveries, keyed by the delivery's id: a delivery
 * that reached this console's listener names that record as it completes (its related id,
 * delivery-arrival.ts, which checks the order, the event type and the time). Only a named record
 * among `records` counts (an order's records may not hold the arrival another filter left out).
 * Anyone can post to the listener; only these records are the emulator's notifications, whatever
 * their token was judged.
 */
export function deliveryArrivals(records: readonly ArrivalRecord[]): Map<number, number> {
  const webhooks = new Set(records.filter((record) => record.kind === 'webhook').map((record) => record.id));
  const arrivals = new Map<number, number>();
  for (const record of records)
    if (record.kind === 'delivery' && record.relatedId !== null && webhooks.has(record.relatedId))
      arrivals.set(record.id, record.relatedId);
  return arrivals;
}

/** The ids of the listener's records that are the emulator's deliveries (deliveryArrivals). */
export function emulatorArrivalIds(records: readonly ArrivalRecord[]): Set<number> {
  return new Set(deliveryArrivals(records).values());
}

/**
 * Whether `record` is a notification of the emulator's that this console's listener received: one
 * its delivery names, or one whose token verified (only the service, which the emulator plays,
 * holds it; its delivery may not have named it yet). A tokenless or forged post is neither: it
 * says nothing of where the emulator's notifications went.
 */
export function receivedFromEmulator(record: ArrivalRecord, arrivals: ReadonlySet<number>): boolean {
  return (
    record.kind === 'webhook' &&
    record.provenance === 'service' &&
    (record.tokenVerdict === 'valid' || arrivals.has(record.id))
  );
}
