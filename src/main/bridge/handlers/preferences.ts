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
      const next: Preferences = { ...readPreferences(settings), ...patch };
      settings.set(PREFERENCES_KEY, next);
      bus.publish('preferences.changed', next);
      return next;
    },
  };
}
