import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import type { ProfileView } from '@shared/profile';
import { listenerNotRunningWords, useListenerStore } from '@features/listener';
import { useProfilesStore } from '@features/profiles';
import { errorMessage } from '@bridge/bridge-error';
import { useAppStore, useResumed } from '@ui/app-store';
import { useNavigation } from '@ui/navigation';
import { StoppedServiceNotice } from './stopped-service-notice';

/**
 * On a local profile, this console's listener not running (its port held by another program)
 * is said before a send, as a stopped emulator is: the order's webhooks would go to whatever
 * holds the port, and the order stay new here after it is paid, with the builder none the
 * wiser. The way out: the profile's listener on a free port (port 0, which every console on
 * this data directory then uses; the listener follows the profile), or the Listener view.
 */
export function ListenerNotice({ profile }: { profile: ProfileView | null }) {
  const local = profile?.environment === 'local';
  // The listener feature's store: its status follows main's `listener.status` pushes.
  const status = useListenerStore((state) => state.status);
  const load = useListenerStore((state) => state.load);
  const connected = useAppStore((state) => state.connection.status === 'open');
  const navigate = useNavigation((state) => state.navigate);
  const resumed = useResumed();
  const [moving, setMoving] = useState(false);
  useEffect(() => {
    if (local) load().catch(() => undefined);
  }, [local, load, resumed]);
  // The listener follows the active profile, so its status is this profile's.
  if (!local || !connected || status === null || status.profileId !== profile.id) return null;
  const words = listenerNotRunningWords(status, profile.name);
  if (words === null) return null;
  const freePort = () => {
    setMoving(true);
    useProfilesStore
      .getState()
      .update({
        id: profile.id,
        fields: { listenerPort: 0 },
        // Not over a port another window or console chose meanwhile.
        expected: { listenerPort: status.configuredPort },
      })
      .catch((error: unknown) =>
        notifications.show({
          color: 'red',
          title: 'The listener did not move',
          message: errorMessage(error),
        }),
      )
      .finally(() => setMoving(false));
  };
  return (
    <StoppedServiceNotice
      title="This console's listener is not running"
      testId="listener-stopped"
      actions={[
        <Button key="free-port" size="xs" variant="filled" loading={moving} onClick={freePort}>
          Start on a free port (listener port 0)
        </Button>,
        <Button key="view" size="xs" variant="default" onClick={() => navigate('listener')}>
          Open the Listener view
        </Button>,
      ]}
    >
      {words}
    </StoppedServiceNotice>
  );
}
