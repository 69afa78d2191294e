import { describe, expect, it, vi } from 'vitest';
import type { EmulatorStatus } from '../../src/shared/emulator';

// The Builder's "Start the emulator" on a held port: main answered with a status that said why it
// was not running, the store kept it, and the press ended with no word (no toast, the notice as it
// was). The store's start now rejects with that reason, for the button that asked to say it.
let answer: EmulatorStatus;
/** What listEmulatorOrders answers the store's load. */
let ordersAnswer: { orders: unknown[]; damaged: { orderId: string | null; words: string }[] };
vi.mock('@bridge', () => ({
  frontDoorHint: 'browser',
  bridge: {
    subscribe: () => () => undefined,
    onConnectionState: () => () => undefined,
    startEmulator: () => Promise.resolve(answer),
    getEmulatorStatus: () => Promise.resolve(answer),
    getEmulatorSettings: () => Promise.resolve({}),
    listEmulatorOrders: () => Promise.resolve(ordersAnswer),
    listEmulatorDeliveries: () => Promise.resolve({ deliveries: [] }),
  },
}));

/**
 * The store's own types come through the renderer's bridge, which needs the DOM's; this Node
 * test names the part it uses, and imports the module by a path the type checker does not follow.
 */
interface EmulatorStoreModule {
  useEmulatorStore: {
    getState(): {
      status: EmulatorStatus | null;
      orders: unknown[];
      damagedOrders: { orderId: string | null; words: string }[];
      moreOrders: boolean;
      start(input: { port?: number; updateLocalProfile: boolean }): Promise<void>;
      load(): Promise<void>;
    };
  };
}
const storePath = '../../src/renderer/src/features/emulator/emulator-store';
const { useEmulatorStore } = (await import(/* @vite-ignore */ storePath)) as EmulatorStoreModule;

const held =
  'Something else on this machine holds port 4010 (which process is not known here), so this console’s emulator is not running.';

describe("the emulator store's start", () => {
  it('rejects with the reason when the emulator did not start, and keeps the status that says it', async () => {
    answer = { running: false, url: null, port: null, error: held, profileName: 'Local' };
    await expect(useEmulatorStore.getState().start({ updateLocalProfile: false })).rejects.toThrow(held);
    expect(useEmulatorStore.getState().status).toEqual(answer);
  });

  it('resolves when it runs', async () => {
    answer = {
      running: true,
      url: 'http://127.0.0.1:4011',
      port: 4011,
      error: null,
      profileName: 'Local',
    };
    await expect(
      useEmulatorStore.getState().start({ port: 0, updateLocalProfile: true }),
    ).resolves.toBeUndefined();
    expect(useEmulatorStore.getState().status).toEqual(answer);
  });
});

// A damaged emulator order was left out of the view's list and named nowhere in the window: the
// store keeps main's sentence for each, and counts them among the rows read for "older ones".
describe("the emulator store's load", () => {
  // Main names each by its sentence and, where its id column can be read, its id.
  const damaged = (index: number) => ({
    orderId: `damaged-${index}`,
    words: `Emulator order damaged-${index}'s stored state is damaged in the database (not what the console writes)`,
  });

  it('keeps the sentence naming each damaged order beside the orders', async () => {
    ordersAnswer = { orders: [], damaged: [damaged(0)] };
    await useEmulatorStore.getState().load();
    expect(useEmulatorStore.getState().orders).toEqual([]);
    expect(useEmulatorStore.getState().damagedOrders).toEqual([damaged(0)]);
    expect(useEmulatorStore.getState().moreOrders).toBe(false);
  });

  it('counts the damaged ones among the rows read when saying older ones exist', async () => {
    // 200 shown: one more row read than that, damaged, means older ones are not listed.
    ordersAnswer = {
      orders: Array.from({ length: 199 }, (_, index) => ({ orderId: `ord_${index}` })),
      damaged: [damaged(0), damaged(1)],
    };
    await useEmulatorStore.getState().load();
    expect(useEmulatorStore.getState().moreOrders).toBe(true);
  });
});
