import { describe, expect, it } from 'vitest';
import {
  EMPTY_LIST,
  mergeNewestFirst,
  withFirstPage,
  withLiveRecords,
  withOlderPage,
  withUpdatedRecord,
  type TimelineList,
} from '../../src/renderer/src/features/timeline/timeline-list';
import {
  isSelected,
  NO_SELECTION,
  replaySelectionParams,
  selectedCount,
  selectionParams,
  selectRange,
  toggleSelected,
} from '../../src/renderer/src/features/timeline/timeline-selection';
import {
  hashLink,
  readTimelineLocation,
  timelineParams,
} from '../../src/renderer/src/features/timeline/timeline-url';
import type { EventKind, TimelineSummary } from '../../src/shared/events';
import { timelineSummary } from './helpers/timeline-summary';

const summary = (id: number, extra: Partial<TimelineSummary> = {}): TimelineSummary =>
  timelineSummary(id, new Date(Date.UTC(2026, 0, 15, 10, 0, id)), extra);
const many = (from: number, to: number) =>
  Array.from({ length: from - to + 1 }, (_, index) => summary(from - index));
const ids = (list: TimelineList) => list.items.map((item) => item.id);

describe('the loaded window', () => {
  it('merges by id, newest first, the later copy winning', () => {
    const merged = mergeNewestFirst(
      [summary(5), summary(3)],
      [summary(4), summary(3, { status: 500 }), summary(6)],
    );
    expect(merged.map((item) => item.id)).toEqual([6, 5, 4, 3]);
    expect(merged.find((item) => item.id === 3)?.status).toBe(500);
    expect(
      mergeNewestFirst([summary(2)], [summary(9), summary(7), summary(9)]).map((item) => item.id),
    ).toEqual([9, 7, 2]);
  });

  it('keeps records pushed while the first page loaded, and caps from the bottom', () => {
    const live = withLiveRecords(EMPTY_LIST, [summary(12), summary(11)]).list;
    const list = withFirstPage(live, { items: many(10, 6), nextCursor: 6 }, 4);
    expect(ids(list)).toEqual([12, 11, 10, 9]);
    expect(list.nextCursor).toBe(9);
  });

  it('appends older pages and drops the newest rows beyond the cap, saying how many', () => {
    let list = withFirstPage(EMPTY_LIST, { items: many(10, 8), nextCursor: 8 });
    const second = withOlderPage(list, { items: many(7, 5), nextCursor: 5 }, 5);
    list = second.list;
    expect(ids(list)).toEqual([9, 8, 7, 6, 5]);
    expect(list.trimmedNewer).toBe(true);
    expect(second.shift).toEqual({ at: 0, rows: -1 });
    const last = withOlderPage(list, { items: [], nextCursor: null }, 5);
    expect(last.shift).toBeNull();
    expect(last.list.nextCursor).toBeNull();
    expect(last.list.trimmedNewer).toBe(true);
  });

  it('places live records inside the window only', () => {
    const list: TimelineList = { items: many(10, 6), nextCursor: 6, trimmedNewer: false };
    const change = withLiveRecords(list, [summary(12), summary(11), summary(3)]);
    expect(ids(change.list)).toEqual([12, 11, 10, 9, 8, 7, 6]);
    expect(change.shift).toEqual({ at: 0, rows: 2 });

    const trimmed: TimelineList = { ...list, trimmedNewer: true };
    const above = withLiveRecords(trimmed, [summary(12), summary(8, { status: 404 })]);
    expect(ids(above.list)).toEqual([10, 9, 8, 7, 6]);
    expect(above.list.items[2]?.status).toBe(404);
    expect(above.shift).toBeNull();

    const complete: TimelineList = { items: many(10, 6), nextCursor: null, trimmedNewer: false };
    expect(ids(withLiveRecords(complete, [summary(2)]).list).at(-1)).toBe(2);
  });

  it('replaces, removes and inserts updated records, reporting where rows moved', () => {
    const list: TimelineList = { items: many(10, 6), nextCursor: 6, trimmedNewer: false };
    const replaced = withUpdatedRecord(list, summary(8, { status: 201 }), true);
    expect(replaced.list.items[2]?.status).toBe(201);
    expect(replaced.shift).toBeNull();
    const removed = withUpdatedRecord(list, summary(9), false);
    expect(ids(removed.list)).toEqual([10, 8, 7, 6]);
    expect(removed.shift).toEqual({ at: 1, rows: -1 });
    const gap: TimelineList = { items: [summary(10), summary(8)], nextCursor: 8, trimmedNewer: false };
    const inserted = withUpdatedRecord(gap, summary(9), true);
    expect(ids(inserted.list)).toEqual([10, 9, 8]);
    expect(inserted.shift).toEqual({ at: 1, rows: 1 });
    expect(withUpdatedRecord(gap, summary(9), false).list).toBe(gap);
  });
});

describe('selection', () => {
  const loaded = [9, 8, 7, 6, 5, 4];

  it('toggles rows and selects shift-click ranges from the anchor, in either direction', () => {
    let selection = toggleSelected(NO_SELECTION, 8);
    selection = selectRange(selection, loaded, 5);
    expect([...(selection.mode === 'ids' ? selection.ids : [])].sort()).toEqual([5, 6, 7, 8]);
    selection = selectRange(toggleSelected(selection, 4), loaded, 9);
    expect(selectedCount(selection)).toBe(6);
    selection = toggleSelected(selection, 7);
    expect(isSelected(selection, 7)).toBe(false);
    expect(selectedCount(selection)).toBe(5);
  });

  it('treats a shift-click without a usable anchor as a click', () => {
    expect(selectRange(NO_SELECTION, loaded, 6)).toEqual({ mode: 'ids', ids: new Set([6]), anchor: 6 });
    const stale = { mode: 'ids' as const, ids: new Set([99]), anchor: 99 };
    expect(selectedCount(selectRange(stale, loaded, 6))).toBe(2);
  });

  it('links to other views with ids oldest first, or with the filter when all matching are selected', () => {
    const selection = selectRange(toggleSelected(NO_SELECTION, 9), loaded, 7);
    expect(hashLink('replay', selectionParams(selection, {}))).toBe('#/replay?ids=7,8,9');
    const all = selectionParams(
      { mode: 'all-matching' },
      { kinds: ['webhook'], tokenVerdicts: ['expired'], text: 'REF 1' },
    );
    expect(hashLink('history', all)).toBe('#/history?kind=webhook&verdict=expired&q=REF+1');
    expect(isSelected({ mode: 'all-matching' }, 12345)).toBe(true);
    expect(selectedCount({ mode: 'all-matching' })).toBe('all');
  });
});

// A delivery and the webhook it produced are one row, and ticking it selected both: Replay…
// opened #/replay?ids=51,52 and refused the run ("Record #51 is a delivery, not a webhook").
describe('Replay… on a selection', () => {
  const kinds = new Map<number, EventKind>([
    [51, 'delivery'],
    [52, 'webhook'],
    [60, 'request'],
    [61, 'replay'],
    [62, 'webhook'],
  ]);
  const kindOf = (id: number) => kinds.get(id);
  const ticked = (...ids: number[]) => ({ mode: 'ids' as const, ids: new Set(ids), anchor: null });

  it('takes the received webhooks of the rows ticked, never the delivery or replay beside them', () => {
    expect(replaySelectionParams(ticked(51, 52), {}, kindOf)?.toString()).toBe('ids=52');
    expect(replaySelectionParams(ticked(61, 62, 51, 52), {}, kindOf)?.toString()).toBe('ids=52%2C62');
  });

  it('passes on a record not loaded here, for Replay to judge', () => {
    expect(replaySelectionParams(ticked(51, 999), {}, kindOf)?.toString()).toBe('ids=999');
  });

  it('has nothing to replay when no webhook is ticked', () => {
    expect(replaySelectionParams(ticked(51, 60, 61), {}, kindOf)).toBeNull();
  });

  it('all matching: the filter, which Replay narrows to webhooks itself', () => {
    expect(replaySelectionParams({ mode: 'all-matching' }, { text: 'REF 1' }, kindOf)?.toString()).toBe(
      'q=REF+1',
    );
  });
});

describe('the timeline URL', () => {
  it('round-trips the filter and the open record', () => {
    const params = timelineParams(
      { kinds: ['webhook', 'replay'], statuses: ['4xx', 401], orderId: 'o-1' },
      42,
    );
    expect(params.toString()).toBe('kind=webhook&kind=replay&order=o-1&status=4xx&status=401&id=42');
    expect(readTimelineLocation(params)).toEqual({
      filter: { kinds: ['webhook', 'replay'], statuses: ['4xx', 401], orderId: 'o-1' },
      problems: [],
      openId: 42,
    });
  });

  it('names what it could not read', () => {
    const location = readTimelineLocation(new URLSearchParams('kind=webhok&id=abc&verdict=fine'));
    expect(location.openId).toBeNull();
    expect(location.filter).toEqual({});
    expect(location.problems).toEqual([
      'Unknown kind "webhok".',
      'Unknown verdict "fine".',
      'id must be a record id, not "abc".',
    ]);
  });
});

describe('the timeline URL, as the address writes it', () => {
  it('names an id given twice and opens neither', () => {
    expect(readTimelineLocation('kind=webhook&id=4&id=5')).toEqual({
      filter: { kinds: ['webhook'] },
      problems: ['id is given twice ("4", "5"); it takes one value, so it was ignored.'],
      openId: null,
    });
  });

  it('names a broken escape and searches nothing garbled', () => {
    expect(readTimelineLocation('q=%E0%A4%A&id=4')).toEqual({
      filter: {},
      problems: [
        '"q=%E0%A4%A" cannot be read: "%A" is not a percent-escape (a % takes two hex digits), so it was ignored.',
      ],
      openId: 4,
    });
  });
});
