import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { ProfileView } from '@shared/profile';
import { useEmulatorStore } from '@features/emulator';
import { errorMessage } from '@bridge/bridge-error';
import { useAppStore, useResumed } from '@ui/app-store';
import { StoppedServiceNotice } from './stopped-service-notice';

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
  // Not started for a reason (its port held), Start meets the reason again: the free port is
  // the primary, as on the Emulator view's card, and Start stays to try again once it is gone.
  const reason = status.error !== null;
  const startButton = (
    <Button
      key="start"
      size="xs"
      variant={reason ? 'default' : 'filled'}
      leftSection={<IconPlayerPlay size={14} />}
      loading={starting}
      onClick={() => start({ updateLocalProfile: false })}
    >
      Start the emulator
    </Button>
  );
  const freePortButton = (
    <Button
      key="free-port"
      size="xs"
      variant="filled"
      loading={starting}
      onClick={() => start({ port: 0, updateLocalProfile: true })}
    >
      Start on a free port
    </Button>
  );
  return (
    <StoppedServiceNotice
      title="The local emulator is stopped"
      testId="emulator-stopped"
      actions={reason ? [freePortButton, startButton] : startButton}
    >
      {/* With a reason (a taken port, say), the reason says what answers instead. */}
      {reason
        ? `${profile.name} sends to it. ${status.error}`
        : `${profile.name} sends to it, so nothing would answer.`}
    </StoppedServiceNotice>
  );
}
