import { notifications } from '@mantine/notifications';
import type { KeyringFallbackChoice } from '@shared/keyring-fallback';
import { errorMessage } from '@bridge/bridge-error';
import { useAppStore } from './app-store';

/** The one way to record how tokens are protected without a keyring (banner and settings). */
export function useChooseKeyringFallback(): (choice: KeyringFallbackChoice) => void {
  const choose = useAppStore((state) => state.chooseKeyringFallback);
  return (choice) =>
    void choose(choice).catch((error: unknown) =>
      notifications.show({
        color: 'red',
        title: 'Could not change how tokens are protected',
        message: errorMessage(error),
      }),
    );
}
