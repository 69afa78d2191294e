import { beforeEach, describe, expect, it, vi } from 'vitest';

// A replay plan (Any URL, re-signed, reversed, seven times, an edited body) came back as the
// form's defaults after the tab was closed or reloaded, the body gone and nothing asked.
vi.mock('@bridge', () => ({
  frontDoorHint: 'browser',
  bridge: {
    subscribe: () => () => undefined,
    getEvent: ({ id }: { id: number }) =>
      Promise.resolve({
        id,
        requestBody: { truncated: false, text: '{"a":1}', base64: null, size: 7 },
        requestHeaders: [],
        withheld: null,
      }),
  },
}));

/** A page's localStorage, in memory (the test runs under Node). */
class MemoryStorage {
  readonly items = new Map<string, string>();
  full = false;
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.full) throw new Error('QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}
const storage = new MemoryStorage();
vi.stubGlobal('localStorage', storage);

/** The modules' types come through the renderer's bridge (DOM types); this test names what it uses. */
interface Options {
  target: string;
  url: string;
  tokenMode: string;
  preset: string;
  order: string;
  delayMs: number;
  concurrency: number;
  repeat: number;
}
type Form = Options & {
  editBody: boolean;
  body: string;
  storedBody: string | null;
  bodyFor: string | null;
  runId: string | null;
  viewing: string | null;
};
interface KeptPlan {
  selection: string;
  options: Options;
  body: { text: string; from: string | null } | null;
}
interface PlanMemoryModule {
  planOf(form: Form, selection: string): KeptPlan | null;
  keepPlan(plan: KeptPlan | null, selection: string, storage?: MemoryStorage): boolean;
  keptPlan(selection: string, storage?: MemoryStorage): KeptPlan | null;
}
interface ReplayStoreModule {
  openSelection(key: string, firstId: number | null, ask: () => Promise<boolean>): Promise<void>;
}
interface ReplayFormModule {
  REPLAY_FORM_DEFAULTS: Options;
  useReplayForm: { getState(): Form; setState(patch: Partial<Form>): void };
}
const replay = '../../src/renderer/src/features/replay';
const memory = (await import(/* @vite-ignore */ `${replay}/replay-plan-memory`)) as PlanMemoryModule;
const store = (await import(/* @vite-ignore */ `${replay}/replay-store`)) as ReplayStoreModule;
const { useReplayForm, REPLAY_FORM_DEFAULTS } = (await import(
  /* @vite-ignore */ `${replay}/replay-form-state`
)) as ReplayFormModule;

const SELECTION = 'ids:4,7';
const PLAN: Options = {
  target: 'url',
  url: 'https://example.test/hooks',
  tokenMode: 'resign',
  preset: 'valid',
  order: 'reversed',
  delayMs: 250,
  concurrency: 1,
  repeat: 7,
};
const fresh: Form = {
  ...REPLAY_FORM_DEFAULTS,
  editBody: false,
  body: '',
  storedBody: null,
  bodyFor: null,
  runId: null,
  viewing: null,
};

beforeEach(() => {
  storage.items.clear();
  storage.full = false;
  useReplayForm.setState(fresh);
});

describe('the replay plan kept across a closed tab', () => {
  it('keeps nothing for the defaults, the options that differ, and a body only as edited for its selection', () => {
    expect(memory.planOf(fresh, SELECTION)).toBeNull();
    expect(memory.planOf({ ...fresh, repeat: 7 }, SELECTION)?.options.repeat).toBe(7);
    const editing = { ...fresh, editBody: true, storedBody: '{"a":1}', bodyFor: SELECTION };
    expect(memory.planOf({ ...editing, body: '{"a":1}' }, SELECTION)).toBeNull();
    expect(memory.planOf({ ...editing, body: '{"a":2}' }, SELECTION)?.body).toEqual({
      text: '{"a":2}',
      from: '{"a":1}',
    });
    expect(memory.planOf({ ...editing, body: '{"a":2}' }, 'ids:9')).toBeNull();
  });

  it('gives a plan back for its own selection only; the defaults remove it; a full storage says so', () => {
    const plan = { selection: SELECTION, options: PLAN, body: null };
    expect(memory.keepPlan(plan, SELECTION, storage)).toBe(true);
    expect(memory.keptPlan(SELECTION, storage)).toEqual(plan);
    expect(memory.keptPlan('ids:9', storage)).toBeNull();
    // Another selection at its defaults leaves this one's plan alone.
    expect(memory.keepPlan(null, 'ids:9', storage)).toBe(true);
    expect(memory.keptPlan(SELECTION, storage)).toEqual(plan);
    expect(memory.keepPlan(null, SELECTION, storage)).toBe(true);
    expect(memory.keptPlan(SELECTION, storage)).toBeNull();
    storage.full = true;
    expect(memory.keepPlan(plan, SELECTION, storage)).toBe(false);
  });

  it('a new window on the same selection opens with the plan and the edited body', async () => {
    memory.keepPlan(
      { selection: SELECTION, options: PLAN, body: { text: '{"a":2}', from: '{"a":1}' } },
      SELECTION,
    );
    await store.openSelection(SELECTION, 4, () => Promise.resolve(false));
    expect(useReplayForm.getState()).toMatchObject({
      ...PLAN,
      editBody: true,
      body: '{"a":2}',
      storedBody: '{"a":1}',
      bodyFor: SELECTION,
      viewing: SELECTION,
    });
  });

  // Prepared for one order (edited body, options), then #/replay with no filter: the form's
  // options came along and were kept for that selection in the one place kept, so a reload of
  // the order's selection came back at the defaults, its edits gone.
  it("another selection's plan never replaces this one's", async () => {
    const order = '{"filter":{"kind":"webhook","orderId":"E1"}}';
    const all = '{}';
    const edited = { text: '{"a":2}', from: '{"a":1}' };
    memory.keepPlan({ selection: order, options: PLAN, body: edited }, order);
    await store.openSelection(order, null, () => Promise.resolve(false));
    await store.openSelection(all, null, () => Promise.resolve(false));
    const carried = memory.planOf(useReplayForm.getState(), all);
    expect(carried?.options).toEqual(PLAN);
    memory.keepPlan(carried, all);
    expect(memory.keptPlan(order)).toEqual({ selection: order, options: PLAN, body: edited });
    expect(memory.keptPlan(all)).toEqual({ selection: all, options: PLAN, body: null });
    // The defaults for one selection remove its plan only.
    memory.keepPlan(null, all);
    expect(memory.keptPlan(order)?.body).toEqual(edited);
  });

  it('keeps the last few selections, and fewer when the storage is full', () => {
    const planFor = (n: number) => ({ selection: `ids:${n}`, options: { ...PLAN, repeat: n }, body: null });
    for (let n = 1; n <= 10; n += 1) memory.keepPlan(planFor(n), `ids:${n}`, storage);
    expect(memory.keptPlan('ids:10', storage)).toEqual(planFor(10));
    expect(memory.keptPlan('ids:1', storage)).toBeNull();
    // Kept again, a plan is the newest: the oldest goes first.
    memory.keepPlan(planFor(6), 'ids:6', storage);
    const room = storage.getItem('checkout-console.replay-plan')?.length ?? 0;
    const setItem = storage.setItem.bind(storage);
    storage.setItem = (key: string, value: string) => {
      if (value.length > room) throw new Error('QuotaExceededError');
      setItem(key, value);
    };
    try {
      const big = { ...planFor(11), body: { text: 'x'.repeat(room / 2), from: null } };
      expect(memory.keepPlan(big, 'ids:11', storage)).toBe(true);
      expect(memory.keptPlan('ids:11', storage)).toEqual(big);
      expect(memory.keptPlan('ids:6', storage)).toEqual(planFor(6));
    } finally {
      storage.setItem = setItem;
    }
  });

  it('reads a plan kept before plans were kept per selection', () => {
    const plan = { selection: SELECTION, options: PLAN, body: null };
    storage.setItem('checkout-console.replay-plan', JSON.stringify(plan));
    expect(memory.keptPlan(SELECTION, storage)).toEqual(plan);
  });

  it('never over a form that holds a plan of its own, nor for another selection', async () => {
    memory.keepPlan({ selection: SELECTION, options: PLAN, body: null }, SELECTION);
    useReplayForm.setState({ repeat: 3 });
    await store.openSelection(SELECTION, 4, () => Promise.resolve(false));
    expect(useReplayForm.getState()).toMatchObject({ repeat: 3, target: 'listener' });
    useReplayForm.setState(fresh);
    await store.openSelection('ids:9', 9, () => Promise.resolve(false));
    expect(useReplayForm.getState()).toMatchObject(REPLAY_FORM_DEFAULTS);
  });
});
