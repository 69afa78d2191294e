import { z } from 'zod';
import {
  customerActionSchema,
  damagedEmulatorOrderSchema,
  emulatorDeliverySchema,
  emulatorOrderSchema,
  emulatorSettingsUpdateSchema,
  emulatorSettingsViewSchema,
  emulatorStatusSchema,
  faultsSchema,
} from '../emulator';
import { defineCommand, noInput } from './define';

const orderId = z.string().trim().min(1, 'Enter the order id').max(200);
const limit = z.number().int().min(1).max(1000).default(200);

export const emulatorCommands = {
  getEmulatorStatus: defineCommand(noInput, emulatorStatusSchema),
  /** Starts (or restarts) it: on `port`, or on the Local profile's base URL port. */
  startEmulator: defineCommand(
    z.object({
      port: z.number().int().min(0).max(65_535, 'A port is at most 65535').optional(),
      /** After binding `port` (0: any free one), point the Local profile's base URL at it. */
      updateLocalProfile: z.boolean().default(false),
    }),
    emulatorStatusSchema,
  ),
  stopEmulator: defineCommand(noInput, emulatorStatusSchema),
  /** The registered webhook's header values come masked: a window can set them, never read them. */
  getEmulatorSettings: defineCommand(noInput, emulatorSettingsViewSchema),
  updateEmulatorSettings: defineCommand(emulatorSettingsUpdateSchema, emulatorSettingsViewSchema),
  /**
   * The newest `limit` stored orders: those that can be read, and each whose row is damaged, by
   * its sentence and (where readable) its id (docs/data-safety.md): no list may leave one out silently.
   */
  listEmulatorOrders: defineCommand(
    z.object({ limit }),
    z.object({ orders: z.array(emulatorOrderSchema), damaged: z.array(damagedEmulatorOrderSchema) }),
  ),
  listEmulatorDeliveries: defineCommand(
    z.object({ limit }),
    z.object({ deliveries: z.array(emulatorDeliverySchema) }),
  ),
  /** What the checkout page's buttons (and `/_emulator/orders/{id}/…`) do. */
  emulatorCustomerAction: defineCommand(
    z.object({ orderId, action: customerActionSchema }),
    emulatorOrderSchema,
  ),
  /** An order's own faults (null: the emulator's) and its notification form. */
  setEmulatorOrderOptions: defineCommand(
    z.object({ orderId, faults: faultsSchema.nullable().optional(), legacyApproved: z.boolean().optional() }),
    emulatorOrderSchema,
  ),
};

export const emulatorPushEvents = {
  /** Status, orders or deliveries changed: the view reloads what it shows. */
  'emulator.changed': emulatorStatusSchema,
};
