import { afterAll, describe, expect, it, vi } from 'vitest';
import type { BuilderState } from '../../src/shared/drafts';

// Typed, then the browser went: the working copy is saved 0.3 s after the last change, and a
// page hidden (switched away from, minimised, a browser quitting) saved nothing until it was
// unloaded, which a browser that is closing or discarding the tab may never do ("-LAST" typed
// into Order number was "BASE" after a restart).

const saves: BuilderState[] = [];
vi.mock('@bridge', () => ({
  frontDoorHint: 'browser',
  bridge: {
    subscribe: () => () => undefined,
    onConnectionState: () => () => undefined,
    getBuilderState: () => Promise.resolve(null),
    getWaitingWorkingCopy: () => Promise.resolve(null),
    saveBuilderState: (state: BuilderState) => {
      saves.push(state);
      return Promise.resolve({ saved: true });
    },
  },
}));
// The page's events as working-copy.ts listens for them.
const listeners = new Map<string, () => void>();
const listen = (name: string, listener: () => void) => listeners.set(name, listener);
const page = { visibilityState: 'visible' };
vi.stubGlobal('window', { addEventListener: listen, location: { hash: '' } });
vi.stubGlobal('document', {
  // CodeMirror, under the raw editor's hand-over, reads this as it loads where a document exists.
  documentElement: { style: {} },
  get visibilityState() {
    return page.visibilityState;
  },
});
afterAll(() => vi.unstubAllGlobals());

/** The store's own types come through the renderer's bridge, which needs the DOM's. */
interface BuilderStoreModule {
  useBuilderStore: { setState(state: { loaded?: boolean; text?: string }): void };
}
const builder = '../../src/renderer/src/features/builder';
await import(/* @vite-ignore */ `${builder}/working-copy`);
const { useBuilderStore } = (await import(
  /* @vite-ignore */ `${builder}/builder-store`
)) as BuilderStoreModule;

describe('the working copy when the page goes away right after a change', () => {
  it('is saved at once when the page is hidden, not a moment later', () => {
    useBuilderStore.setState({ loaded: true, text: '{"order_number":"BASE-LAST"}' });
    expect(saves).toHaveLength(0);
    page.visibilityState = 'hidden';
    listeners.get('visibilitychange')?.();
    expect(saves.map((state) => state.text)).toEqual(['{"order_number":"BASE-LAST"}']);
  });

  it('is saved at once when the page is unloaded (as before)', () => {
    useBuilderStore.setState({ text: '{"order_number":"AFTER"}' });
    listeners.get('pagehide')?.();
    expect(saves.map((state) => state.text).at(-1)).toBe('{"order_number":"AFTER"}');
  });

  it('saves nothing more when nothing waits', () => {
    const before = saves.length;
    listeners.get('visibilitychange')?.();
    listeners.get('pagehide')?.();
    expect(saves).toHaveLength(before);
  });
});
