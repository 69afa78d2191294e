import { notifications } from '@mantine/notifications';
import type { CommandInput } from '@shared/contract';
import { errorMessage } from '@bridge/bridge-error';
import { saveUnlessChangedElsewhere } from '@ui/changed-elsewhere';
import { useEmulatorStore } from './emulator-store';

type Update = CommandInput<'updateEmulatorSettings'>;

/**
 * Saves what a settings form changed (`patch`), checked against those fields as it read them
 * (`expected`); a field another window changed meanwhile is the person's to overwrite or not.
 * True once saved.
 */
export async function saveEmulatorSettings(
  change: { patch: Omit<Update, 'expected'>; expected: NonNullable<Update['expected']> },
  labels: Readonly<Record<string, string>>,
): Promise<boolean> {
  if (Object.keys(change.patch).length === 0) {
    notifications.show({ message: 'Nothing changed: there is nothing to save' });
    return false;
  }
  const { saveSettings } = useEmulatorStore.getState();
  try {
    const saved = await saveUnlessChangedElsewhere({
      what: 'Emulator settings',
      labels,
      save: (checked) =>
        saveSettings({ ...change.patch, ...(checked ? { expected: change.expected } : {}) }).then(() => true),
    });
    if (saved === null) return false;
    notifications.show({ color: 'green', message: 'Emulator settings saved' });
    return true;
  } catch (error) {
    notifications.show({ color: 'red', message: errorMessage(error) });
    return false;
  }
}
