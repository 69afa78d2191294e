import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import type { ColorSchemePreference } from '@shared/preferences';
import { usePreferencesStore } from './preferences-store';

/**
 * Light and dark themes. The preference (`system` | `light` | `dark`) lives in main's settings
 * table, so the desktop app and browser mode remember the same choice; Mantine reads and writes
 * it through this colour-scheme manager. localStorage keeps a copy only so the first paint
 * after a reload is already in the right scheme, before main has answered.
 */
const FIRST_PAINT_KEY = 'checkout-console.color-scheme';

export function toMantineColorScheme(preference: ColorSchemePreference): MantineColorScheme {
  return preference === 'system' ? 'auto' : preference;
}

export function toColorSchemePreference(scheme: MantineColorScheme): ColorSchemePreference {
  return scheme === 'auto' ? 'system' : scheme;
}

function firstPaintPreference(): ColorSchemePreference | null {
  try {
    const stored = window.localStorage.getItem(FIRST_PAINT_KEY);
    return stored === 'system' || stored === 'light' || stored === 'dark' ? stored : null;
  } catch {
    return null;
  }
}

function rememberForFirstPaint(preference: ColorSchemePreference): void {
  try {
    window.localStorage.setItem(FIRST_PAINT_KEY, preference);
  } catch {
    // Storage may be disabled; the bridge still has the preference.
  }
}

export function bridgeColorSchemeManager(): MantineColorSchemeManager {
  let unsubscribe: (() => void) | null = null;
  const stored = () => usePreferencesStore.getState().preferences?.colorScheme ?? null;
  return {
    get(defaultValue) {
      const preference = stored() ?? firstPaintPreference();
      return preference === null ? defaultValue : toMantineColorScheme(preference);
    },
    set(value) {
      const preference = toColorSchemePreference(value);
      rememberForFirstPaint(preference);
      // Mantine calls set() again when it follows an update from the store: nothing to save then.
      if (stored() !== preference) void usePreferencesStore.getState().update({ colorScheme: preference });
    },
    subscribe(onUpdate) {
      unsubscribe = usePreferencesStore.subscribe((state, previous) => {
        const next = state.preferences?.colorScheme;
        if (next !== undefined && next !== previous.preferences?.colorScheme) {
          rememberForFirstPaint(next);
          onUpdate(toMantineColorScheme(next));
        }
      });
    },
    unsubscribe() {
      unsubscribe?.();
      unsubscribe = null;
    },
    clear() {
      void usePreferencesStore.getState().update({ colorScheme: 'system' });
    },
  };
}

/** The scheme on screen now (`system` resolved), as Mantine wrote it on <html>. */
export function currentColorScheme(): 'light' | 'dark' {
  return document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark' ? 'dark' : 'light';
}

export function setColorSchemePreference(preference: ColorSchemePreference): Promise<void> {
  return usePreferencesStore.getState().update({ colorScheme: preference });
}

/** Flips between light and dark (leaving "follow the system" for an explicit choice). */
export function toggleColorScheme(): Promise<void> {
  return setColorSchemePreference(currentColorScheme() === 'dark' ? 'light' : 'dark');
}
