import { afterAll, describe, expect, it, vi } from 'vitest';
import type { BuilderState, WaitingWorkingCopy } from '../../src/shared/drafts';

// While a large working copy from last time waited to be opened ("Open it / Start with an empty
// document"), nothing written over the placeholder was saved: a sample taken then was gone after a
// reload, which asked the question again. Main here is one tab's two keys: the working copy and
// the copy kept apart while it waits.

const writes: string[] = [];
let working: BuilderState | null = null;
let waiting: WaitingWorkingCopy | null = null;
vi.mock('@bridge', () => ({
  frontDoorHint: 'browser',
  bridge: {
    subscribe: () => () => undefined,
    onConnectionState: () => () => undefined,
    getBuilderState: () => Promise.resolve(working),
    saveBuilderState: ({
      tab: _tab,
      waiting: apart,
      ...state
    }: BuilderState & { tab: string; waiting?: WaitingWorkingCopy | null }) => {
      // One write: the waiting copy, when carried, is kept in the same transaction.
      const kept =
        apart === undefined ? '' : ` with waiting ${apart?.kind} ${apart?.state.text.slice(0, 20)}`;
      writes.push(`working ${state.text.slice(0, 20)}${kept}`);
      if (apart !== undefined) waiting = apart;
      working = state;
      return Promise.resolve({ saved: true });
    },
    getWaitingWorkingCopy: () => Promise.resolve(waiting),
    discardWaitingWorkingCopy: () => {
      writes.push('waiting none');
      waiting = null;
      return Promise.resolve({ saved: true });
    },
  },
}));
const listeners = new Map<string, (event?: unknown) => void>();
const listen = (name: string, listener: (event?: unknown) => void) => listeners.set(name, listener);
vi.stubGlobal('window', { addEventListener: listen, location: { hash: '' } });
vi.stubGlobal('document', { documentElement: { style: {} }, visibilityState: 'visible' });
afterAll(() => vi.unstubAllGlobals());

interface BuilderStoreModule {
  useBuilderStore: {
    setState(state: { loaded?: boolean; text?: string }): void;
    getState(): { text: string };
  };
}
interface OfferState {
  offered: { text: string } | null;
  kind: string;
  placeholder: boolean;
}
interface WorkingCopyModule {
  loadWorkingCopy(): Promise<void>;
}
interface OfferModule {
  openOfferedWorkingCopy(): void;
  declineOfferedWorkingCopy(): void;
  awaitsWorkingCopyChoice(): boolean;
  useWorkingCopyOffer: { getState(): OfferState; setState(state: Partial<OfferState>): void };
}
const builder = '../../src/renderer/src/features/builder';
const copies = {
  ...((await import(/* @vite-ignore */ `${builder}/working-copy`)) as WorkingCopyModule),
  ...((await import(/* @vite-ignore */ `${builder}/working-copy-offer`)) as OfferModule),
};
const { useBuilderStore } = (await import(
  /* @vite-ignore */ `${builder}/builder-store`
)) as BuilderStoreModule;

const large = `{"description":"LARGE-${'L'.repeat(1_100_000)}"}`;
const typed = '{"description":"TYPED-MEANWHILE"}';
const state = (text: string): BuilderState => ({
  form: 'general',
  singleCheckout: true,
  text,
  draftId: null,
  dirty: true,
  freshReferenceOnSend: false,
  lastSend: null,
  unansweredSend: null,
  followedOrder: null,
  guidedOrder: null,
  replaceable: false,
  notKept: null,
});
/** The tab reloaded: what is saved goes now (pagehide), and the page loads anew. */
async function reload(): Promise<void> {
  listeners.get('pagehide')?.();
  await Promise.resolve();
  copies.useWorkingCopyOffer.setState({ offered: null, placeholder: false });
  useBuilderStore.setState({ loaded: false, text: '{}' });
  await copies.loadWorkingCopy();
}
const offer = () => copies.useWorkingCopyOffer.getState();

describe('writing while a large working copy waits to be opened', () => {
  it('saves nothing over the copy while the placeholder is untouched', async () => {
    working = state(large);
    await copies.loadWorkingCopy();
    expect(offer().offered?.text === large).toBe(true);
    expect(copies.awaitsWorkingCopyChoice()).toBe(true);
    listeners.get('pagehide')?.();
    expect(writes).toEqual([]);
  });

  it('saves what was written as the working copy, the copy kept apart in the same write', () => {
    useBuilderStore.setState({ text: typed });
    // Findings and the raw editor's marks judge what was written: it is no placeholder.
    expect(copies.awaitsWorkingCopyChoice()).toBe(false);
    expect(offer().offered?.text === large).toBe(true);
    listeners.get('pagehide')?.();
    expect(writes).toEqual([
      `working ${typed.slice(0, 20)} with waiting from-last-time ${large.slice(0, 20)}`,
    ]);
  });

  it('after a reload shows what was written and still offers the copy from last time', async () => {
    await reload();
    expect(useBuilderStore.getState().text).toBe(typed);
    expect(offer()).toMatchObject({ kind: 'from-last-time', placeholder: false });
    expect(offer().offered?.text === large).toBe(true);
  });

  it('opening the copy offers what was written back in its place; neither is dropped', async () => {
    writes.length = 0;
    copies.openOfferedWorkingCopy();
    expect(useBuilderStore.getState().text === large).toBe(true);
    expect(offer()).toMatchObject({ kind: 'held-instead', offered: { text: typed } });
    listeners.get('pagehide')?.();
    expect(writes).toEqual([`working ${large.slice(0, 20)} with waiting held-instead ${typed.slice(0, 20)}`]);
    await reload();
    // Large, yet opened: it is what the editor held, and the question is about the other copy.
    expect(useBuilderStore.getState().text === large).toBe(true);
    expect(offer()).toMatchObject({ kind: 'held-instead', offered: { text: typed } });
  });

  it('Discard it lets the offered copy go, and only it', async () => {
    writes.length = 0;
    copies.declineOfferedWorkingCopy();
    expect(writes).toEqual(['waiting none']);
    await reload();
    // The large working copy is offered on its own again, as after any reload.
    expect(waiting).toBeNull();
    expect(working?.text === large).toBe(true);
    expect(offer()).toMatchObject({ kind: 'from-last-time', placeholder: true });
    expect(offer().offered?.text === large).toBe(true);
  });

  it('forgets a copy kept apart that is the working copy too (no second document)', async () => {
    working = state(large);
    waiting = { kind: 'from-last-time', state: state(large) };
    writes.length = 0;
    await reload();
    expect(offer()).toMatchObject({ kind: 'from-last-time', placeholder: true });
    expect(writes).toEqual(['waiting none']);
    // Declined, and something else written: the large copy does not come back from its old key.
    copies.declineOfferedWorkingCopy();
    useBuilderStore.setState({ text: typed });
    await reload();
    expect(offer().offered).toBeNull();
    expect(useBuilderStore.getState().text).toBe(typed);
  });
});
