import {
  DEFAULT_LISTENER_SETTINGS,
  listenerSettingsSchema,
  type ListenerSettings,
} from '../../shared/listener';
import { parseInput } from '../parse-input';
import type { SettingsRepository } from '../store/settings-repository';

const SETTINGS_KEY = 'listener.settings';

/** Listener settings in the settings table (one JSON value), defaults when absent. */
export function createListenerSettingsStore(settings: SettingsRepository) {
  let cached: ListenerSettings | null = null;
  return {
    get(): ListenerSettings {
      cached ??= settings.get(SETTINGS_KEY, listenerSettingsSchema, DEFAULT_LISTENER_SETTINGS);
      return cached;
    },
    update(patch: Partial<ListenerSettings>): ListenerSettings {
      const next = parseInput(listenerSettingsSchema, { ...this.get(), ...patch });
      settings.set(SETTINGS_KEY, next);
      cached = next;
      return next;
    },
  };
}
export type ListenerSettingsStore = ReturnType<typeof createListenerSettingsStore>;
