import { afterAll, describe, expect, it, vi } from 'vitest';
import { BridgeError } from '../../src/renderer/src/bridge/bridge-error';

// A `run=7` link opened before run 7 exists said "No run #7 in this data directory" (and History
// refused Export) for the window's life, though a scenario run #7 then started here or in another
// process on the data directory. The verdict is asked again when a run starts or ends, and when
// the window is focused again. The bridge here holds run 7 once `stored` is set.
let stored = false;
let asks = 0;
let push: ((event: { name: string; payload: unknown }) => void) | null = null;
vi.mock('@bridge', () => ({
  frontDoorHint: 'browser',
  bridge: {
    subscribe: (listener: (event: { name: string; payload: unknown }) => void) => {
      push = listener;
      return () => undefined;
    },
    getScenarioRun: ({ id }: { id: number }) => {
      asks += 1;
      return stored && id === 7
        ? Promise.resolve({ id })
        : Promise.reject(
            new BridgeError({
              code: 'not_found',
              message: `No run #${id} in this data directory.`,
              issues: [],
            }),
          );
    },
  },
}));
// The window's focus is told through an EventTarget standing in for the page's window.
const page = new EventTarget();
vi.stubGlobal('window', page);
afterAll(() => {
  vi.unstubAllGlobals();
});

/** What this test uses of the store, imported by a path the type checker does not follow. */
interface RunExistsStoreModule {
  watchRun(id: number): () => void;
  useRunExistsStore: { getState(): { known: ReadonlyMap<number, boolean> } };
}
const storePath = '../../src/renderer/src/features/timeline/run-exists-store';
const store = (await import(/* @vite-ignore */ storePath)) as RunExistsStoreModule;
const verdict = (id: number) => store.useRunExistsStore.getState().known.get(id);

describe('a run= link opened before its run exists', () => {
  it('is asked again when a run starts here, and says the run once it is stored', async () => {
    stored = false;
    const unwatch = store.watchRun(7);
    await vi.waitFor(() => expect(verdict(7)).toBe(false));
    stored = true;
    push?.({ name: 'scenarios.progress', payload: { type: 'run-started', runId: 'r', scenarios: [] } });
    await vi.waitFor(() => expect(verdict(7)).toBe(true));
    unwatch();
  });

  it('is asked again when another process on the data directory stores a run', async () => {
    stored = false;
    const unwatch = store.watchRun(8);
    await vi.waitFor(() => expect(verdict(8)).toBe(false));
    const before = asks;
    push?.({ name: 'scenarios.storedRuns', payload: {} });
    await vi.waitFor(() => expect(asks).toBe(before + 1));
    unwatch();
  });

  it('is asked again when the window is focused again, while a view names the run', async () => {
    stored = false;
    const unwatch = store.watchRun(7);
    await vi.waitFor(() => expect(verdict(7)).toBe(false));
    stored = true;
    page.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(verdict(7)).toBe(true));
    unwatch();
    // Once no view names it, nothing asks for it.
    const before = asks;
    page.dispatchEvent(new Event('focus'));
    push?.({ name: 'scenarios.storedRuns', payload: {} });
    await new Promise((done) => setTimeout(done, 20));
    expect(asks).toBe(before);
  });

  it('does not ask again for a step of a run under way', async () => {
    const unwatch = store.watchRun(7);
    await vi.waitFor(() => expect(verdict(7)).toBe(true));
    const before = asks;
    push?.({
      name: 'scenarios.progress',
      payload: { type: 'step-started', runId: 'r', scenario: 0, step: 0 },
    });
    await new Promise((done) => setTimeout(done, 20));
    expect(asks).toBe(before);
    unwatch();
  });
});
