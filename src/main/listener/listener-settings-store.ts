import {
  DEFAULT_LISTENER_SETTINGS,
  listenerSettingsSchema,
  type ListenerSettings,
} from '../../shared/listener';
import { parseInput } from '../parse-input';
import type { SettingsRepository } from '../store/settings-repository';

const SETTINGS_KEY = 'listener.settings';

/**
 * Listener settings in the settings table (one JSON value), defaults when absent. Read as
 * stored each time (another process on the data directory may have saved them), and a patch
 * goes over what is stored now, so it never puts back fields another process changed.
 */
export function createListenerSettingsStore(settings: SettingsRepository) {
  const read = settings.reader(SETTINGS_KEY, listenerSettingsSchema, DEFAULT_LISTENER_SETTINGS);
  return {
    get(): ListenerSettings {
      return read();
    },
    update(patch: Partial<ListenerSettings>): ListenerSettings {
      const next = parseInput(listenerSettingsSchema, { ...read(), ...patch });
      settings.set(SETTINGS_KEY, next);
      return next;
    },
  };
}
export type ListenerSettingsStore = ReturnType<typeof createListenerSettingsStore>;
