import { z } from 'zod';
import { listenerSettingsInputSchema, listenerSettingsSchema, listenerStatusSchema } from '../listener';
import { unreadableWordsSchema } from '../stored-settings';
import { defineCommand, noInput } from './define';

export const listenerCommands = {
  getListenerStatus: defineCommand(noInput, listenerStatusSchema),
  /** Starts (or restarts) the listener on the active profile's port: after a port clash, say. */
  restartListener: defineCommand(noInput, listenerStatusSchema),
  /** The settings in use, and what of the stored value could not be read (the view says it). */
  getListenerSettings: defineCommand(
    noInput,
    listenerSettingsSchema.extend({ unreadable: unreadableWordsSchema }),
  ),
  /**
   * Changes the fields named. `expected`: those fields as the saving window read them; one
   * changed elsewhere since is not overwritten (a conflict) unless the save leaves it out.
   */
  updateListenerSettings: defineCommand(
    listenerSettingsInputSchema.partial().extend({
      expected: listenerSettingsSchema.partial().optional(),
      /** Required when the forward-to URL given is a live profile's address (as a replay's target is). */
      confirmLive: z.boolean().default(false),
    }),
    listenerSettingsSchema,
  ),
};

export const listenerPushEvents = {
  /** The listener started, stopped, moved port or failed. */
  'listener.status': listenerStatusSchema,
  'listener.settings': listenerSettingsSchema,
};
