import { listenerSettingsInputSchema, listenerSettingsSchema, listenerStatusSchema } from '../listener';
import { defineCommand, noInput } from './define';

export const listenerCommands = {
  getListenerStatus: defineCommand(noInput, listenerStatusSchema),
  /** Starts (or restarts) the listener on the active profile's port: after a port clash, say. */
  restartListener: defineCommand(noInput, listenerStatusSchema),
  getListenerSettings: defineCommand(noInput, listenerSettingsSchema),
  /**
   * Changes the fields named. `expected`: those fields as the saving window read them; one
   * changed elsewhere since is not overwritten (a conflict) unless the save leaves it out.
   */
  updateListenerSettings: defineCommand(
    listenerSettingsInputSchema.partial().extend({ expected: listenerSettingsSchema.partial().optional() }),
    listenerSettingsSchema,
  ),
};

export const listenerPushEvents = {
  /** The listener started, stopped, moved port or failed. */
  'listener.status': listenerStatusSchema,
  'listener.settings': listenerSettingsSchema,
};
