import type { EventFilter } from '@shared/event-filter';
import { filterFromParams } from '@shared/event-filter-params';

/** What `#/replay?…` selects: the timeline's selection (ids) or its filter, webhooks only. */
/** `query`: the address's query as written, or params made by code. */
export function replaySelection(query: string | URLSearchParams): {
  ids?: number[];
  filter?: EventFilter;
  problems: string[];
} {
  const { filter, problems } = filterFromParams(query);
  if (filter.ids !== undefined && filter.ids.length > 0) return { ids: filter.ids, problems };
  return { filter: { ...filter, kinds: ['webhook'] }, problems };
}

/**
 * One selection's identity, for what the Replay form keeps of it (the edited body, a run's
 * progress): the same webhooks chosen the same way give the same key.
 */
export function replaySelectionKey(selection: { ids?: number[]; filter?: EventFilter }): string {
  // The filter's fields in one order, those given only: main gives back a run's filter as its
  // schema reads it (replayRuns), in another order than the address's.
  const filter =
    selection.filter === undefined
      ? undefined
      : Object.fromEntries(
          Object.entries(selection.filter)
            .filter(([, value]) => value !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        );
  return JSON.stringify({ ids: selection.ids, filter });
}
