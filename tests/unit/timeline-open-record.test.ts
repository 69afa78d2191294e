import { describe, expect, it } from 'vitest';
import {
  createTimelineController,
  type TimelineControllerDeps,
} from '../../src/renderer/src/features/timeline/timeline-controller';
import type { EventFilter } from '../../src/shared/event-filter';
import type { TimelineSummary } from '../../src/shared/events';

// A record opened by a link (History's `#/timeline?id=N`) opened its detail, while the list stayed
// at its newest page: the record's row was not loaded, so nothing could scroll to it or mark it.

/** Records 1..1000, every third a webhook (the rest requests); pages as events-query answers them. */
const STORED = Array.from({ length: 1000 }, (_, index) => {
  const id = 1000 - index;
  return { id, kind: id % 3 === 0 ? 'webhook' : 'request' } as unknown as TimelineSummary;
});

function controllerOverStored() {
  const calls: Parameters<TimelineControllerDeps['listEvents']>[0][] = [];
  const matches = (filter: EventFilter, item: TimelineSummary) =>
    filter.kinds === undefined || filter.kinds.includes(item.kind);
  const controller = createTimelineController({
    pageSize: 50,
    publish: () => undefined,
    async listEvents(input) {
      calls.push(input);
      const { beforeId, afterId, limit } = input;
      const found = STORED.filter(
        (item) =>
          matches(input.filter, item) &&
          (beforeId === undefined || item.id < beforeId) &&
          (afterId === undefined || item.id > afterId),
      );
      const items = afterId === undefined ? found.slice(0, limit) : found.slice(-limit);
      const last = items.at(-1);
      return { items, nextCursor: items.length === limit && last !== undefined ? last.id : null };
    },
  });
  return { controller, calls };
}

const ids = (items: readonly TimelineSummary[]) => items.map((item) => item.id);

describe('a record opened by a link', () => {
  it('loads the list around a record older than the loaded pages, the record at its top', async () => {
    const { controller } = controllerOverStored();
    await controller.setFilter({});
    expect(controller.getState().list.items[0]?.id).toBe(1000);
    await controller.showRecord(300);
    const { list } = controller.getState();
    expect(ids(list.items).slice(0, 3)).toEqual([300, 299, 298]);
    // Newer records are above it, loaded as the list is scrolled up (as after scrolling deep).
    expect(list.trimmedNewer).toBe(true);
    expect(list.nextCursor).toBe(251);
    await controller.loadNewer();
    expect(ids(controller.getState().list.items).slice(0, 2)).toEqual([350, 349]);
  });

  it('asks nothing when the record is loaded, or when the filter does not show it', async () => {
    const { controller, calls } = controllerOverStored();
    await controller.setFilter({ kinds: ['webhook'] });
    const before = controller.getState().list;
    calls.length = 0;
    await controller.showRecord(999);
    expect(calls).toEqual([]);
    // Older than the loaded webhooks and not one: read once, and the list stays as it was.
    await controller.showRecord(301);
    expect(calls).toHaveLength(1);
    expect(controller.getState().list).toBe(before);
  });

  it('waits for the first page when the link opens the Timeline', async () => {
    const { controller } = controllerOverStored();
    const first = controller.setFilter({});
    const shown = controller.showRecord(20);
    await Promise.all([first, shown]);
    expect(controller.getState().list.items[0]?.id).toBe(20);
  });
});
