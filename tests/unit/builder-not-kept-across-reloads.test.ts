import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { builderStateSchema, DRAFT_TEXT_MAX, type BuilderState } from '../../src/shared/drafts';

// Two ways the builder lost a document over 4 MiB's older copy, or the words about it:
// - a 1.5 MB document still waiting its 2 s to be saved when one over the limit was pasted: the
//   wait was dropped, so the mark went beside the copy from before the 1.5 MB one, which a reload
//   offered as the older copy; the 1.5 MB document, on screen and within the limit, was gone;
// - the older-copy notice was said once: the copy saved after the load left its mark out, so a
//   second reload showed the older copy as the latest, with no notice.
// Each reload loads the builder's modules afresh; main keeps what the contract's schema parses.

let stored: BuilderState | null = null;
vi.mock('@bridge', () => ({
  frontDoorHint: 'browser',
  bridge: {
    subscribe: () => () => undefined,
    onConnectionState: () => () => undefined,
    getBuilderState: () => Promise.resolve(stored),
    getWaitingWorkingCopy: () => Promise.resolve(null),
    discardWaitingWorkingCopy: () => Promise.resolve({ saved: true }),
    saveBuilderState: (state: BuilderState) => {
      stored = builderStateSchema.parse(state);
      return Promise.resolve({ saved: true });
    },
  },
}));
const listeners = new Map<string, () => void>();
vi.stubGlobal('window', {
  addEventListener: (name: string, listener: () => void) => listeners.set(name, listener),
  location: { hash: '' },
});
vi.stubGlobal('document', { documentElement: { style: {} }, visibilityState: 'visible' });
beforeAll(() => vi.useFakeTimers());
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

interface Page {
  setText(text: string): void;
  text(): string;
  notice(): { bytes: number; characters?: number } | null;
  dismiss(): void;
  offered(): string | null;
}
const builder = '../../src/renderer/src/features/builder';
/**
 * A page: the one before goes (its pending save sent), the builder's modules are loaded afresh as
 * a reload loads them, and its copy is loaded: `seed`, when given, is what main holds by then.
 */
async function reload(seed?: BuilderState | null): Promise<Page> {
  listeners.get('pagehide')?.();
  // Its timers go with it (the findings' and the save a change after them starts).
  vi.clearAllTimers();
  if (seed !== undefined) stored = seed;
  vi.resetModules();
  const copies = (await import(/* @vite-ignore */ `${builder}/working-copy`)) as {
    loadWorkingCopy(): Promise<void>;
    dismissNotKeptCopy(): void;
    useNotKeptCopy: { getState(): { notKept: { bytes: number; characters?: number } | null } };
  };
  const { useWorkingCopyOffer } = (await import(/* @vite-ignore */ `${builder}/working-copy-offer`)) as {
    useWorkingCopyOffer: { getState(): { offered: { text: string } | null } };
  };
  const { useBuilderStore } = (await import(/* @vite-ignore */ `${builder}/builder-store`)) as {
    useBuilderStore: { setState(state: { text: string }): void; getState(): { text: string } };
  };
  await copies.loadWorkingCopy();
  return {
    setText: (text) => useBuilderStore.setState({ text }),
    text: () => useBuilderStore.getState().text,
    notice: () => copies.useNotKeptCopy.getState().notKept,
    dismiss: copies.dismissNotKeptCopy,
    offered: () => useWorkingCopyOffer.getState().offered?.text ?? null,
  };
}

const base: BuilderState = {
  form: 'general',
  singleCheckout: true,
  text: '{}',
  draftId: null,
  dirty: true,
  freshReferenceOnSend: false,
  lastSend: null,
  unansweredSend: null,
  followedOrder: null,
  guidedOrder: null,
  replaceable: false,
  notKept: null,
};
const mark = { at: '2026-12-01T09:00:00.000Z', bytes: 5_000_000, characters: 5_000_000 };
const big = `{"description":"BIG-${'D'.repeat(DRAFT_TEXT_MAX)}"}`;

describe('a document within the limit still waiting to be saved when one over it is pasted', () => {
  it('is saved at once, and a reload offers it as the older copy', async () => {
    const page = await reload(null);
    page.setText('{"description":"BEFORE"}');
    vi.advanceTimersByTime(300);
    expect(stored?.text).toBe('{"description":"BEFORE"}');
    const middle = `{"description":"MIDDLE-${'M'.repeat(1_500_000)}"}`;
    page.setText(middle);
    // Under the 2 s a long text waits.
    vi.advanceTimersByTime(500);
    page.setText(big);
    expect(stored?.text === middle).toBe(true);

    const next = await reload();
    expect(next.offered() === middle).toBe(true);
    expect(next.notice()?.characters).toBe(big.length);
  });
});

describe('the older-copy notice across reloads', () => {
  const older = '{"description":"SMALL-OLDER"}';

  it('is said again by the next reload while its copy is on screen', async () => {
    const first = await reload({ ...base, text: older, notKept: mark });
    expect(first.notice()).toEqual(mark);
    // The copy is saved again after the load: the mark goes with it.
    vi.advanceTimersByTime(2000);
    const second = await reload();
    expect(second.text()).toBe(older);
    expect(second.notice()).toEqual(mark);
  });

  it('is not said again once dismissed (×)', async () => {
    const page = await reload({ ...base, text: older, notKept: mark });
    vi.advanceTimersByTime(2000);
    page.dismiss();
    vi.advanceTimersByTime(2000);
    const next = await reload();
    expect(next.text()).toBe(older);
    expect(next.notice()).toBeNull();
  });

  it('is not said again once dismissed over the placeholder of a large older copy', async () => {
    const large = `{"description":"LARGE-OLDER-${'L'.repeat(1_100_000)}"}`;
    const page = await reload({ ...base, text: large, notKept: mark });
    expect(page.offered() === large).toBe(true);
    expect(page.notice()).toEqual(mark);
    page.dismiss();
    vi.advanceTimersByTime(2000);
    const next = await reload();
    expect(next.offered() === large).toBe(true);
    expect(next.notice()).toBeNull();
  });
});
