import { afterAll, describe, expect, it, vi } from 'vitest';
import { builderStateSchema, type BuilderState, type FollowedOrderRef } from '../../src/shared/drafts';

// Paid on the checkout page, then sent again (the guide stays with the paid order), then the
// page reloaded: the guide's order was kept in memory only, so the reloaded page followed the
// builder's last send and asked to pay again. It is kept with the tab's working copy now.

/** What main keeps: the contract's schema parses each save, as the bridge does. */
let stored: BuilderState | null = null;
vi.mock('@bridge', () => ({
  frontDoorHint: 'browser',
  bridge: {
    subscribe: () => () => undefined,
    onConnectionState: () => () => undefined,
    getBuilderState: () => Promise.resolve(stored),
    getWaitingWorkingCopy: () => Promise.resolve(null),
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
afterAll(() => vi.unstubAllGlobals());

interface BuilderStoreModule {
  useBuilderStore: {
    setState(state: {
      loaded?: boolean;
      text?: string;
      followedOrder?: FollowedOrderRef | null;
      guidedOrder?: FollowedOrderRef | null;
    }): void;
    getState(): { followedOrder: FollowedOrderRef | null; guidedOrder?: FollowedOrderRef | null };
  };
}
interface WorkingCopyModule {
  loadWorkingCopy(): Promise<void>;
}
const builder = '../../src/renderer/src/features/builder';
/** A page: the builder's modules loaded afresh, as a reload (or a new tab) loads them. */
async function openPage(): Promise<BuilderStoreModule['useBuilderStore'] & { load: () => Promise<void> }> {
  vi.resetModules();
  const { loadWorkingCopy } = (await import(
    /* @vite-ignore */ `${builder}/working-copy`
  )) as WorkingCopyModule;
  const { useBuilderStore } = (await import(
    /* @vite-ignore */ `${builder}/builder-store`
  )) as BuilderStoreModule;
  return Object.assign(useBuilderStore, { load: loadWorkingCopy });
}

const paid = {
  orderId: 'PAID-A',
  checkoutUrl: 'http://127.0.0.1:4010/checkout/PAID-A',
  profileName: 'Local',
};
const newer = { orderId: 'NEW-B', checkoutUrl: 'http://127.0.0.1:4010/checkout/NEW-B', profileName: 'Local' };

describe("the first-run guide's order", () => {
  it('is found again after a reload, beside the newer send the builder follows', async () => {
    const first = await openPage();
    await first.load();
    first.setState({ loaded: true, text: '{"order_number":"A"}', followedOrder: newer, guidedOrder: paid });
    listeners.get('pagehide')?.();
    expect(stored?.followedOrder).toEqual(newer);

    const reloaded = await openPage();
    expect(reloaded).not.toBe(first);
    await reloaded.load();
    expect(reloaded.getState().followedOrder).toEqual(newer);
    expect(reloaded.getState().guidedOrder).toEqual(paid);
  });
});
