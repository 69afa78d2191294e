import { Alert } from '@mantine/core';
import { IconAlertTriangleFilled } from '@tabler/icons-react';
import type { ProfileView } from '@shared/profile';

/**
 * Unmistakable: production means real orders and real money. Shown for a live profile, and for
 * one of another environment on a live profile's address, which reaches production all the same.
 */
export function LiveBanner({ profile }: { profile: ProfileView }) {
  const elsewhere = profile.environment === 'live' ? null : profile.liveAddress;
  return (
    <Alert
      data-testid="live-banner"
      role="alert"
      variant="filled"
      color="red"
      radius={0}
      icon={<IconAlertTriangleFilled />}
      title={
        elsewhere === null
          ? `LIVE — ${profile.name} talks to production (${profile.baseUrl})`
          : `LIVE — ${profile.name} is a ${profile.environment} profile, but talks to production: its base URL is the ${elsewhere.field} of the LIVE profile "${elsewhere.profileName}" (${elsewhere.url})`
      }
    >
      Every call made here creates real orders and moves real money. Each one asks for your confirmation
      first.
      {elsewhere !== null && " Set this profile's own base URL in Profiles to keep it off production."}
    </Alert>
  );
}
