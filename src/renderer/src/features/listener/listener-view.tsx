import { Alert, Badge, Button, Card, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useResumed } from '@ui/app-store';
import { CheckEndpointButton } from '@features/scenarios';
import { useEmulatorStore } from '@features/emulator';
import { LISTENER_SETTINGS_SETTING } from '@shared/stored-settings';
import { UnreadableSettingAlert } from '@ui/unreadable-setting-alert';
import { ForwardHoldAlert } from './forward-hold-alert';
import { ListenerSettingsForm } from './listener-settings-form';
import { emulatorSignsElsewhereWords, notStoredWords } from './listener-status-words';
import { useListenerStore } from './listener-store';
import { useFailureUntilResumed } from './use-failure-until-resumed';

/** The webhook listener: where it listens, why it does not, and how it answers. */
export function ListenerView() {
  const { status, settings, unreadable, load, restart, saveSettings } = useListenerStore(
    useShallow((state) => ({
      status: state.status,
      settings: state.settings,
      unreadable: state.unreadable,
      load: state.load,
      restart: state.restart,
      saveSettings: state.saveSettings,
    })),
  );
  const [failure, setFailure] = useFailureUntilResumed();
  const resumed = useResumed();
  useEffect(() => {
    load().catch(setFailure);
  }, [load, resumed, setFailure]);
  // Whose token the console's own emulator signs with: the builder's notice reads the same store.
  const emulatorStatus = useEmulatorStore((state) => state.status);
  useEffect(() => {
    useEmulatorStore
      .getState()
      .loadStatus()
      .catch(() => undefined);
  }, [resumed]);

  const notStored = status === null ? null : notStoredWords(status);
  const signsElsewhere = status === null ? null : emulatorSignsElsewhereWords(status, emulatorStatus);
  return (
    <Stack maw={1000}>
      <Title order={3}>Webhook listener</Title>
      {failure !== null && <Alert color="red">{failure}</Alert>}
      <UnreadableSettingAlert
        setting={LISTENER_SETTINGS_SETTING}
        unreadable={unreadable}
        testId="unreadable-listener-settings"
      />
      {status !== null && notStored !== null && (
        <Card withBorder>
          <Group justify="space-between" mb="sm">
            <Group gap="xs">
              <Badge color={status.running ? 'green' : 'red'} data-testid="listener-state">
                {status.running ? 'listening' : 'stopped'}
              </Badge>
              {status.profileName !== null && <Text size="sm">for profile {status.profileName}</Text>}
            </Group>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={14} />}
              onClick={() => restart().then(() => setFailure(null), setFailure)}
            >
              Restart listener
            </Button>
          </Group>
          <Table>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={200}>URL</Table.Th>
                <Table.Td>
                  {status.url === null ? '—' : <Code data-testid="listener-url">{status.url}</Code>}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Port</Table.Th>
                <Table.Td>
                  {status.port ?? '—'}
                  {status.configuredPort === 0
                    ? ' (the profile asks for any free port)'
                    : ` (profile: ${status.configuredPort})`}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Public URL</Table.Th>
                <Table.Td>
                  {status.publicUrl === null ? (
                    'not set (set one in the profile when you use a tunnel)'
                  ) : (
                    <Code>{status.publicUrl}</Code>
                  )}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Notification token</Table.Th>
                <Table.Td>
                  {status.hasNotificationToken
                    ? 'set in the profile: tokens are verified'
                    : status.notificationTokenUnopened !== null
                      ? `set in the profile, but it cannot be opened here (${status.notificationTokenUnopened}): every token is judged no_secret`
                      : 'not set in the profile: every token is judged no_secret'}
                  {signsElsewhere !== null && (
                    <Text size="sm" c="orange" mt={4} data-testid="listener-emulator-signer">
                      {signsElsewhere}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Not stored</Table.Th>
                <Table.Td data-testid="listener-not-stored">
                  {notStored.alarm ? (
                    <Text span c="red" fw={600}>
                      {notStored.text}
                    </Text>
                  ) : (
                    notStored.text
                  )}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {status.error !== null && (
            <Alert color="orange" mt="sm" title="Not listening" data-testid="listener-error">
              {status.error}
            </Alert>
          )}
        </Card>
      )}
      {settings !== null && (
        <Card withBorder>
          <Group justify="space-between" mb="sm">
            <Title order={4}>How it answers</Title>
            <CheckEndpointButton url={settings.forwardTo} />
          </Group>
          {/* Above the form: its "Forward to" box alone read as if every webhook went on. */}
          {status?.forwardHold != null && status.forwardHold.forwardTo === settings.forwardTo && (
            <ForwardHoldAlert hold={status.forwardHold} />
          )}
          {/* Follows each push of the settings (fields not edited here); it used to re-mount and drop edits. */}
          <ListenerSettingsForm
            settings={settings}
            onSave={saveSettings}
            replacesUnreadable={unreadable.length > 0}
          />
        </Card>
      )}
    </Stack>
  );
}
