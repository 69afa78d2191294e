import { Alert } from '@mantine/core';
import { useWatch, type Control } from 'react-hook-form';
import { liveAddressReachedBy } from '@shared/live-address';
import type { ProfileFields } from '@shared/profile';
import { useProfilesStore } from './profiles-store';

/**
 * Said under the base URL of a profile that is not live while it goes to a live profile's
 * address: a duplicate of Live switched to Sandbox keeps Live's base URL and API token, and
 * saving it said nothing. Judged as main's live guard judges a call (liveAddressReachedBy),
 * against the other profiles: the one edited counts as the form has it, not as stored.
 */
export function LiveAddressWarning({
  control,
  profileId,
}: {
  control: Control<ProfileFields>;
  profileId: number | null;
}) {
  const [environment, baseUrl] = useWatch({ control, name: ['environment', 'baseUrl'] });
  const others = useProfilesStore((state) => state.profiles).filter((profile) => profile.id !== profileId);
  const live = environment === 'live' ? null : liveAddressReachedBy(baseUrl, others);
  if (live === null) return null;
  return (
    <Alert color="red" title="This base URL is a LIVE profile's address" data-testid="live-address-warning">
      It is the {live.field} of the LIVE profile &quot;{live.profileName}&quot; ({live.url}): calls on this
      profile reach production, with the API token it holds, which may be the live one. Each asks for
      confirmation as a live profile&apos;s does. Set this profile&apos;s own address to keep it off
      production.
    </Alert>
  );
}
