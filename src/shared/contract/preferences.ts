import { preferencesPatchSchema, preferencesSchema } from '../preferences';
import { defineCommand, noInput } from './define';

/** The console's own preferences (theme…), shared by every front door through the settings table. */
export const preferenceCommands = {
  getPreferences: defineCommand(noInput, preferencesSchema),
  /** Changes the fields named and answers with all preferences. */
  setPreferences: defineCommand(preferencesPatchSchema, preferencesSchema),
};

export const preferencePushEvents = {
  /** Another window or tab changed a preference. */
  'preferences.changed': preferencesSchema,
};
