import { Alert } from '@mantine/core';
import { IconAlertTriangleFilled } from '@tabler/icons-react';
import type { ProfileView } from '@shared/profile';

/** Unmistakable: production means real orders and real money. */
export function LiveBanner({ profile }: { profile: ProfileView }) {
  return (
    <Alert
      data-testid="live-banner"
      role="alert"
      variant="filled"
      color="red"
      radius={0}
      icon={<IconAlertTriangleFilled />}
      title={`LIVE — ${profile.name} talks to production (${profile.baseUrl})`}
    >
      Every call made here creates real orders and moves real money. Each one asks for your confirmation
      first.
    </Alert>
  );
}
