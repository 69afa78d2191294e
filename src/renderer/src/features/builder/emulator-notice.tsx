import { Alert, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPlay, IconServerOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { ProfileView } from '@shared/profile';
import { useEmulatorStore } from '@features/emulator';
import { errorMessage } from '@bridge/bridge-error';
import { useAppStore, useResumed } from '@ui/app-store';

/**
 * On the Local profile, a stopped emulator is said before a send finds nothing listening, with
 * the button that starts it (and, when its port is taken, one that starts it on a free port and
 * points the Local profile there). Not while the tab cannot reach its console (browser mode):
 * what it knew of the emulator may be stale, and Start cannot work from there.
 */
export function EmulatorNotice({ profile }: { profile: ProfileView | null }) {
  const local = profile?.environment === 'local';
  // The emulator feature's store: its status follows main's `emulator.changed` pushes.
  const status = useEmulatorStore((state) => state.status);
  const loadStatus = useEmulatorStore((state) => state.loadStatus);
  const startEmulator = useEmulatorStore((state) => state.start);
  const connected = useAppStore((state) => state.connection.status === 'open');
  const resumed = useResumed();
  const [starting, setStarting] = useState(false);
  useEffect(() => {
    if (local) loadStatus().catch(() => undefined);
  }, [local, loadStatus, resumed]);
  if (!local || !connected || status === null || status.running) return null;
  const start = (options: { port?: number; updateLocalProfile: boolean }) => {
    setStarting(true);
    startEmulator(options)
      .catch((error: unknown) =>
        notifications.show({
          color: 'red',
          title: 'The emulator did not start',
          message: errorMessage(error),
        }),
      )
      .finally(() => setStarting(false));
  };
  return (
    <Alert
      color="orange"
      mb="sm"
      p="xs"
      icon={<IconServerOff size={18} />}
      title="The local emulator is stopped"
      data-testid="emulator-stopped"
    >
      <Text size="sm">
        {/* With a reason (a taken port, say), the reason says what answers instead. */}
        {status.error === null
          ? `${profile.name} sends to it, so nothing would answer.`
          : `${profile.name} sends to it. ${status.error}`}
      </Text>
      <Group gap="xs" mt={6}>
        <Button
          size="xs"
          leftSection={<IconPlayerPlay size={14} />}
          loading={starting}
          onClick={() => start({ updateLocalProfile: false })}
        >
          Start the emulator
        </Button>
        {status.error !== null && (
          <Button
            size="xs"
            variant="light"
            loading={starting}
            onClick={() => start({ port: 0, updateLocalProfile: true })}
          >
            Start on a free port
          </Button>
        )}
      </Group>
    </Alert>
  );
}
