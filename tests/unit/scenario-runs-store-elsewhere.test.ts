import { afterAll, describe, expect, it, vi } from 'vitest';

// The stored runs' store (Earlier runs, and the Folder tab's notices of runs it did not start)
// over a bridge that counts its readings of the runs: a run of another process is pushed by main
// (`scenarios.storedRuns`), and a window showing runs reads them again at once, not at its next
// reading every 3 s.
let reads = 0;
let push: ((event: { name: string; payload: unknown }) => void) | null = null;
vi.mock('@bridge', () => ({
  frontDoorHint: 'browser',
  bridge: {
    subscribe: (listener: (event: { name: string; payload: unknown }) => void) => {
      push = listener;
      return () => undefined;
    },
    listScenarioRuns: () => {
      reads += 1;
      return Promise.resolve({ runs: [], more: false });
    },
    runsUnderWayHere: () => Promise.resolve({ runs: [] }),
  },
}));
// The Folder tab's store is asked which run is its own; its live-run confirmation reads the
// page's address when loaded, and this Node test runs nothing.
vi.mock('@features/profiles', () => ({
  selectActiveProfile: () => null,
  useProfilesStore: { getState: () => ({}) },
}));
vi.mock('@ui/confirm-live', () => ({
  callNeedsLiveYes: () => false,
  confirmLiveCall: () => Promise.resolve(true),
}));
// The timer of its readings every few seconds is held still: only a push can read them here.
vi.useFakeTimers();
vi.stubGlobal('window', globalThis);
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** What this test uses of the store, imported by a path the type checker does not follow. */
interface ScenarioRunsStoreModule {
  showScenarioRuns(): () => void;
}
const storePath = '../../src/renderer/src/features/scenarios/scenario-runs-store';
const store = (await import(/* @vite-ignore */ storePath)) as ScenarioRunsStoreModule;

describe('a run of another process on the data directory, pushed by main', () => {
  it('is read at once while a view shows runs, and not while none does', () => {
    const hide = store.showScenarioRuns();
    expect(reads).toBe(1);
    push?.({ name: 'scenarios.storedRuns', payload: {} });
    expect(reads).toBe(2);
    hide();
    push?.({ name: 'scenarios.storedRuns', payload: {} });
    expect(reads).toBe(2);
  });
});
