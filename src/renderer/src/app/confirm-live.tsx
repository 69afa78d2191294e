import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ProfileView } from '../../../shared/profile';

/**
 * Asks before any outbound call on a live profile. Resolves true only on an explicit click of
 * the red button; closing the dialog or pressing Escape is a no.
 */
export function confirmLiveCall(
  profile: Pick<ProfileView, 'name' | 'environment'>,
  action: string,
): Promise<boolean> {
  if (profile.environment !== 'live') return Promise.resolve(true);
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: `Send to LIVE profile "${profile.name}"?`,
      children: (
        <Text size="sm">
          {action} will reach the production service. Real orders and real money are involved.
        </Text>
      ),
      labels: { confirm: 'Yes, send to production', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
