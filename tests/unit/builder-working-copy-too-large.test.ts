import { afterAll, describe, expect, it, vi } from 'vitest';
import { DRAFT_TEXT_MAX, type BuilderState } from '../../src/shared/drafts';

// A document over 4 MiB is not kept as the working copy. The tab was closed or reloaded without
// a question, and the reopened builder showed the copy kept before it grew ("SMALL-BEFORE-BIG")
// as if it were the latest, saying nothing of the newer one that was lost.

const saves: BuilderState[] = [];
let stored: BuilderState | null = null;
vi.mock('@bridge', () => ({
  frontDoorHint: 'browser',
  bridge: {
    subscribe: () => () => undefined,
    onConnectionState: () => () => undefined,
    getBuilderState: () => Promise.resolve(stored),
    getWaitingWorkingCopy: () => Promise.resolve(null),
    saveBuilderState: (state: BuilderState) => {
      saves.push(state);
      return Promise.resolve({ saved: true });
    },
  },
}));
// The page's events as working-copy.ts and the leave guard listen for them.
const listeners = new Map<string, (event?: unknown) => void>();
const listen = (name: string, listener: (event?: unknown) => void) => listeners.set(name, listener);
vi.stubGlobal('window', { addEventListener: listen, location: { hash: '' } });
vi.stubGlobal('document', { documentElement: { style: {} }, visibilityState: 'visible' });
afterAll(() => vi.unstubAllGlobals());

interface BuilderStoreModule {
  useBuilderStore: {
    setState(state: { loaded?: boolean; text?: string }): void;
    getState(): { workingCopy: string; text: string };
  };
}
interface WorkingCopyModule {
  loadWorkingCopy(): Promise<void>;
  useNotKeptCopy: { getState(): { notKept: { at: string; bytes: number } | null } };
}
const builder = '../../src/renderer/src/features/builder';
const { loadWorkingCopy, useNotKeptCopy } = (await import(
  /* @vite-ignore */ `${builder}/working-copy`
)) as WorkingCopyModule;
const { useBuilderStore } = (await import(
  /* @vite-ignore */ `${builder}/builder-store`
)) as BuilderStoreModule;

const small = '{"description":"SMALL-BEFORE-BIG"}';
const big = `{"description":"BIG-${'D'.repeat(DRAFT_TEXT_MAX)}"}`;
const closing = () => {
  const event = { preventDefault: vi.fn() };
  listeners.get('beforeunload')?.(event);
  return event.preventDefault.mock.calls.length > 0;
};

describe('a working copy over 4 MiB', () => {
  it('makes closing the tab ask first, since the copy kept is an older one', () => {
    useBuilderStore.setState({ loaded: true, text: small });
    listeners.get('pagehide')?.();
    expect(saves.at(-1)?.text).toBe(small);
    expect(closing()).toBe(false);
    useBuilderStore.setState({ text: big });
    expect(useBuilderStore.getState().workingCopy).toBe('too-large');
    expect(closing()).toBe(true);
  });

  it('keeps, beside the older copy, when and how large the newer one was', () => {
    const before = Date.now();
    listeners.get('pagehide')?.();
    const last = saves.at(-1);
    expect(last?.text).toBe(small);
    expect(last?.notKept?.bytes).toBe(big.length);
    // In the limit's own measure too: the notice said bytes beside a limit in characters.
    expect(last?.notKept?.characters).toBe(big.length);
    expect(Date.parse(last?.notKept?.at ?? '')).toBeGreaterThanOrEqual(before - 1000);
  });

  it('says so when the older copy is opened again', async () => {
    stored = saves.at(-1) ?? null;
    useBuilderStore.setState({ loaded: false, text: '' });
    await loadWorkingCopy();
    expect(useBuilderStore.getState().text).toBe(small);
    expect(useNotKeptCopy.getState().notKept?.bytes).toBe(big.length);
  });

  it('drops the mark once the document is back under 4 MiB and kept', () => {
    useBuilderStore.setState({ text: '{"description":"SMALL-AGAIN"}' });
    expect(closing()).toBe(false);
    listeners.get('pagehide')?.();
    expect(saves.at(-1)?.text).toBe('{"description":"SMALL-AGAIN"}');
    expect(saves.at(-1)?.notKept ?? null).toBe(null);
  });
});
