import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReplayProgress, ReplayRun, ReplayRunOptions } from '../../src/shared/replay';

// The Replay view's store over a bridge whose startReplay this test releases by hand.
const started: { release: () => void }[] = [];
let running: ReplayRun[] = [];
let push: ((event: { name: string; payload: unknown }) => void) | null = null;
vi.mock('@bridge', () => ({
  frontDoorHint: 'browser',
  bridge: {
    subscribe: (listener: (event: { name: string; payload: unknown }) => void) => {
      push = listener;
      return () => undefined;
    },
    startReplay: () =>
      new Promise((resolve) => {
        const runId = `run-${started.length + 1}`;
        started.push({ release: () => resolve({ runId, total: 1 }) });
      }),
    replayRuns: () => Promise.resolve({ runs: running }),
  },
}));

/**
 * The store's own types come through the renderer's bridge, which needs the DOM's; this Node
 * test names the part it uses, and imports the module by a path the type checker does not follow.
 */
interface ReplayStoreModule {
  startReplay(request: Record<string, unknown>): Promise<void>;
  followReplayProgress(): () => void;
}
interface ReplayFormModule {
  useReplayForm: {
    getState(): {
      runId: string | null;
      progress: ReplayProgress | null;
      progressFor: string | null;
      starting: boolean;
      target: string;
      url: string;
      tokenMode: string;
      preset: string;
      order: string;
      delayMs: number;
      concurrency: number;
      repeat: number;
    };
    setState(patch: Record<string, unknown>): void;
  };
}
const storePath = '../../src/renderer/src/features/replay/replay-store';
const formPath = '../../src/renderer/src/features/replay/replay-form-state';
const store = (await import(/* @vite-ignore */ storePath)) as ReplayStoreModule;
const { useReplayForm } = (await import(/* @vite-ignore */ formPath)) as ReplayFormModule;

const progress = (runId: string, patch: Partial<ReplayProgress> = {}): ReplayProgress => ({
  runId,
  total: 3,
  done: 1,
  sent: 1,
  failures: 0,
  unanswered: 0,
  notSent: 0,
  rate: 1,
  finished: false,
  cancelled: false,
  lastRecordIds: [7],
  causes: [],
  unansweredCauses: [],
  notSentCauses: [],
  error: null,
  ...patch,
});

/** A run as main holds it: its progress and what it was started with. */
const run = (runId: string, startedWith: Partial<ReplayRunOptions> = {}): ReplayRun => ({
  ...progress(runId),
  startedWith: {
    ids: [3],
    target: { kind: 'listener' },
    tokenMode: 'original',
    preset: 'valid',
    order: 'original',
    delayMs: 0,
    concurrency: 1,
    repeat: 1,
    ...startedWith,
  },
});

beforeEach(() => {
  started.splice(0);
  running = [];
  useReplayForm.setState({ runId: null, progress: null, starting: false });
});

describe('the Replay view starts one run at a time', () => {
  it('a second press while the first start is on its way starts nothing (a double click)', async () => {
    const first = store.startReplay({ ids: [1] });
    const second = store.startReplay({ ids: [1] });
    expect(useReplayForm.getState().starting).toBe(true);
    started.forEach((start) => start.release());
    await Promise.all([first, second]);
    expect(started).toHaveLength(1);
    expect(useReplayForm.getState()).toMatchObject({ runId: 'run-1', starting: false });
  });
});

describe("a run's progress from its first push", () => {
  it('a push that comes before the start is answered is kept, and shows once the run is known', async () => {
    const stop = store.followReplayProgress();
    const start = store.startReplay({ ids: [1] });
    // The run publishes as it starts, and here ends, before its start is answered.
    push?.({ name: 'replay.progress', payload: progress('run-1', { done: 1, total: 1, finished: true }) });
    started[0]?.release();
    await start;
    expect(useReplayForm.getState().progress).toMatchObject({ runId: 'run-1', finished: true });
    stop();
  });
});

describe('a window opened (or reloaded) while a run goes on', () => {
  it('takes up the run in progress: its progress shows, and its pushes follow', async () => {
    running = [run('run-9')];
    const stop = store.followReplayProgress();
    await vi.waitFor(() => expect(useReplayForm.getState().runId).toBe('run-9'));
    expect(useReplayForm.getState().progress).toMatchObject({ done: 1, total: 3 });
    push?.({ name: 'replay.progress', payload: progress('run-9', { done: 3, finished: true }) });
    expect(useReplayForm.getState().progress).toMatchObject({ done: 3, finished: true });
    stop();
  });

  it("shows another window's run with what it was started with, not the form's defaults", async () => {
    const filter = {
      kinds: ['webhook' as const],
      text: 'order_approved',
      tokenVerdicts: ['valid' as const],
    };
    running = [
      run('run-7', {
        ids: undefined,
        filter,
        target: { kind: 'url', url: 'http://127.0.0.1:9/merchant' },
        tokenMode: 'preset',
        preset: 'expired',
        order: 'reversed',
        delayMs: 250,
        concurrency: 4,
        repeat: 3,
      }),
    ];
    const stop = store.followReplayProgress();
    await vi.waitFor(() => expect(useReplayForm.getState().runId).toBe('run-7'));
    expect(useReplayForm.getState()).toMatchObject({
      target: 'url',
      url: 'http://127.0.0.1:9/merchant',
      tokenMode: 'preset',
      preset: 'expired',
      order: 'reversed',
      delayMs: 250,
      concurrency: 4,
      repeat: 3,
    });
    // Its progress belongs to the run's selection, however the address orders the filter's fields.
    const { replaySelectionKey } = (await import(
      /* @vite-ignore */ '../../src/renderer/src/features/replay/replay-selection'
    )) as { replaySelectionKey(selection: { ids?: number[]; filter?: Record<string, unknown> }): string };
    expect(useReplayForm.getState().progressFor).toBe(
      replaySelectionKey({
        filter: { tokenVerdicts: ['valid'], text: 'order_approved', kinds: ['webhook'] },
      }),
    );
    expect(useReplayForm.getState().progress).not.toHaveProperty('startedWith');
    stop();
  });

  it('keeps its own run when it has one', async () => {
    useReplayForm.setState({ runId: 'mine', progress: progress('mine') });
    running = [run('other')];
    const stop = store.followReplayProgress();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(useReplayForm.getState().runId).toBe('mine');
    stop();
  });
});
