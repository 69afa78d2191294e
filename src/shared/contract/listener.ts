import { listenerSettingsSchema, listenerStatusSchema } from '../listener';
import { defineCommand, noInput } from './define';

export const listenerCommands = {
  getListenerStatus: defineCommand(noInput, listenerStatusSchema),
  /** Starts (or restarts) the listener on the active profile's port: after a port clash, say. */
  restartListener: defineCommand(noInput, listenerStatusSchema),
  getListenerSettings: defineCommand(noInput, listenerSettingsSchema),
  updateListenerSettings: defineCommand(listenerSettingsSchema.partial(), listenerSettingsSchema),
};

export const listenerPushEvents = {
  /** The listener started, stopped, moved port or failed. */
  'listener.status': listenerStatusSchema,
  'listener.settings': listenerSettingsSchema,
};
