import { Alert, Button, Group, Text } from '@mantine/core';
import { IconKeyOff } from '@tabler/icons-react';
import type { KeyringFallbackStatus } from '@shared/keyring-fallback';
import { useChooseKeyringFallback } from '@ui/choose-keyring-fallback';
import { useNavigation } from '@ui/navigation';

/**
 * Linux without a keyring: safeStorage's key would be public. Shown until the user decides;
 * closing it keeps the protection in effect (and records that as the choice).
 */
export function KeyringFallbackBanner({ status }: { status: KeyringFallbackStatus }) {
  const choose = useChooseKeyringFallback();
  const navigate = useNavigation((state) => state.navigate);
  return (
    <Alert
      data-testid="keyring-fallback-banner"
      color="yellow"
      icon={<IconKeyOff />}
      title="No keyring: choose how tokens are protected"
      withCloseButton
      closeButtonLabel="Dismiss and keep the current protection"
      onClose={() => choose(status.choice)}
      mb="md"
    >
      <Text size="sm">{status.warning}</Text>
      <Group gap="xs" mt="sm">
        <Button size="xs" onClick={() => choose('key-file')}>
          {status.choice === 'key-file' ? 'Keep the console’s vault' : 'Use the console’s vault'}
        </Button>
        <Button size="xs" variant="default" onClick={() => choose('safe-storage')}>
          Use safeStorage’s public key anyway
        </Button>
        <Button size="xs" variant="subtle" onClick={() => navigate('settings')}>
          Details in Settings
        </Button>
      </Group>
    </Alert>
  );
}
