import { Alert, Card, Code, Stack, Table, Text, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useAppStore } from '@ui/app-store';
import { AppearanceSettings } from './appearance-settings';
import { FirstRunSettings } from './first-run-settings';
import { KeyringFallbackSettings } from './keyring-fallback-settings';
import { ShortcutsTable } from './shortcuts-table';
import { UnreadablePreferencesAlert } from './unreadable-preferences-alert';

const SCHEME_DESCRIPTION: Record<string, string> = {
  safestorage: "Electron safeStorage (the operating system's credential store)",
  'keychain-aes256gcm': 'AES-256-GCM with a key kept in the OS keychain',
  'file-aes256gcm': 'AES-256-GCM with a key file (mode 0600) in the data directory',
};

/** Where data lives and how secrets are protected. */
export function SettingsView() {
  const info = useAppStore((state) => state.info);
  if (info === null) return null;
  return (
    <Stack maw={900}>
      <Title order={3}>Settings</Title>
      <UnreadablePreferencesAlert />
      <AppearanceSettings />
      <FirstRunSettings />
      <Card withBorder>
        <Table>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={200}>Version</Table.Th>
              <Table.Td>{info.version}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Running as</Table.Th>
              <Table.Td>
                {info.frontDoor === 'desktop' ? 'Desktop app' : 'Browser mode (checkout-console serve)'}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Data directory</Table.Th>
              <Table.Td>
                <Code>{info.dataDir}</Code>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Token encryption</Table.Th>
              <Table.Td>
                <Text size="sm">{SCHEME_DESCRIPTION[info.vault.scheme] ?? info.vault.scheme}</Text>
                <Text size="xs" c="dimmed">
                  Stored as <Code>${info.vault.scheme}:…</Code>. Tokens never leave the main process; this
                  window only ever sees them masked.
                </Text>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Card>
      {info.vault.warning !== null && (
        <Alert
          color="yellow"
          icon={<IconShieldLock />}
          title="Tokens are protected by a key file"
          data-testid="vault-warning"
        >
          {info.vault.warning}
        </Alert>
      )}
      {info.vault.keyringFallback !== null && <KeyringFallbackSettings status={info.vault.keyringFallback} />}
      <ShortcutsTable />
    </Stack>
  );
}
