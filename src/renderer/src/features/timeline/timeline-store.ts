import { create } from 'zustand';
import type { EventFilter } from '@shared/event-filter';
import { bridge } from '@bridge';
import { errorMessage } from '@bridge/bridge-error';
import { useProfilesStore } from '@features/profiles';
import { createTimelineController, type TimelineState } from './timeline-controller';
import { groupRecords } from './timeline-rows';
import { NO_SELECTION, selectRange, toggleAllSelected, type TimelineSelection } from './timeline-selection';

interface TimelineStore extends TimelineState {
  selection: TimelineSelection;
  /** How many records "all matching" covers (counted when chosen); null while unknown. */
  matchingCount: number | null;
}

const controller = createTimelineController({
  listEvents: (input) => bridge.listEvents(input),
  publish: (state) => useTimelineStore.setState(state),
  describeError: errorMessage,
  // Before the profiles arrive no name is known, and main answers for a profile filter.
  profileNameOf: (id) => {
    const { loaded, profiles } = useProfilesStore.getState();
    return loaded ? profiles.find((profile) => profile.id === id)?.name : undefined;
  },
});

/** The timeline as the view shows it: the controller's state plus the selection. */
export const useTimelineStore = create<TimelineStore>(() => ({
  ...controller.getState(),
  selection: NO_SELECTION,
  matchingCount: null,
}));

export const timelineController = controller;

function sameFilter(a: EventFilter, b: EventFilter): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export const timelineActions = {
  /**
   * Shows `filter` (from the URL); a different filter starts a fresh selection. `fresh` loads
   * the newest page even when the filter is the one shown (the view was away and missed pushes).
   */
  showFilter(filter: EventFilter, fresh = false): void {
    const same = sameFilter(filter, useTimelineStore.getState().filter);
    if (!same) useTimelineStore.setState({ selection: NO_SELECTION, matchingCount: null });
    void (same && fresh ? controller.reload() : controller.setFilter(filter));
  },
  /** A row's checkbox: every record of the row (a delivery and its webhook are one row). */
  toggle(ids: readonly number[]): void {
    useTimelineStore.setState((state) => ({ selection: toggleAllSelected(state.selection, ids) }));
  },
  /** A shift-click: the rows between the anchor and this one, in the order they are shown. */
  selectRangeTo(ids: readonly number[]): void {
    useTimelineStore.setState((state) => {
      const ordered = groupRecords(state.list.items).flatMap((row) => row.parts.map((part) => part.id));
      const [first] = ids;
      if (first === undefined) return {};
      const ranged = selectRange(state.selection, ordered, first);
      if (ranged.mode !== 'ids') return { selection: ranged };
      return { selection: { ...ranged, ids: new Set([...ranged.ids, ...ids]) } };
    });
  },
  async selectAllMatching(): Promise<void> {
    const filter = useTimelineStore.getState().filter;
    useTimelineStore.setState({ selection: { mode: 'all-matching' }, matchingCount: null });
    const { count } = await bridge.countEvents({ filter });
    if (sameFilter(filter, useTimelineStore.getState().filter))
      useTimelineStore.setState({ matchingCount: count });
  },
  /** How many stored records a filter matches (an empty list's filters, counted one by one). */
  countMatching: (filter: EventFilter): Promise<number> =>
    bridge.countEvents({ filter }).then((result) => result.count),
  /**
   * The profiles' names changed: under a profile filter whose name changed the rows are loaded
   * again (the controller's profileNamesChanged), and "all matching" counted again with them.
   */
  async profileNamesChanged(): Promise<void> {
    const before = useTimelineStore.getState().list;
    await controller.profileNamesChanged();
    if (useTimelineStore.getState().list === before) return;
    if (useTimelineStore.getState().selection.mode === 'all-matching')
      await timelineActions.selectAllMatching();
  },
  clearSelection(): void {
    useTimelineStore.setState({ selection: NO_SELECTION, matchingCount: null });
  },
};
