import {
  DEFAULT_LISTENER_SETTINGS,
  listenerSettingsSchema,
  type ListenerSettings,
} from '../../shared/listener';
import { refuseChangedElsewhere } from '../changed-elsewhere';
import { parseInput } from '../parse-input';
import type { SettingsRepository } from '../store/settings-repository';

const SETTINGS_KEY = 'listener.settings';

/**
 * Listener settings in the settings table (one JSON value), defaults when absent. Read as
 * stored each time (another process on the data directory may have saved them), and a patch
 * goes over what is stored now, so it never puts back fields another process changed; with
 * `expected`, neither does it overwrite a patched field changed elsewhere since (a conflict).
 * `transaction` makes the read, the check and the write one.
 */
export function createListenerSettingsStore(
  settings: SettingsRepository,
  transaction: <T>(fn: () => T) => T = (fn) => fn(),
) {
  const read = settings.reader(SETTINGS_KEY, listenerSettingsSchema, DEFAULT_LISTENER_SETTINGS);
  return {
    get(): ListenerSettings {
      return read();
    },
    update(patch: Partial<ListenerSettings>, expected?: Partial<ListenerSettings>): ListenerSettings {
      return transaction(() => {
        const stored = read();
        refuseChangedElsewhere('Listener settings', stored, patch, expected);
        const next = parseInput(listenerSettingsSchema, { ...stored, ...patch });
        settings.set(SETTINGS_KEY, next);
        return next;
      });
    },
  };
}
export type ListenerSettingsStore = ReturnType<typeof createListenerSettingsStore>;
