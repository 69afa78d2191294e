import { UNREADABLE_AT } from '../damaged-record-words';
import { whoseWord } from '../provenance';
import { ENTRY_EFFECT_WORDS, isCountedEntry, type LifecycleEntry, type OrderFacts } from './order-lifecycle';
import type { OrderRecord } from './order-record';

/**
 * When the service last gave evidence of the order (its "Last evidence", and so its place in the
 * Orders list and `orders`), and its newest record when that is newer and not evidence. Read from
 * the walk's entries with isCountedEntry, the judgement `orders show --json`'s `evidence` and the
 * damaged-record finding take: the facts once dated the order by a list of their own, "the
 * merchant's own calls, answered or not", so a capture still waiting for its answer, one
 * cancelled once sent whole or one whose connection was refused brought an order to the top of
 * the list though nothing of the service's was read. An answer counts, a refusal too.
 *
 * `sorted` is every record of the order, oldest first (a damaged time last); `entries` the
 * walk's, in the same order.
 */
export function lastEvidenceOf(
  entries: readonly LifecycleEntry[],
  sorted: readonly OrderRecord[],
): Pick<OrderFacts, 'lastActivityAt' | 'lastEvidenceAt' | 'latestRecord'> {
  const byId = new Map(sorted.map((record) => [record.id, record]));
  // A record whose stored time is damaged ('') dates nothing: it is listed, and a finding.
  const evidence = entries.filter((entry) => {
    const record = byId.get(entry.recordId);
    return record !== undefined && record.at !== UNREADABLE_AT && isCountedEntry(entry, record);
  });
  const first = sorted.find((record) => record.at !== UNREADABLE_AT);
  // With no evidence at all, the order is dated by when it was first seen, never moved later.
  const dating = evidence.at(-1)?.recordId ?? first?.id;
  const at = (dating === undefined ? undefined : byId.get(dating)?.at) ?? new Date(0).toISOString();
  // That first record's time is no evidence (a hand-sent post, say): never called so.
  const lastEvidenceAt = evidence.length > 0 ? at : null;
  const last = sorted.at(-1);
  if (last === undefined || last.id === dating)
    return { lastActivityAt: at, lastEvidenceAt, latestRecord: null };
  const lastEntry = entries.findLast((entry) => entry.recordId === last.id);
  return {
    lastActivityAt: at,
    lastEvidenceAt,
    latestRecord: {
      recordId: last.id,
      at: last.at,
      // Whose it is, is provenance.ts's word, as `history` and `orders show` say it: an
      // emulator's delivery reads `service` (the emulator plays it), though it is not
      // evidence of the order's state (derive-lifecycle.ts, isEvidence).
      whose: whoseWord(last),
      effect: lastEntry?.effect ?? null,
    },
  };
}

/**
 * What every "Last evidence" shows (the `orders` column, the Orders list and details): its time,
 * or, for an order with none, "none" and when it was first seen. The list is dated by that first
 * record (lastActivityAt), but a tokenless post's time under "Last evidence" read as the service's.
 * `format` is the place's own way of writing a time.
 */
export function lastEvidenceWords(
  order: Pick<OrderFacts, 'lastEvidenceAt' | 'firstSeenAt'>,
  format: (at: string) => string,
  /** The place already shows "First seen" at that time beside it (the order's details). */
  firstSeenShownBeside = false,
): string {
  if (order.lastEvidenceAt !== null) return format(order.lastEvidenceAt);
  return firstSeenShownBeside ? 'none' : `none (first seen ${format(order.firstSeenAt)})`;
}

/**
 * The latest record's mark in the order's details: whose it is, and, where `service` alone would
 * read as the service's evidence beside an older "Last evidence", what its entry did
 * (`service, pending`: a capture still waiting for its answer; `service, not evidence`: the
 * emulator's delivery). `console: replay` and `unverified` say it already.
 */
export function latestRecordMark(latest: NonNullable<OrderFacts['latestRecord']>): string {
  return latest.whose === 'service' && latest.effect !== null
    ? `${latest.whose}, ${ENTRY_EFFECT_WORDS[latest.effect]}`
    : latest.whose;
}
