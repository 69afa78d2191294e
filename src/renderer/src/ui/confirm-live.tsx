import { Text } from '@mantine/core';
import type { ProfileView } from '@shared/profile';
import { confirmAction } from './confirm-dialog';

/**
 * Asks before any outbound call on a live profile. Resolves true only on an explicit click of
 * the red button; closing the dialog or pressing Escape is a no.
 */
export function confirmLiveCall(
  profile: Pick<ProfileView, 'name' | 'environment'>,
  action: string,
): Promise<boolean> {
  if (profile.environment !== 'live') return Promise.resolve(true);
  return confirmAction({
    title: `Send to LIVE profile "${profile.name}"?`,
    children: (
      <Text size="sm">
        {action} will reach the production service. Real orders and real money are involved.
      </Text>
    ),
    confirmLabel: 'Yes, send to production',
    color: 'red',
  });
}

/** Asks before a replay goes to a production address. */
export function confirmLiveReplay(url: string, sends: number): Promise<boolean> {
  return confirmAction({
    title: 'Replay to a LIVE profile?',
    children: (
      <Text size="sm">
        {sends} {sends === 1 ? 'request goes' : 'requests go'} to {url}, a production address.
      </Text>
    ),
    confirmLabel: 'Yes, replay to production',
    color: 'red',
  });
}
