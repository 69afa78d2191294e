import type { TimelineSummary } from '@shared/events';

/**
 * The part of the timeline the window holds: a window of summaries, newest first, loaded a
 * keyset page at a time. Never every row: at most `cap` summaries (about 1 KB each) stay in
 * memory; scrolling deeper drops the newest ones (and says so; scrolling back up loads them
 * again), live records beyond the cap push the oldest out (they come back through the cursor
 * when scrolled to).
 */
export interface TimelineList {
  items: readonly TimelineSummary[];
  /** `beforeId` of the next older page; null once the oldest matching record is loaded. */
  nextCursor: number | null;
  /** Newer records were dropped to stay within the cap: the top of the list is not the newest. */
  trimmedNewer: boolean;
}

export const PAGE_SIZE = 200;
export const MAX_ROWS_IN_MEMORY = 10_000;

export const EMPTY_LIST: TimelineList = { items: [], nextCursor: null, trimmedNewer: false };

/**
 * Rows inserted (positive) or removed (negative) at index `at`, so the view can keep the rows
 * a person is reading in place when the change happens above them.
 */
export interface RowShift {
  at: number;
  rows: number;
}

export interface ListChange {
  list: TimelineList;
  shift: RowShift | null;
}

const unchanged = (list: TimelineList): ListChange => ({ list, shift: null });

function byIdDescending(a: TimelineSummary, b: TimelineSummary): number {
  return b.id - a.id;
}

/** Union by id (the later copy wins: it is the fresher summary), newest first. */
export function mergeNewestFirst(
  existing: readonly TimelineSummary[],
  incoming: readonly TimelineSummary[],
): TimelineSummary[] {
  const byId = new Map<number, TimelineSummary>();
  for (const item of incoming) byId.set(item.id, item);
  const fresh = [...byId.values()].sort(byIdDescending);
  const first = existing[0];
  // The common case, live records all newer than the list: no need to sort 10,000 rows again.
  if (first === undefined || (fresh.at(-1)?.id ?? Infinity) > first.id) return [...fresh, ...existing];
  const merged = new Map<number, TimelineSummary>();
  for (const item of existing) merged.set(item.id, item);
  for (const item of fresh) merged.set(item.id, item);
  return [...merged.values()].sort(byIdDescending);
}

/** Keeps the newest `cap` rows; what falls off the bottom is reloaded through the cursor later. */
function capFromBottom(items: TimelineSummary[], nextCursor: number | null, cap: number): TimelineList {
  if (items.length <= cap) return { items, nextCursor, trimmedNewer: false };
  const kept = items.slice(0, cap);
  return { items: kept, nextCursor: kept.at(-1)?.id ?? null, trimmedNewer: false };
}

/**
 * The first (newest) page. Records pushed while it was loading are already in `current`; they
 * are newer than the page, so both are kept.
 */
export function withFirstPage(
  current: TimelineList,
  page: { items: readonly TimelineSummary[]; nextCursor: number | null },
  cap = MAX_ROWS_IN_MEMORY,
): TimelineList {
  return capFromBottom(mergeNewestFirst(current.items, page.items), page.nextCursor, cap);
}

/** An older page appended below; beyond the cap the newest rows are dropped from the top. */
export function withOlderPage(
  current: TimelineList,
  page: { items: readonly TimelineSummary[]; nextCursor: number | null },
  cap = MAX_ROWS_IN_MEMORY,
): ListChange {
  const items = mergeNewestFirst(current.items, page.items);
  const excess = items.length - cap;
  if (excess <= 0) {
    return { list: { items, nextCursor: page.nextCursor, trimmedNewer: current.trimmedNewer }, shift: null };
  }
  return {
    list: { items: items.slice(excess), nextCursor: page.nextCursor, trimmedNewer: true },
    shift: { at: 0, rows: -excess },
  };
}

/**
 * The list around one record (a link opened it): the page of `limit` from it down, newer ones
 * above it left to be loaded as the list is scrolled up, as after scrolling deep.
 */
export function aroundRecord(page: {
  items: readonly TimelineSummary[];
  nextCursor: number | null;
}): TimelineList {
  return { items: page.items, nextCursor: page.nextCursor, trimmedNewer: true };
}

/**
 * A newer page (the `limit` records just newer than the top of a trimmed list) placed on top:
 * scrolling back up takes back what scrolling down dropped. A page shorter than asked reached
 * the newest record, so the top is the newest again; beyond the cap the oldest rows are dropped
 * (they come back through the cursor).
 */
export function withNewerPage(
  current: TimelineList,
  page: { items: readonly TimelineSummary[] },
  limit: number,
  cap = MAX_ROWS_IN_MEMORY,
): ListChange {
  const present = new Set(current.items.map((item) => item.id));
  const added = page.items.filter((item) => !present.has(item.id)).length;
  const capped = capFromBottom(mergeNewestFirst(current.items, page.items), current.nextCursor, cap);
  return {
    list: { ...capped, trimmedNewer: page.items.length >= limit },
    shift: added === 0 ? null : { at: 0, rows: added },
  };
}

/**
 * Whether a record with this id falls inside the loaded window: above the oldest loaded row
 * (or anywhere, once everything older is loaded), and not above a trimmed top.
 */
export function inWindow(list: TimelineList, id: number): boolean {
  const first = list.items[0];
  const last = list.items.at(-1);
  if (list.trimmedNewer && first !== undefined && id > first.id) return false;
  return list.nextCursor === null || last === undefined || id > last.id;
}

/**
 * Live records (already known to match the filter) placed by id. Those that belong above a
 * trimmed top are left out (the view offers "back to newest" for them).
 */
export function withLiveRecords(
  current: TimelineList,
  records: readonly TimelineSummary[],
  cap = MAX_ROWS_IN_MEMORY,
): ListChange {
  const present = new Set(current.items.map((item) => item.id));
  const accepted = records.filter((record) => present.has(record.id) || inWindow(current, record.id));
  if (accepted.length === 0) return unchanged(current);
  const added = new Set(accepted.filter((record) => !present.has(record.id)).map((record) => record.id));
  const merged = mergeNewestFirst(current.items, accepted);
  const capped = capFromBottom(merged, current.nextCursor, cap);
  const at = capped.items.findIndex((item) => added.has(item.id));
  return {
    list: { ...capped, trimmedNewer: current.trimmedNewer },
    // Usually every new record lands on top (at 0); an update that now matches lands where its id is.
    shift: at === -1 ? null : { at, rows: added.size },
  };
}

/**
 * A record that changed (a response arrived, a verdict was reached): replaced where it is,
 * removed when it no longer matches the filter, added when it now does and falls in the window.
 */
export function withUpdatedRecord(
  current: TimelineList,
  record: TimelineSummary,
  matches: boolean,
): ListChange {
  const index = current.items.findIndex((item) => item.id === record.id);
  if (index === -1) return matches ? withLiveRecords(current, [record]) : unchanged(current);
  const items = [...current.items];
  if (matches) {
    items[index] = record;
    return { list: { ...current, items }, shift: null };
  }
  items.splice(index, 1);
  return { list: { ...current, items }, shift: { at: index, rows: -1 } };
}
