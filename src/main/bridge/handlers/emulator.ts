import type { ConsoleServices } from '../../console-services';
import { localProfileOf } from '../../emulator/local-profile-tokens';
import { deliveryOnScreen, orderOnScreen } from '../../emulator/emulator-views';
import { usableSecrets } from '../../../shared/secrets/redact-secrets';
import type { HandlerGroup } from './types';
import { refuseMoveWithoutEmulator } from '../../emulator/customer-move-guard';

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
  dataDir,
}: Pick<ConsoleServices, 'emulator' | 'profiles' | 'dataDir'>): HandlerGroup<EmulatorCommand> {
  // Every answer with an order or a delivery in it shows a profile token masked (docs/security.md):
  // the secrets are read per answer, so a token set elsewhere a moment ago is masked too.
  const secrets = () => usableSecrets(profiles.secretsHere().secrets);
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
    listEmulatorOrders: ({ limit }) => {
      const known = secrets();
      // One read: a damaged row is named beside the others, never dropped from the list unsaid.
      const { orders, damaged } = emulator.ordersWithDamaged(limit);
      return { orders: orders.map((order) => orderOnScreen(order, known)), damaged };
    },
    listEmulatorDeliveries: ({ limit }) => {
      const known = secrets();
      return { deliveries: emulator.deliveries(limit).map((delivery) => deliveryOnScreen(delivery, known)) };
    },
    async emulatorCustomerAction({ orderId, action }) {
      await refuseMoveWithoutEmulator({ emulator, profiles, dataDir }, orderId, action);
      return orderOnScreen(emulator.customerAction(orderId, action), secrets());
    },
    setEmulatorOrderOptions: ({ orderId, faults, legacyApproved }) =>
      orderOnScreen(
        emulator.setOrderOptions(orderId, {
          ...(faults === undefined ? {} : { faults }),
          ...(legacyApproved === undefined ? {} : { legacyApproved }),
        }),
        secrets(),
      ),
  };
}
