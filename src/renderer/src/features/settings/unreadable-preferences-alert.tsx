import { PREFERENCES_SETTING } from '@shared/preferences';
import { usePreferencesStore } from '@ui/preferences-store';
import { UnreadableSettingAlert } from '@ui/unreadable-setting-alert';

const NOTHING: readonly string[] = [];

/**
 * Stored preferences main could not read (edited by hand, damaged): what, and that defaults
 * stand in until a preference is saved. Main keeps the stored value until then; a save in any
 * window writes them all again, readable, and this goes.
 */
export function UnreadablePreferencesAlert() {
  const unreadable = usePreferencesStore((state) => state.preferences?.unreadable ?? NOTHING);
  return (
    <UnreadableSettingAlert
      setting={PREFERENCES_SETTING}
      unreadable={unreadable}
      testId="unreadable-preferences"
    />
  );
}
