import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import type { NewEvent } from '../../src/main/store/events-repository';
import { createPushBatcher } from '../../src/renderer/src/features/timeline/push-batcher';
import {
  createTimelineController,
  type PushedRecord,
  type TimelineState,
} from '../../src/renderer/src/features/timeline/timeline-controller';
import type { EventFilter } from '../../src/shared/event-filter';
import { openTempConsole } from './helpers/temp-console';

let core: ConsoleCore;
let dispose: () => Promise<void>;
let published: TimelineState[];
let listCalls: { filter: EventFilter; beforeId?: number; afterId?: number; limit: number }[];

/** The controller wired to a real console: pages from events-query, pushes from the recorder. */
function wire(
  options: { pageSize?: number; cap?: number; profileNameOf?: (id: number) => string | undefined } = {},
) {
  const controller = createTimelineController({
    ...options,
    publish: (state) => published.push(state),
    listEvents: async (input) => {
      listCalls.push(input);
      return core.eventsQuery.page(input.filter, {
        beforeId: input.beforeId,
        afterId: input.afterId,
        limit: input.limit,
      });
    },
  });
  const frames: (() => void)[] = [];
  const batcher = createPushBatcher<PushedRecord>(
    (run) => {
      frames.push(run);
      return () => frames.splice(frames.indexOf(run), 1);
    },
    (batch) => void controller.receive(batch),
  );
  core.bus.subscribe((event) => {
    if (event.name === 'timeline.appended') batcher.push({ type: 'appended', summary: event.payload });
    if (event.name === 'timeline.updated') batcher.push({ type: 'updated', summary: event.payload });
  });
  /** Runs the pending animation frame and waits for the controller to take the batch. */
  const nextFrame = async () => {
    frames.shift()?.();
    await controller.receive([]);
  };
  return { controller, nextFrame, frames };
}

const webhook = (extra: Partial<NewEvent> = {}): NewEvent => ({
  kind: 'webhook',
  method: 'POST',
  path: '/hooks',
  status: 200,
  tokenVerdict: 'valid',
  bodyVerdict: 'event',
  ...extra,
});
const ids = (state: TimelineState) => state.list.items.map((item) => item.id);
const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, index) => from - index);

beforeEach(async () => {
  ({ core, dispose } = await openTempConsole());
  published = [];
  listCalls = [];
});
afterEach(() => dispose());

describe('pages through the keyset cursor', () => {
  it('loads the newest page first, then older pages on demand, never more than the cap', async () => {
    core.recorder.recordMany(Array.from({ length: 1200 }, () => webhook()));
    const { controller } = wire({ pageSize: 100, cap: 500 });
    await controller.setFilter({});
    expect(ids(controller.getState())).toEqual(range(1200, 1101));
    expect(controller.getState().list.nextCursor).toBe(1101);

    for (let page = 0; page < 4; page += 1) await controller.loadOlder();
    expect(ids(controller.getState())).toEqual(range(1200, 701));
    expect(controller.getState().list.trimmedNewer).toBe(false);

    await controller.loadOlder();
    const state = controller.getState();
    expect(state.list.items).toHaveLength(500);
    expect(ids(state)).toEqual(range(1100, 601));
    expect(state.list.trimmedNewer).toBe(true);
    expect(state.shift).toMatchObject({ at: 0, rows: -100 });
    expect(listCalls.map((call) => call.beforeId)).toEqual([undefined, 1101, 1001, 901, 801, 701]);
    expect(listCalls.every((call) => call.limit === 100)).toBe(true);

    for (let page = 0; page < 10; page += 1) await controller.loadOlder();
    expect(controller.getState().list.nextCursor).toBeNull();
    expect(ids(controller.getState()).at(-1)).toBe(1);
    // The twelfth page was full, so the cursor asked once more and found the end.
    expect(listCalls).toHaveLength(13);
  });

  it('loads one older page at a time, and drops answers that arrive for a filter no longer shown', async () => {
    core.recorder.recordMany([
      ...Array.from({ length: 30 }, () => webhook()),
      ...Array.from({ length: 30 }, () => webhook({ kind: 'request' })),
    ]);
    const { controller } = wire({ pageSize: 10 });
    await controller.setFilter({});
    const first = controller.loadOlder();
    const second = controller.loadOlder();
    await Promise.all([first, second]);
    expect(listCalls).toHaveLength(2);

    const stale = controller.loadOlder();
    const switched = controller.setFilter({ kinds: ['webhook'] });
    await Promise.all([stale, switched]);
    expect(ids(controller.getState())).toEqual(range(30, 21));
    expect(controller.getState().filter).toEqual({ kinds: ['webhook'] });
  });

  it('says what went wrong when a page cannot be loaded, and can try again', async () => {
    let fail = true;
    const controller = createTimelineController({
      publish: (state) => published.push(state),
      describeError: (error) => `failed: ${String(error)}`,
      listEvents: async (input) => {
        if (fail) throw new Error('socket closed');
        return core.eventsQuery.page(input.filter, { limit: input.limit });
      },
    });
    await controller.setFilter({});
    expect(controller.getState()).toMatchObject({ status: 'error', error: 'failed: Error: socket closed' });
    fail = false;
    await controller.reload();
    expect(controller.getState()).toMatchObject({ status: 'ready', error: null });
  });
});

describe('live records', () => {
  it('shows pushed records newest first after one frame, and batches a burst into one change', async () => {
    core.recorder.recordMany(Array.from({ length: 5 }, () => webhook()));
    const { controller, nextFrame, frames } = wire();
    await controller.setFilter({});
    const before = published.length;
    for (let index = 0; index < 100; index += 1) core.recorder.record(webhook());
    expect(frames).toHaveLength(1);
    expect(published.length).toBe(before);
    await nextFrame();
    expect(published.length).toBe(before + 1);
    const state = controller.getState();
    expect(ids(state)).toEqual(range(105, 1));
    expect(state.shift).toMatchObject({ at: 0, rows: 100 });
  });

  it('keeps records that do not match the filter out, and checks free text with main in one call', async () => {
    const { controller, nextFrame } = wire();
    await controller.setFilter({ kinds: ['webhook'], text: 'kettle' });
    listCalls = [];
    core.recorder.record(webhook({ requestBody: Buffer.from('{"item":"blue kettle"}') }));
    core.recorder.record(webhook({ requestBody: Buffer.from('{"item":"teapot"}') }));
    core.recorder.record(webhook({ kind: 'request', requestBody: Buffer.from('kettle') }));
    core.recorder.record(webhook({ requestBody: Buffer.from('kettles everywhere') }));
    await nextFrame();
    expect(ids(controller.getState())).toEqual([4, 1]);
    expect(listCalls).toEqual([{ filter: { kinds: ['webhook'], text: 'kettle', ids: [1, 2, 4] }, limit: 3 }]);

    await controller.setFilter({ tokenVerdicts: ['expired'] });
    listCalls = [];
    core.recorder.record(webhook({ tokenVerdict: 'expired' }));
    core.recorder.record(webhook());
    await nextFrame();
    expect(ids(controller.getState())).toEqual([5]);
    expect(listCalls).toEqual([]);
  });

  it('adds a record once an update makes it match, and removes one an update makes not match', async () => {
    const { controller, nextFrame } = wire();
    await controller.setFilter({ statuses: ['2xx'] });
    const pending = core.recorder.record(webhook({ kind: 'request', status: null }));
    await nextFrame();
    expect(ids(controller.getState())).toEqual([]);
    core.recorder.update(pending.id, { status: 201 });
    await nextFrame();
    expect(ids(controller.getState())).toEqual([pending.id]);
    expect(controller.getState().list.items[0]?.status).toBe(201);

    core.recorder.update(pending.id, { status: 500 });
    await nextFrame();
    expect(ids(controller.getState())).toEqual([]);
  });

  it('holds records back while paused, counting them, and shows them on click or on resume', async () => {
    core.recorder.record(webhook());
    const { controller, nextFrame } = wire();
    await controller.setFilter({ kinds: ['webhook'] });
    controller.pause();
    for (let index = 0; index < 3; index += 1) core.recorder.record(webhook());
    core.recorder.record(webhook({ kind: 'request' }));
    await nextFrame();
    expect(controller.getState()).toMatchObject({ paused: true, unread: 3 });
    expect(ids(controller.getState())).toEqual([1]);

    core.recorder.update(2, { tokenVerdict: 'expired' });
    core.recorder.record(webhook());
    await nextFrame();
    expect(controller.getState().unread).toBe(4);

    await controller.showUnread();
    expect(controller.getState()).toMatchObject({ paused: true, unread: 0 });
    expect(ids(controller.getState())).toEqual([6, 4, 3, 2, 1]);
    expect(controller.getState().list.items.find((item) => item.id === 2)?.tokenVerdict).toBe('expired');

    core.recorder.record(webhook());
    await nextFrame();
    expect(controller.getState().unread).toBe(1);
    await controller.resume();
    expect(controller.getState()).toMatchObject({ paused: false, unread: 0 });
    expect(ids(controller.getState())[0]).toBe(7);
  });

  it('reloads the newest page on resume when more piled up than it keeps', async () => {
    const { controller, nextFrame } = wire({ cap: 20, pageSize: 10 });
    await controller.setFilter({});
    controller.pause();
    core.recorder.recordMany(Array.from({ length: 25 }, () => webhook()));
    await nextFrame();
    expect(controller.getState().unread).toBe(25);
    listCalls = [];
    await controller.resume();
    expect(listCalls).toHaveLength(1);
    expect(ids(controller.getState())).toEqual(range(25, 16));
  });

  it('pushes the oldest rows out beyond the cap; scrolling down brings them back through the cursor', async () => {
    const { controller, nextFrame } = wire({ cap: 50, pageSize: 20 });
    await controller.setFilter({});
    core.recorder.recordMany(Array.from({ length: 60 }, () => webhook()));
    await nextFrame();
    expect(ids(controller.getState())).toEqual(range(60, 11));
    expect(controller.getState().list.nextCursor).toBe(11);
    await controller.loadOlder();
    expect(ids(controller.getState()).at(-1)).toBe(1);
  });

  it('counts live records above a trimmed top instead of inserting them', async () => {
    core.recorder.recordMany(Array.from({ length: 40 }, () => webhook()));
    const { controller, nextFrame } = wire({ cap: 20, pageSize: 10 });
    await controller.setFilter({});
    await controller.loadOlder();
    await controller.loadOlder();
    expect(controller.getState().list.trimmedNewer).toBe(true);
    core.recorder.record(webhook());
    await nextFrame();
    expect(controller.getState().unread).toBe(1);
    expect(ids(controller.getState())[0]).toBe(30);
    await controller.resume();
    expect(ids(controller.getState())[0]).toBe(41);
    expect(controller.getState().list.trimmedNewer).toBe(false);
  });
});

// Scrolled past the cap, the newest rows were dropped and scrolling back up never brought them
// back (only "Back to newest", which lost the place): the top loads them again a page at a time.
describe('a list trimmed by scrolling deep', () => {
  it('takes its newer rows back a page at a time as it is scrolled up, and is the newest again at the end', async () => {
    core.recorder.recordMany(Array.from({ length: 100 }, () => webhook()));
    const { controller } = wire({ cap: 30, pageSize: 10 });
    await controller.setFilter({});
    for (let page = 0; page < 5; page += 1) await controller.loadOlder();
    expect(ids(controller.getState())).toEqual(range(70, 41));
    expect(controller.getState().list.trimmedNewer).toBe(true);

    await controller.loadNewer();
    let state = controller.getState();
    expect(ids(state)).toEqual(range(80, 51));
    expect(state.list.trimmedNewer).toBe(true);
    expect(state.list.nextCursor).toBe(51);
    expect(state.shift).toMatchObject({ at: 0, rows: 10 });
    expect(listCalls.at(-1)).toMatchObject({ afterId: 70, limit: 10 });

    await controller.loadNewer();
    await controller.loadNewer();
    state = controller.getState();
    expect(ids(state)).toEqual(range(100, 71));
    // The last page was full: one more ask finds nothing newer, and the top is the newest.
    expect(state.list.trimmedNewer).toBe(true);
    await controller.loadNewer();
    expect(controller.getState().list.trimmedNewer).toBe(false);
    expect(ids(controller.getState())).toEqual(range(100, 71));

    // Older rows dropped from the bottom come back through the cursor.
    await controller.loadOlder();
    expect(ids(controller.getState()).at(-1)).toBe(61);
  });

  it('reaching the newest again shows what arrived meanwhile, no longer counted as new', async () => {
    core.recorder.recordMany(Array.from({ length: 40 }, () => webhook()));
    const { controller, nextFrame } = wire({ cap: 20, pageSize: 10 });
    await controller.setFilter({});
    await controller.loadOlder();
    await controller.loadOlder();
    expect(ids(controller.getState())[0]).toBe(30);
    core.recorder.recordMany([webhook(), webhook()]);
    await nextFrame();
    expect(controller.getState().unread).toBe(2);

    await controller.loadNewer();
    await controller.loadNewer();
    const state = controller.getState();
    expect(state.list.trimmedNewer).toBe(false);
    expect(ids(state).slice(0, 3)).toEqual([42, 41, 40]);
    expect(state.unread).toBe(0);
    // Live again: the next record lands on top.
    core.recorder.record(webhook());
    await nextFrame();
    expect(ids(controller.getState())[0]).toBe(43);
  });

  it('asks for nothing while the top is the newest', async () => {
    core.recorder.recordMany(Array.from({ length: 15 }, () => webhook()));
    const { controller } = wire({ cap: 20, pageSize: 10 });
    await controller.setFilter({});
    const calls = listCalls.length;
    await controller.loadNewer();
    expect(listCalls).toHaveLength(calls);
  });
});

describe('a profile filter', () => {
  it('loads its rows again when the filtered profile is renamed, and not for a rename NOCASE reads as the same', async () => {
    const nameOf = (id: number) =>
      core.profiles.snapshot().profiles.find((profile) => profile.id === id)?.name;
    const rename = (name: string) =>
      core.profiles.update(
        1,
        { name },
        { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } },
      );
    const { controller, nextFrame } = wire({ profileNameOf: nameOf });
    await controller.setFilter({ profileId: 1 });
    core.recorder.record(webhook({ profileId: 1, profileName: 'Local' }));
    await nextFrame();
    expect(ids(controller.getState())).toEqual([1]);

    listCalls = [];
    rename('LOCAL');
    await controller.profileNamesChanged();
    expect(listCalls).toEqual([]);

    // A reload would show only the records stored under the new name: so does the live list.
    rename('Foo');
    await controller.profileNamesChanged();
    expect(listCalls).toEqual([{ filter: { profileId: 1 }, limit: 200 }]);
    expect(ids(controller.getState())).toEqual([]);
    core.recorder.record(webhook({ profileId: 1, profileName: 'Foo' }));
    await nextFrame();
    expect(ids(controller.getState())).toEqual([2]);

    // Another filter's rows do not depend on the names.
    await controller.setFilter({ kinds: ['webhook'] });
    listCalls = [];
    rename('Bar');
    await controller.profileNamesChanged();
    expect(listCalls).toEqual([]);
  });
});

describe('the push batcher', () => {
  it('hands a burst over once per frame, flushes on demand, and stops after dispose', () => {
    const delivered: number[][] = [];
    const scheduled: (() => void)[] = [];
    const cancel = vi.fn();
    const batcher = createPushBatcher<number>(
      (run) => {
        scheduled.push(run);
        return cancel;
      },
      (batch) => delivered.push(batch),
    );
    for (let index = 0; index < 100; index += 1) batcher.push(index);
    expect(scheduled).toHaveLength(1);
    scheduled[0]?.();
    expect(delivered).toEqual([Array.from({ length: 100 }, (_, index) => index)]);
    batcher.push(100);
    expect(scheduled).toHaveLength(2);
    batcher.flush();
    expect(delivered.at(-1)).toEqual([100]);
    batcher.push(101);
    batcher.dispose();
    expect(cancel).toHaveBeenCalled();
    batcher.push(102);
    batcher.flush();
    expect(delivered).toHaveLength(2);
  });
});
