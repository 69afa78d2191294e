import { preferencesAsReadSchema, preferencesPatchSchema } from '../preferences';
import { defineCommand, noInput } from './define';

/**
 * The console's own preferences (theme…), shared by every front door through the settings table;
 * each answer says what of the stored value could not be read (`unreadable`).
 */
export const preferenceCommands = {
  getPreferences: defineCommand(noInput, preferencesAsReadSchema),
  /** Changes the fields named and answers with all preferences. */
  setPreferences: defineCommand(preferencesPatchSchema, preferencesAsReadSchema),
};

export const preferencePushEvents = {
  /** Another window or tab changed a preference. */
  'preferences.changed': preferencesAsReadSchema,
};
