import { create } from 'zustand';
import type { EmulatorDelivery, EmulatorOrder, EmulatorSettings, EmulatorStatus } from '@shared/emulator';
import { bridge } from '@bridge';

interface EmulatorState {
  status: EmulatorStatus | null;
  settings: EmulatorSettings | null;
  orders: EmulatorOrder[];
  deliveries: EmulatorDelivery[];
  load: () => Promise<void>;
}

const SHOWN = 200;

/** The emulator as main reports it; `emulator.changed` pushes bring a fresh look (one load at a time). */
export const useEmulatorStore = create<EmulatorState>((set) => ({
  status: null,
  settings: null,
  orders: [],
  deliveries: [],
  async load() {
    const [status, settings, orders, deliveries] = await Promise.all([
      bridge.getEmulatorStatus({}),
      bridge.getEmulatorSettings({}),
      bridge.listEmulatorOrders({ limit: SHOWN }),
      bridge.listEmulatorDeliveries({ limit: SHOWN }),
    ]);
    set({ status, settings, orders: orders.orders, deliveries: deliveries.deliveries });
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
    useEmulatorStore.setState({ status: event.payload });
    reloadEmulator();
  }
});
