import { Alert, Card, Radio, Stack, Text, Title } from '@mantine/core';
import { IconKeyOff } from '@tabler/icons-react';
import { keyringFallbackChoiceSchema, type KeyringFallbackStatus } from '@shared/keyring-fallback';
import { useChooseKeyringFallback } from '@ui/choose-keyring-fallback';

/**
 * Linux desktop without a keyring: the choice between the console's own vault and safeStorage
 * with Chromium's public key, with the trade-off spelled out.
 */
export function KeyringFallbackSettings({ status }: { status: KeyringFallbackStatus }) {
  const choose = useChooseKeyringFallback();
  return (
    <Card withBorder data-testid="keyring-fallback-settings">
      <Stack gap="sm">
        <Title order={4}>No keyring found</Title>
        <Alert color="yellow" icon={<IconKeyOff />} title={`safeStorage backend: ${status.backend}`}>
          {status.warning}
        </Alert>
        <Radio.Group
          label="Protect tokens with"
          value={status.choice}
          onChange={(value) => {
            const parsed = keyringFallbackChoiceSchema.safeParse(value);
            if (parsed.success) choose(parsed.data);
          }}
        >
          <Stack gap="xs" mt="xs">
            <Radio
              value="key-file"
              label="The console’s vault (recommended)"
              description="AES-256-GCM with a random key in the OS keychain or, without one, a key file (mode 0600) in the data directory. A copy of the database alone reveals nothing."
            />
            <Radio
              value="safe-storage"
              label="Electron safeStorage with Chromium’s built-in key"
              description="The key is public: anyone with a copy of console.sqlite can read the tokens."
            />
          </Stack>
        </Radio.Group>
        <Text size="xs" c="dimmed">
          Changing this re-encrypts every stored token at once. The real fix is a running keyring (GNOME
          Keyring or KWallet); with one, the console uses safeStorage and this choice disappears.
        </Text>
      </Stack>
    </Card>
  );
}
