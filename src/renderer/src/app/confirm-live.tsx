import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import type { ProfileView } from '../../../shared/profile';

/**
 * The console's one confirmation dialog for an action that reaches the outside world again
 * or for real (a live call, a live replay, a second send). Resolves true only on an explicit
 * click of the confirm button; closing the dialog or pressing Escape is a no.
 */
export function confirmAction(options: {
  title: string;
  body: ReactNode;
  confirm: string;
  color: 'red' | 'orange';
}): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: options.title,
      children: typeof options.body === 'string' ? <Text size="sm">{options.body}</Text> : options.body,
      labels: { confirm: options.confirm, cancel: 'Cancel' },
      confirmProps: { color: options.color },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

/** Asks before any outbound call on a live profile. */
export function confirmLiveCall(
  profile: Pick<ProfileView, 'name' | 'environment'>,
  action: string,
): Promise<boolean> {
  if (profile.environment !== 'live') return Promise.resolve(true);
  return confirmAction({
    title: `Send to LIVE profile "${profile.name}"?`,
    body: `${action} will reach the production service. Real orders and real money are involved.`,
    confirm: 'Yes, send to production',
    color: 'red',
  });
}
