import { Alert } from '@mantine/core';
import { useEffect } from 'react';
import type { ListenerStatus } from '@shared/listener';
import { useListenerStore } from '@features/listener';
import { useResumed } from '@ui/app-store';

/**
 * Why this console's listener is not running on `profileId`'s listener port, in the listener's
 * own words (main's listener-port-words.ts, which the Listener view and the Builder show too), or
 * null: it runs, or this console runs another profile's listener (the active one, or the one a
 * scenario run holds), whose port is never tried for this one.
 */
export function listenerNotRunningFor(
  status: ListenerStatus | null,
  profileId: number | null,
): string | null {
  if (status === null || profileId === null || status.profileId !== profileId) return null;
  return status.running ? null : status.error;
}

/**
 * The listener's status as it is once a profile save has been answered: main answers a save only
 * after its listener has followed it (a new port tried), so the status read now is the save's.
 */
export async function listenerStatusAfterSave(): Promise<ListenerStatus | null> {
  await useListenerStore.getState().load();
  return useListenerStore.getState().status;
}

/**
 * Said under the Listener port of the profile whose listener this console runs, while it is not
 * running: only the Listener view and the Builder said a port already in use, not the form where
 * the port is chosen. Follows `listener.status` pushes, so it goes once a free port is saved.
 */
export function ListenerPortNotice({ profileId }: { profileId: number | null }) {
  const words = useListenerStore((state) => listenerNotRunningFor(state.status, profileId));
  const load = useListenerStore((state) => state.load);
  const resumed = useResumed();
  useEffect(() => {
    load().catch(() => undefined);
  }, [load, resumed]);
  if (words === null) return null;
  return (
    <Alert
      color="orange"
      title="This console's listener is not running"
      data-testid="profile-listener-not-running"
    >
      {words}
    </Alert>
  );
}
