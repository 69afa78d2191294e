import { ActionIcon, Alert, Badge, Button, CopyButton, Group, Paper, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconPlayerPlay, IconPlayerStop, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import type { EmulatorStatus } from '@shared/emulator';
import { errorMessage } from '@bridge/bridge-error';
import { lastKnownWords } from './emulator-last-known';
import { useEmulatorStore } from './emulator-store';

/**
 * Running or not, where, for which profile, and why not; start, restart, stop, or move to a free
 * port. Unless `known` (browser mode, the connection lost), only what was last heard, as that.
 */
export function EmulatorStatusCard({ status, known }: { status: EmulatorStatus; known: boolean }) {
  const [busy, setBusy] = useState(false);
  const { start, stop } = useEmulatorStore.getState();
  const run = (action: () => Promise<void>) => {
    setBusy(true);
    action()
      .catch((error: unknown) => notifications.show({ color: 'red', message: errorMessage(error) }))
      .finally(() => setBusy(false));
  };
  return (
    <Paper withBorder p="md" radius="md" data-testid="emulator-status">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Badge
            color={!known ? 'orange' : status.running ? 'teal' : 'gray'}
            size="lg"
            variant="light"
            data-testid="emulator-running"
          >
            {!known ? 'not known' : status.running ? 'running' : 'stopped'}
          </Badge>
          {!known && (
            <Text size="sm" c="dimmed" data-testid="emulator-last-known">
              {lastKnownWords(status)}
            </Text>
          )}
          {known && status.url !== null && (
            <Group gap={4} wrap="nowrap">
              <Text ff="monospace" size="sm" data-testid="emulator-url">
                {status.url}
              </Text>
              <CopyButton value={status.url}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? 'Copied' : 'Copy the URL'}>
                    <ActionIcon size="sm" variant="subtle" onClick={copy} aria-label="Copy the emulator URL">
                      {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
          )}
          {known && status.profileName !== null && (
            <Text size="sm" c="dimmed" data-testid="emulator-profile">
              {/* Stopped, it accepts and signs nothing: said as what it will do once started. */}
              {status.running
                ? `for profile ${status.profileName} (its API token is accepted; its notification token signs)`
                : `for profile ${status.profileName}: once started, it accepts that profile's API token and signs notifications with its notification token`}
            </Text>
          )}
        </Group>
        {/* Not connected, they could not reach the emulator: offered again once the console answers. */}
        {known && (
          <Group gap="xs" wrap="nowrap">
            {/* Stopped, Start is the one thing to do: the filled (primary) button, not the pale one.
                Not started for a reason, Start meets it again: the free port below is the primary. */}
            <Button
              size="xs"
              variant={status.running ? 'light' : status.error === null ? 'filled' : 'default'}
              loading={busy}
              leftSection={status.running ? <IconRefresh size={14} /> : <IconPlayerPlay size={14} />}
              onClick={() => run(() => start({ updateLocalProfile: false }))}
            >
              {status.running ? 'Restart' : 'Start'}
            </Button>
            {status.running && (
              <Button
                size="xs"
                variant="default"
                loading={busy}
                leftSection={<IconPlayerStop size={14} />}
                onClick={() => run(() => stop())}
              >
                Stop
              </Button>
            )}
          </Group>
        )}
      </Group>
      {known && status.error !== null && (
        <Alert color="orange" mt="sm" title="The emulator is not running" data-testid="emulator-error">
          <Text size="sm">{status.error}</Text>
          <Button
            size="xs"
            mt="xs"
            variant="filled"
            onClick={() => run(() => start({ port: 0, updateLocalProfile: true }))}
          >
            {`Start on a free port (${status.profileName === null ? "the local profile's base URL" : `the base URL of profile ${status.profileName}`} follows)`}
          </Button>
        </Alert>
      )}
    </Paper>
  );
}
