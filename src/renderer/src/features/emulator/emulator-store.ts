import { create } from 'zustand';
import type { CommandInput } from '@shared/contract';
import type {
  DamagedEmulatorOrder,
  EmulatorDelivery,
  EmulatorOrder,
  EmulatorSettingsView,
  EmulatorStatus,
} from '@shared/emulator';
import { bridge } from '@bridge';

interface EmulatorState {
  status: EmulatorStatus | null;
  /**
   * Whether `status` is what main says now. Browser mode: from a lost connection until main
   * answers or pushes again, it is only what main last said (the console may have stopped, and
   * the emulator with it), so the view must not show it as the present.
   */
  statusKnown: boolean;
  settings: EmulatorSettingsView | null;
  orders: EmulatorOrder[];
  /**
   * Each of the newest stored orders whose row is damaged (main cannot read it, so it is not in
   * `orders`), by its sentence and readable id: the view names them, as a list never drops a
   * record unsaid, and the order's detail in Orders says it beside the state.
   */
  damagedOrders: DamagedEmulatorOrder[];
  deliveries: EmulatorDelivery[];
  /** Whether more are stored than `orders` / `deliveries` hold (the newest SHOWN of each). */
  moreOrders: boolean;
  moreDeliveries: boolean;
  load: () => Promise<void>;
  /** The status alone (the builder's notice needs no orders or deliveries). */
  loadStatus: () => Promise<void>;
  /** The settings alone (the builder judges a Local send's "" by them). */
  loadSettings: () => Promise<void>;
  /**
   * Start (or restart) and stop: the answer is the new status, kept before the push arrives.
   * A start that left it not running rejects with the reason, for the button that asked to say.
   */
  start: (input: CommandInput<'startEmulator'>) => Promise<void>;
  stop: () => Promise<void>;
  /** Saves part of the settings; the saved whole replaces what is shown. */
  saveSettings: (input: CommandInput<'updateEmulatorSettings'>) => Promise<void>;
  customerAction: (input: CommandInput<'emulatorCustomerAction'>) => Promise<void>;
  setOrderOptions: (input: CommandInput<'setEmulatorOrderOptions'>) => Promise<void>;
}

const SHOWN = 200;

/** The emulator as main reports it; `emulator.changed` pushes bring a fresh look (one load at a time). */
export const useEmulatorStore = create<EmulatorState>((set) => ({
  status: null,
  statusKnown: true,
  settings: null,
  orders: [],
  damagedOrders: [],
  deliveries: [],
  moreOrders: false,
  moreDeliveries: false,
  async load() {
    // One more than is shown, to know whether older ones exist (the count must not claim all).
    const [status, settings, orders, deliveries] = await Promise.all([
      bridge.getEmulatorStatus({}),
      bridge.getEmulatorSettings({}),
      bridge.listEmulatorOrders({ limit: SHOWN + 1 }),
      bridge.listEmulatorDeliveries({ limit: SHOWN + 1 }),
    ]);
    set({
      status,
      statusKnown: true,
      settings,
      orders: orders.orders.slice(0, SHOWN),
      damagedOrders: orders.damaged,
      deliveries: deliveries.deliveries.slice(0, SHOWN),
      // The damaged rows are among the SHOWN + 1 read: one past SHOWN, damaged or not, is older.
      moreOrders: orders.orders.length + orders.damaged.length > SHOWN,
      moreDeliveries: deliveries.deliveries.length > SHOWN,
    });
  },
  async loadStatus() {
    set({ status: await bridge.getEmulatorStatus({}), statusKnown: true });
  },
  async loadSettings() {
    set({ settings: await bridge.getEmulatorSettings({}) });
  },
  async start(input) {
    const status = await bridge.startEmulator(input);
    set({ status, statusKnown: true });
    // Main answers a start it could not make (its port held) with a status, not an error: told
    // nothing, the button that asked seemed to do nothing at all.
    if (!status.running) throw new Error(status.error ?? 'The emulator did not start.');
  },
  async stop() {
    set({ status: await bridge.stopEmulator({}), statusKnown: true });
  },
  async saveSettings(input) {
    set({ settings: await bridge.updateEmulatorSettings(input) });
  },
  // Orders change through `emulator.changed` pushes; the answers are not needed here.
  async customerAction(input) {
    await bridge.emulatorCustomerAction(input);
  },
  async setOrderOptions(input) {
    await bridge.setEmulatorOrderOptions(input);
  },
}));

let loading = false;
let again = false;
/** Reloads after a push; pushes during a load ask for exactly one more. */
export function reloadEmulator(): void {
  if (loading) {
    again = true;
    return;
  }
  loading = true;
  useEmulatorStore
    .getState()
    .load()
    .catch(() => undefined)
    .finally(() => {
      loading = false;
      if (again) {
        again = false;
        reloadEmulator();
      }
    });
}

bridge.subscribe((event) => {
  if (event.name === 'emulator.changed') {
    useEmulatorStore.setState({ status: event.payload, statusKnown: true });
    reloadEmulator();
  }
});

// Pushes sent while the tab was cut off are lost: what it knew stays last-known until the view
// (or the builder's notice) asks again on resume.
bridge.onConnectionState((connection) => {
  if (connection.status === 'closed' || connection.status === 'refused')
    useEmulatorStore.setState({ statusKnown: false });
});
