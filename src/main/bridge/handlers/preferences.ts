import { z } from 'zod';
import { parseStoredPreferences, type Preferences } from '../../../shared/preferences';
import type { ConsoleServices } from '../../console-services';
import type { SettingsRepository } from '../../store/settings-repository';
import type { HandlerGroup } from './types';

export const PREFERENCES_KEY = 'preferences';

export function readPreferences(settings: SettingsRepository): Preferences {
  return parseStoredPreferences(settings.get(PREFERENCES_KEY, z.unknown(), null));
}

export function preferenceHandlers({
  settings,
  bus,
}: Pick<ConsoleServices, 'settings' | 'bus'>): HandlerGroup<'getPreferences' | 'setPreferences'> {
  return {
    getPreferences: () => readPreferences(settings),
    setPreferences: (patch) => {
      // Read and written in one transaction: a preference another console saved meanwhile
      // (the theme in one window, the first-run guide in another) is kept, not written over.
      const next = settings.update(PREFERENCES_KEY, z.unknown(), null, (stored): Preferences => ({
        ...parseStoredPreferences(stored),
        ...patch,
      }));
      bus.publish('preferences.changed', next);
      return next;
    },
  };
}
