import { readStoredPreferencesText, type PreferencesAsRead } from '../../../shared/preferences';
import type { ConsoleServices } from '../../console-services';
import type { SettingsRepository } from '../../store/settings-repository';
import type { HandlerGroup } from './types';

export const PREFERENCES_KEY = 'preferences';

/**
 * The stored preferences, with what of them cannot be read (defaults stand in for it). Reading
 * never writes: a value that cannot be read stays stored as it is until a preference is saved.
 */
export function readPreferences(settings: SettingsRepository): PreferencesAsRead {
  return readStoredPreferencesText(settings.storedText(PREFERENCES_KEY));
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
      // A save writes every preference: what could not be read is replaced by its default then.
      const next = settings.update(PREFERENCES_KEY, (storedText) => {
        const { unreadable: _unreadable, ...stored } = readStoredPreferencesText(storedText);
        return { ...stored, ...patch };
      });
      const read: PreferencesAsRead = { ...next, unreadable: [] };
      bus.publish('preferences.changed', read);
      return read;
    },
  };
}
