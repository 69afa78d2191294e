import type { EventFilter } from '@shared/event-filter';
import { EVENT_PAGE_MAX, sameNameNocase } from '@shared/event-filter';
import type { TimelineSummary } from '@shared/events';
import { matchSummary, type ProfileNameOf } from './summary-matches-filter';
import { joinsKnownRow } from './timeline-rows';
import {
  aroundRecord,
  EMPTY_LIST,
  inWindow,
  MAX_ROWS_IN_MEMORY,
  PAGE_SIZE,
  withFirstPage,
  withLiveRecords,
  withNewerPage,
  withOlderPage,
  withUpdatedRecord,
  type ListChange,
  type RowShift,
  type TimelineList,
} from './timeline-list';

export interface TimelineState {
  filter: EventFilter;
  list: TimelineList;
  status: 'idle' | 'loading' | 'ready' | 'error';
  loadingOlder: boolean;
  /** A newer page is on its way (the list was scrolled deep, and back up to its trimmed top). */
  loadingNewer: boolean;
  error: string | null;
  paused: boolean;
  /** Matching records that arrived and are not shown yet (paused, or above a trimmed top). */
  unread: number;
  /** The last change above some row, numbered so the view applies each one once. */
  shift: (RowShift & { seq: number }) | null;
}

/** A `timeline.appended` or `timeline.updated` push. */
export interface PushedRecord {
  type: 'appended' | 'updated';
  summary: TimelineSummary;
}

type PageAnswer = { items: TimelineSummary[]; nextCursor: number | null };

export interface TimelineControllerDeps {
  listEvents(input: {
    filter: EventFilter;
    beforeId?: number;
    afterId?: number;
    limit: number;
  }): Promise<PageAnswer>;
  /** Called with the new state after every change (one call per batch of pushes). */
  publish(state: TimelineState): void;
  describeError?: (error: unknown) => string;
  /** The profiles' current names, for a profile filter (without it main is asked). */
  profileNameOf?: ProfileNameOf;
  pageSize?: number;
  cap?: number;
}

export type TimelineController = ReturnType<typeof createTimelineController>;

const sameFilter = (a: EventFilter, b: EventFilter) => JSON.stringify(a) === JSON.stringify(b);

function combine(a: RowShift | null, b: RowShift | null): RowShift | null {
  if (a === null) return b;
  if (b === null) return a;
  return { at: Math.min(a.at, b.at), rows: a.rows + b.rows };
}

/**
 * The timeline without React: pages through the keyset cursor, takes pushed records in
 * batches (checking each against the filter, see summary-matches-filter.ts), holds them back
 * while paused and counts them, and forgets everything when the filter changes. Every answer
 * that arrives for an older filter (a generation ago) is dropped.
 */
export function createTimelineController(deps: TimelineControllerDeps) {
  const pageSize = deps.pageSize ?? PAGE_SIZE;
  const cap = deps.cap ?? MAX_ROWS_IN_MEMORY;
  const describe = deps.describeError ?? ((error: unknown) => String(error));
  let state: TimelineState = {
    filter: {},
    list: EMPTY_LIST,
    status: 'idle',
    loadingOlder: false,
    loadingNewer: false,
    error: null,
    paused: false,
    unread: 0,
    shift: null,
  };
  let generation = 0;
  let shiftSeq = 0;
  /** Records held back, by id (an update replaces the held copy); beyond the cap only counted. */
  let unseen = new Map<number, TimelineSummary>();
  let unseenDropped = 0;
  let queue: Promise<void> = Promise.resolve();
  /** The first page of the filter shown, until it is answered. */
  let firstPage: Promise<void> = Promise.resolve();
  /** The filtered profile's name the rows were loaded for (undefined: no profile filter, or unknown). */
  let loadedProfileName: string | undefined;
  const filteredProfileName = (filter: EventFilter) =>
    filter.profileId === undefined ? undefined : deps.profileNameOf?.(filter.profileId);

  /** Held records that make a row of their own (a delivery after its webhook only completes one). */
  const unseenRows = (list: TimelineList): number => {
    if (unseen.size === 0) return 0;
    const loaded = new Map(list.items.map((item) => [item.id, item]));
    const known = (id: number) => unseen.get(id) ?? loaded.get(id);
    let rows = 0;
    for (const summary of unseen.values()) if (!joinsKnownRow(summary, known)) rows += 1;
    return rows;
  };

  const set = (patch: Partial<TimelineState>, shift: RowShift | null = null) => {
    const list = patch.list ?? state.list;
    const next = { ...state, ...patch, unread: unseenRows(list) + unseenDropped };
    if (shift !== null && shift.rows !== 0) {
      shiftSeq += 1;
      next.shift = { ...shift, seq: shiftSeq };
    }
    state = next;
    deps.publish(state);
  };

  const hold = (summary: TimelineSummary) => {
    unseen.set(summary.id, summary);
    if (unseen.size > cap) {
      // Too many to keep: resuming reloads the newest page instead of inserting them.
      unseenDropped += unseen.size;
      unseen = new Map();
    }
  };

  async function loadFirstPage(): Promise<void> {
    const current = generation;
    try {
      const page = await deps.listEvents({ filter: state.filter, limit: pageSize });
      if (current !== generation) return;
      set({ list: withFirstPage(state.list, page, cap), status: 'ready', error: null });
    } catch (error) {
      if (current === generation) set({ status: 'error', error: describe(error) });
    }
  }

  function restart(filter: EventFilter): Promise<void> {
    generation += 1;
    loadedProfileName = filteredProfileName(filter);
    unseen = new Map();
    unseenDropped = 0;
    set({
      filter,
      list: EMPTY_LIST,
      status: 'loading',
      loadingOlder: false,
      loadingNewer: false,
      error: null,
    });
    firstPage = loadFirstPage();
    return firstPage;
  }

  /** Which pushed records match the filter: locally where exact, else one listEvents call per chunk. */
  async function matchingIds(records: readonly PushedRecord[], filter: EventFilter): Promise<Set<number>> {
    const matched = new Set<number>();
    const ask: number[] = [];
    for (const { summary } of records) {
      const decision = matchSummary(summary, filter, deps.profileNameOf);
      if (decision === 'match') matched.add(summary.id);
      if (decision === 'ask-main' && !ask.includes(summary.id)) ask.push(summary.id);
    }
    for (let start = 0; start < ask.length; start += EVENT_PAGE_MAX) {
      const ids = ask.slice(start, start + EVENT_PAGE_MAX);
      try {
        const page = await deps.listEvents({ filter: { ...filter, ids }, limit: ids.length });
        for (const item of page.items) matched.add(item.id);
      } catch {
        // Main unreachable: the record is not shown live; the next page load shows it if it matches.
      }
    }
    return matched;
  }

  async function take(records: readonly PushedRecord[]): Promise<void> {
    const current = generation;
    if (state.status === 'idle' || records.length === 0) return;
    const matched = await matchingIds(records, state.filter);
    if (current !== generation) return;
    let list = state.list;
    const unreadBefore = unseen.size + unseenDropped;
    let shift: RowShift | null = null;
    const apply = (change: ListChange) => {
      list = change.list;
      shift = combine(shift, change.shift);
    };
    const heldBack = (id: number) => {
      const first = list.items[0];
      return state.paused || (list.trimmedNewer && first !== undefined && id > first.id);
    };
    let fresh: TimelineSummary[] = [];
    for (const { type, summary } of records) {
      const matches = matched.has(summary.id);
      const present = list.items.some((item) => item.id === summary.id);
      if (unseen.has(summary.id)) {
        if (matches) unseen.set(summary.id, summary);
        else unseen.delete(summary.id);
        continue;
      }
      if (type === 'appended' || !present) {
        if (!matches) continue;
        if (heldBack(summary.id)) hold(summary);
        else fresh.push(summary);
        continue;
      }
      if (fresh.length > 0) {
        apply(withLiveRecords(list, fresh, cap));
        fresh = [];
      }
      apply(withUpdatedRecord(list, summary, matches));
    }
    if (fresh.length > 0) apply(withLiveRecords(list, fresh, cap));
    // Nothing the view shows changed (records for other filters): no new state, no render.
    if (list === state.list && unreadBefore === unseen.size + unseenDropped) return;
    set({ list }, shift);
  }

  /** Shows what was held back: inserted in place, or the newest page again when too much piled up. */
  function reveal(paused: boolean): Promise<void> {
    if (unseenDropped > 0 || state.list.trimmedNewer) {
      state = { ...state, paused };
      return restart(state.filter);
    }
    const change = withLiveRecords(state.list, [...unseen.values()], cap);
    unseen = new Map();
    set({ list: change.list, paused }, change.shift);
    return Promise.resolve();
  }

  return {
    getState: () => state,
    /** Shows the records matching `filter`, newest first (a no-op when it is the filter shown). */
    setFilter(filter: EventFilter): Promise<void> {
      if (state.status !== 'idle' && sameFilter(filter, state.filter)) return Promise.resolve();
      return restart(filter);
    },
    /** Loads the newest page again (after an error, or "back to newest"). */
    reload: (): Promise<void> => restart(state.filter),
    /** The next older page, through the keyset cursor; one at a time. */
    async loadOlder(): Promise<void> {
      const cursor = state.list.nextCursor;
      if (state.status !== 'ready' || state.loadingOlder || cursor === null) return;
      const current = generation;
      set({ loadingOlder: true });
      try {
        const page = await deps.listEvents({ filter: state.filter, beforeId: cursor, limit: pageSize });
        if (current !== generation) return;
        const change = withOlderPage(state.list, page, cap);
        set({ list: change.list, loadingOlder: false, error: null }, change.shift);
      } catch (error) {
        if (current === generation) set({ loadingOlder: false, error: describe(error) });
      }
    },
    /**
     * The page just newer than the top of a list trimmed by scrolling deep (scrolled back up to
     * it); one at a time. Reaching the newest record again, what arrived meanwhile and was held
     * back only for being above the trimmed top joins the list (still held while paused).
     */
    async loadNewer(): Promise<void> {
      const top = state.list.items[0];
      if (state.status !== 'ready' || state.loadingNewer || !state.list.trimmedNewer || top === undefined)
        return;
      const current = generation;
      set({ loadingNewer: true });
      try {
        const page = await deps.listEvents({ filter: state.filter, afterId: top.id, limit: pageSize });
        if (current !== generation) return;
        let change = withNewerPage(state.list, page, pageSize, cap);
        // Held records the page brought are shown by it; no longer counted as new.
        for (const item of page.items) unseen.delete(item.id);
        if (!change.list.trimmedNewer) {
          // The page read everything stored when it was asked: what was only counted is in it.
          unseenDropped = 0;
          if (!state.paused && unseen.size > 0) {
            const live = withLiveRecords(change.list, [...unseen.values()], cap);
            unseen = new Map();
            change = { list: live.list, shift: combine(change.shift, live.shift) };
          }
        }
        set({ list: change.list, loadingNewer: false, error: null }, change.shift);
      } catch (error) {
        if (current === generation) set({ loadingNewer: false, error: describe(error) });
      }
    },
    /**
     * Brings a record opened by a link (History's `#/timeline?id=N`) into the list: when it is
     * neither loaded nor where the loaded pages would hold it, the list is loaded again around it
     * (aroundRecord), so the view can scroll to its row. A record the filter does not show leaves
     * the list as it is.
     */
    async showRecord(id: number): Promise<void> {
      await firstPage;
      const list = state.list;
      if (state.status !== 'ready' || list.items.some((item) => item.id === id) || inWindow(list, id)) return;
      const current = generation;
      try {
        const page = await deps.listEvents({ filter: state.filter, beforeId: id + 1, limit: pageSize });
        if (current !== generation || page.items[0]?.id !== id) return;
        // Pages asked for the list it replaces would land in this one: their answers are dropped.
        generation += 1;
        set({ list: aroundRecord(page), loadingOlder: false, loadingNewer: false, error: null });
      } catch (error) {
        if (current === generation) set({ error: describe(error) });
      }
    },
    /**
     * The profiles' names changed (a rename here or in another process). The database gives a
     * profile the records stored under its current name, so rows loaded under the old one may
     * no longer be its own, nor the missing ones not: under a profile filter whose name changed
     * (beyond NOCASE), the newest page is loaded again, as a reload would show it.
     */
    profileNamesChanged(): Promise<void> {
      const before = loadedProfileName;
      const now = filteredProfileName(state.filter);
      if (state.status === 'idle' || state.filter.profileId === undefined) return Promise.resolve();
      // Unknown until now (the profiles had not arrived): main matched the page by the current name.
      if (before === undefined || (now !== undefined && sameNameNocase(before, now))) {
        loadedProfileName = now;
        return Promise.resolve();
      }
      return restart(state.filter);
    },
    /** A batch of pushes (one per animation frame); batches are taken strictly in order. */
    receive(records: readonly PushedRecord[]): Promise<void> {
      queue = queue.then(() => take(records));
      return queue;
    },
    pause(): void {
      set({ paused: true });
    },
    /** Back to live: everything held back appears. */
    resume: (): Promise<void> => reveal(false),
    /** Shows what was held back and stays paused. */
    showUnread: (): Promise<void> => reveal(true),
  };
}
