import { notifications } from '@mantine/notifications';
import { create } from 'zustand';
import type { PreferencesAsRead, PreferencesPatch } from '@shared/preferences';
import { bridge } from '@bridge';
import { errorMessage } from '@bridge/bridge-error';

interface PreferencesState {
  /** Null until main has answered; with what of the stored value main could not read. */
  preferences: PreferencesAsRead | null;
  load: () => Promise<void>;
  /** Applies at once (the UI follows), persists through the bridge, reverts if main refuses. */
  update: (patch: PreferencesPatch) => Promise<void>;
}

/** The console's own preferences, as stored in main's settings table. */
export const usePreferencesStore = create<PreferencesState>((set, get) => ({
  preferences: null,
  async load() {
    set({ preferences: await bridge.getPreferences({}) });
  },
  async update(patch) {
    const before = get().preferences;
    if (before !== null) set({ preferences: { ...before, ...patch } });
    try {
      set({ preferences: await bridge.setPreferences(patch) });
    } catch (error) {
      set({ preferences: before });
      notifications.show({
        color: 'red',
        title: 'Could not save the preference',
        message: errorMessage(error),
      });
    }
  },
}));

// Another window or tab changed a preference.
bridge.subscribe((event) => {
  if (event.name === 'preferences.changed') usePreferencesStore.setState({ preferences: event.payload });
});
