import { afterAll, describe, expect, it, vi } from 'vitest';

// History's store over a bridge whose pushes the test makes: a removal (`history.removed`, a
// retention here or in a terminal) is what the view counts and lists again on; before, only
// arrivals were, and the count, Export's label and rows said what was gone.
let push: ((event: { name: string; payload: unknown }) => void) | null = null;
vi.mock('@bridge', () => ({
  bridge: {
    subscribe: (listener: (event: { name: string; payload: unknown }) => void) => {
      push = listener;
      return () => undefined;
    },
  },
  callWithFile: () => Promise.reject(new Error('not in this test')),
}));
afterAll(() => {
  vi.useRealTimers();
});

/** What this test uses of the store, imported by a path the type checker does not follow. */
interface HistoryStoreModule {
  useHistoryStore: { getState(): { removals: number; arrivals: number } };
}
const storePath = '../../src/renderer/src/features/history/history-store';
const store = (await import(/* @vite-ignore */ storePath)) as HistoryStoreModule;

describe('records removed while History is open', () => {
  it('bump the removals the view counts and lists again on, at once, each push', () => {
    const before = store.useHistoryStore.getState();
    expect(before.removals).toBe(0);
    push?.({ name: 'history.removed', payload: {} });
    expect(store.useHistoryStore.getState().removals).toBe(1);
    push?.({ name: 'history.removed', payload: {} });
    expect(store.useHistoryStore.getState().removals).toBe(2);
    expect(store.useHistoryStore.getState().arrivals).toBe(0);
  });
});
