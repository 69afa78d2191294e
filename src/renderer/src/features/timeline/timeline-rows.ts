import type { TimelineSummary } from '@shared/events';
import { NOT_SENT_WORDS, recordStatus } from '@shared/record-status';

/**
 * One happening on the timeline: an emulator delivery and the listener's record of the webhook
 * it produced, or a replay and the listener's record of it, or any record on its own.
 *
 * The parts are found through the links records already carry: the listener's record of a
 * replay names the replay (`relatedId`, replay-link.ts), and a delivery names the listener
 * record its answer pointed at (`relatedId`, src/main/timeline/delivery-arrival.ts). A part
 * never belongs to two rows.
 */
export interface TimelineRowGroup {
  /** The record the row opens and is keyed by: the listener's record when there is one (it has the verdicts). */
  primary: TimelineSummary;
  /** What sent it (a delivery or a replay), when the row is one. */
  origin: TimelineSummary | null;
  /** The listener's record of it, when the row is a delivery or a replay. */
  arrival: TimelineSummary | null;
  /** Every part, in the order they happened. */
  parts: readonly TimelineSummary[];
  /** The time the happening began (its first part), ms. */
  atMs: number;
  /** What is still missing from the row, in words; null when nothing is. */
  missing: string | null;
}

/** Whether `summary` is the second part of a happening whose first part is `target`. */
export function completes(summary: TimelineSummary, target: TimelineSummary): boolean {
  if (summary.relatedId !== target.id) return false;
  if (summary.kind === 'delivery') return target.kind === 'webhook';
  return summary.kind === 'webhook' && target.kind === 'replay';
}

/** The record's origin (delivery or replay) and arrival, whichever way round the link runs. */
function pairOf(
  a: TimelineSummary,
  b: TimelineSummary,
): { origin: TimelineSummary; arrival: TimelineSummary } {
  return a.kind === 'webhook' ? { origin: b, arrival: a } : { origin: a, arrival: b };
}

/** Where a record on screen is: beside its partner, or alone. */
interface OnScreen {
  target: TimelineSummary;
  partner: TimelineSummary | undefined;
}

/**
 * What a lone delivery or replay lacks: its answer, or the listener's record of it. Rows are
 * built from the records the filters match, so a part can also be missing because it is
 * filtered out; a delivery knows its arrival's id and says so. Its arrival may also be on screen
 * and taken by another row (an import's second delivery naming the same webhook): then it says
 * where, since "filtered out" with no filter on and the webhook in plain sight reads as a lie.
 */
function missingOf(origin: TimelineSummary, linked: OnScreen | undefined): string | null {
  if (origin.kind !== 'delivery' && origin.kind !== 'replay') return null;
  const status = recordStatus(origin);
  // Never sent: no answer was to come, nor an arrival (the emulator dropped it, or had nowhere to send it).
  if (status.kind === 'not_sent') return `${NOT_SENT_WORDS[status.why]}, so no arrival`;
  if (status.kind === 'waiting') return 'sent, no answer yet';
  // An import's wait ended with the console that exported it: nothing is still to come.
  if (status.kind === 'no_answer_imported') return 'no answer in the imported file, so no arrival known';
  if (status.kind === 'failed') return 'no answer, so no arrival';
  // Written whole, then cancelled, timed out or cut off: the listener may well have it.
  if (status.kind === 'unanswered') return 'sent whole with no answer, so it may have arrived';
  if (origin.kind === 'delivery' && origin.relatedId !== null) {
    if (linked === undefined) return `its webhook #${origin.relatedId} is filtered out`;
    const { target, partner } = linked;
    if (target.kind !== 'webhook')
      return `its answer names ${target.kind} #${target.id}, shown on its own row`;
    return partner === undefined
      ? `its webhook #${target.id} is shown on its own row`
      : `its webhook #${target.id} is shown with ${partner.kind} #${partner.id}`;
  }
  return "no arrival on this console's listener (sent elsewhere, or filtered out)";
}

function single(summary: TimelineSummary, linked?: OnScreen): TimelineRowGroup {
  const isOrigin = summary.kind === 'delivery' || summary.kind === 'replay';
  return {
    primary: summary,
    origin: isOrigin ? summary : null,
    arrival: null,
    parts: [summary],
    atMs: Date.parse(summary.at),
    missing: missingOf(summary, linked),
  };
}

function paired(a: TimelineSummary, b: TimelineSummary): TimelineRowGroup {
  const { origin, arrival } = pairOf(a, b);
  const parts = [origin, arrival].sort((x, y) => Date.parse(x.at) - Date.parse(y.at) || x.id - y.id);
  return {
    primary: arrival,
    origin,
    arrival,
    parts,
    atMs: Math.min(Date.parse(origin.at), Date.parse(arrival.at)),
    missing: null,
  };
}

/**
 * The record whose time and id a row shows: the part that began the happening (its `atMs`), so
 * the time and the id beside it are one record's. The row opens its primary (the listener's
 * record, with the verdicts); it showed the delivery's time beside the webhook's id ("02:37:17.031
 * #3", where #3 arrived at .069 and .031 was delivery #2's).
 */
export function firstPart(group: TimelineRowGroup): TimelineSummary {
  return group.parts[0] ?? group.primary;
}

/** Newest first by time; equal times by id, the higher (later written) first. */
export function newestFirst(a: TimelineRowGroup, b: TimelineRowGroup): number {
  return b.atMs - a.atMs || b.primary.id - a.primary.id;
}

/**
 * The loaded records as rows: linked parts joined into one row, newest first by time (ties by
 * id). Records come in id order from the database, which is not time order: a delivery is
 * written once its answer is in (after the webhook it produced), with the time it started.
 */
export function groupRecords(items: readonly TimelineSummary[]): TimelineRowGroup[] {
  const byId = new Map<number, TimelineSummary>();
  for (const item of items) byId.set(item.id, item);
  const used = new Set<number>();
  const rows: TimelineRowGroup[] = [];
  // Lower ids first, so when two records claim one part (a second copy), the first written wins.
  const ascending = [...items].sort((a, b) => a.id - b.id);
  const partnerOf = new Map<number, TimelineSummary>();
  for (const item of ascending) {
    if (item.relatedId === null || partnerOf.has(item.id)) continue;
    const target = byId.get(item.relatedId);
    if (target === undefined || !completes(item, target) || partnerOf.has(target.id)) continue;
    partnerOf.set(target.id, item);
    partnerOf.set(item.id, target);
  }
  for (const item of ascending) {
    if (used.has(item.id)) continue;
    used.add(item.id);
    const partner = partnerOf.get(item.id);
    if (partner === undefined) {
      const target = item.relatedId === null ? undefined : byId.get(item.relatedId);
      rows.push(single(item, target && { target, partner: partnerOf.get(target.id) }));
      continue;
    }
    used.add(partner.id);
    rows.push(paired(item, partner));
  }
  return rows.sort(newestFirst);
}

// The table draws the rows and the toolbar counts them, from the same list: grouped once per list.
const groupedLists = new WeakMap<readonly TimelineSummary[], TimelineRowGroup[]>();

/** `groupRecords` of a loaded list, computed once however many places ask. */
export function rowGroupsOf(items: readonly TimelineSummary[]): readonly TimelineRowGroup[] {
  let groups = groupedLists.get(items);
  if (groups === undefined) {
    groups = groupRecords(items);
    groupedLists.set(items, groups);
  }
  return groups;
}

/**
 * Whether a record, by its shape alone, is the second part of a happening whose first part was
 * written before it (the navigation's unseen count, which holds no records, counts rows so).
 */
export function isSecondPart(summary: TimelineSummary): boolean {
  if (summary.relatedId === null) return false;
  return summary.kind === 'delivery' || (summary.kind === 'webhook' && summary.provenance !== 'service');
}

/**
 * Whether a new record only completes a row already counted (among `known` records): the
 * delivery after its webhook, the listener's record after its replay. Unseen counts count rows.
 */
export function joinsKnownRow(
  summary: TimelineSummary,
  known: (id: number) => TimelineSummary | undefined,
): boolean {
  if (summary.relatedId === null) return false;
  const target = known(summary.relatedId);
  return target !== undefined && completes(summary, target);
}
