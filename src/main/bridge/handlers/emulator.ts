import type { ConsoleServices } from '../../console-services';
import { localProfileOf } from '../../emulator/emulator-service';
import type { HandlerGroup } from './types';

type EmulatorCommand =
  | 'getEmulatorStatus'
  | 'startEmulator'
  | 'stopEmulator'
  | 'getEmulatorSettings'
  | 'updateEmulatorSettings'
  | 'listEmulatorOrders'
  | 'listEmulatorDeliveries'
  | 'emulatorCustomerAction'
  | 'setEmulatorOrderOptions';

const KEEP = { action: 'keep' } as const;

export function emulatorHandlers({
  emulator,
  profiles,
}: Pick<ConsoleServices, 'emulator' | 'profiles'>): HandlerGroup<EmulatorCommand> {
  return {
    getEmulatorStatus: () => emulator.status(),
    async startEmulator({ port, updateLocalProfile }) {
      const status = await emulator.start(port);
      // "Start on a free port": the Local profile follows, so its requests reach the emulator.
      const local = localProfileOf(profiles);
      if (updateLocalProfile && status.url !== null && local !== null)
        profiles.update(local.id, { baseUrl: status.url }, { apiToken: KEEP, notificationToken: KEEP });
      return status;
    },
    stopEmulator: () => emulator.stop(),
    getEmulatorSettings: () => emulator.settingsView(),
    updateEmulatorSettings: (patch) => emulator.updateSettings(patch),
    listEmulatorOrders: ({ limit }) => ({ orders: emulator.orders(limit) }),
    listEmulatorDeliveries: ({ limit }) => ({ deliveries: emulator.deliveries(limit) }),
    emulatorCustomerAction: ({ orderId, action }) => emulator.customerAction(orderId, action),
    setEmulatorOrderOptions: ({ orderId, faults, legacyApproved }) =>
      emulator.setOrderOptions(orderId, {
        ...(faults === undefined ? {} : { faults }),
        ...(legacyApproved === undefined ? {} : { legacyApproved }),
      }),
  };
}
