import { filterToParams } from '@shared/event-filter-params';
import type { EventFilter } from '@shared/event-filter';
import type { EventKind } from '@shared/events';

/**
 * Which records the person picked: some by id (checkboxes, shift-click ranges over the loaded
 * rows), or every record matching the filter — including those not loaded, which is why that
 * case is kept as the filter and never as a list of ids.
 */
export type TimelineSelection =
  { mode: 'ids'; ids: ReadonlySet<number>; anchor: number | null } | { mode: 'all-matching' };

export const NO_SELECTION: TimelineSelection = { mode: 'ids', ids: new Set(), anchor: null };

export function isSelected(selection: TimelineSelection, id: number): boolean {
  return selection.mode === 'all-matching' || selection.ids.has(id);
}

export function selectedCount(selection: TimelineSelection): number | 'all' {
  return selection.mode === 'all-matching' ? 'all' : selection.ids.size;
}

/** A checkbox click: toggles one row and makes it the anchor of the next shift-click. */
export function toggleSelected(selection: TimelineSelection, id: number): TimelineSelection {
  const ids = new Set(selection.mode === 'ids' ? selection.ids : []);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { mode: 'ids', ids, anchor: id };
}

/** A row of several records (a delivery and its webhook): all of them, or none. */
export function toggleAllSelected(selection: TimelineSelection, ids: readonly number[]): TimelineSelection {
  const current = new Set(selection.mode === 'ids' ? selection.ids : []);
  const all = ids.every((id) => current.has(id));
  for (const id of ids) {
    if (all) current.delete(id);
    else current.add(id);
  }
  return { mode: 'ids', ids: current, anchor: ids[0] ?? null };
}

/**
 * A shift-click: selects every loaded row between the anchor and this one (inclusive), adding
 * to what was selected. Without an anchor (or when it is no longer loaded) it toggles one row.
 */
export function selectRange(
  selection: TimelineSelection,
  orderedIds: readonly number[],
  id: number,
): TimelineSelection {
  if (selection.mode !== 'ids' || selection.anchor === null) return toggleSelected(selection, id);
  const from = orderedIds.indexOf(selection.anchor);
  const to = orderedIds.indexOf(id);
  if (from === -1 || to === -1) return toggleSelected(selection, id);
  const ids = new Set(selection.ids);
  for (const picked of orderedIds.slice(Math.min(from, to), Math.max(from, to) + 1)) ids.add(picked);
  return { mode: 'ids', ids, anchor: id };
}

/**
 * The link parameters for acting on a selection in another view (`#/replay?…`, `#/history?…`):
 * `ids=1,2,3` oldest first (the order things happened), or the filter's own parameters when
 * everything matching is selected.
 */
export function selectionParams(selection: TimelineSelection, filter: EventFilter): URLSearchParams {
  if (selection.mode === 'all-matching') return filterToParams(filter);
  const ids = [...selection.ids].sort((a, b) => a - b);
  return new URLSearchParams({ ids: ids.join(',') });
}

/** The ids Replay… passes on: a received webhook, or a record whose kind is not known here. */
const webhookIdsOf = (ids: ReadonlySet<number>, kindOf: (id: number) => EventKind | undefined): number[] =>
  [...ids].filter((id) => (kindOf(id) ?? 'webhook') === 'webhook');

/** How many of the ids ticked Replay… would take, for the selection bar to say beside them. */
export const selectedWebhooks = (
  ids: ReadonlySet<number>,
  kindOf: (id: number) => EventKind | undefined,
): number => webhookIdsOf(ids, kindOf).length;

/**
 * The link parameters for Replay…: as selectionParams, but of what is selected by id only the
 * received webhooks. A row is a happening (an emulator's delivery and the webhook it produced,
 * a replay and its arrival), and its checkbox selects every part, while only a webhook is
 * replayed: passed whole, the delivery refused the run. A record whose kind is not known here
 * (not loaded) is passed on for Replay to judge. Null when nothing selected is a webhook.
 */
export function replaySelectionParams(
  selection: TimelineSelection,
  filter: EventFilter,
  kindOf: (id: number) => EventKind | undefined,
): URLSearchParams | null {
  if (selection.mode === 'all-matching') return selectionParams(selection, filter);
  const webhooks = webhookIdsOf(selection.ids, kindOf);
  if (webhooks.length === 0) return null;
  return selectionParams({ ...selection, ids: new Set(webhooks) }, filter);
}
