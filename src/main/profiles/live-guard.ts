import type { ProfileView } from '../../shared/profile';
import { reachSameAddress } from '../../shared/reached-address';
import { ConsoleError } from '../console-error';
import type { StoredProfile } from '../store/profiles-repository';

/**
 * How a refused live call is said, where it is read: a terminal is told the flag that confirms
 * it (commandCaller passes the command's own, --yes-live), never to "confirm it in the UI",
 * where it has none; a window, or a caller that does not say where, is told both ways.
 */
export function liveRefusalWords(refused: string, flag?: string): string {
  const howToConfirm =
    flag === undefined
      ? 'Confirm it in the UI, or pass --yes-live on the command line.'
      : `Pass ${flag} to confirm it.`;
  return `${refused} ${howToConfirm}`;
}

/**
 * Every outbound call on a live profile needs an explicit yes: the UI asks (confirmLiveCall),
 * the CLI needs --yes-live. Without it nothing is sent. The refusal carries what was refused as
 * the `confirmLive` field's issue, so a front door that knows its flag says it its own way.
 */
export function assertLiveConfirmed(
  profile: StoredProfile,
  confirmed: boolean | undefined,
  action: string,
): void {
  if (profile.fields.environment !== 'live' || confirmed === true) return;
  const refused = `${action} would reach the LIVE (production) profile "${profile.fields.name}".`;
  throw new ConsoleError('live_confirmation_required', liveRefusalWords(refused), [
    { path: 'confirmLive', message: refused },
  ]);
}

/** A live profile's address that a URL reaches: which profile, which of its fields, as stored. */
export interface LiveAddress {
  profileName: string;
  field: 'base URL' | 'public listener URL';
  url: string;
}

/**
 * The live profile's address `url` reaches (its base URL or public listener URL), or null: the
 * one test of "is this a live address" (a replay's target, from the Replay view or `replay
 * --to`). Compared as the server reached, not as text: `localhost`, `127.0.0.1`, `[::1]`,
 * `[::ffff:127.0.0.1]` and `localhost.` on one port are one address (reached-address.ts).
 */
export function liveAddressReachedBy(
  url: string,
  profiles: readonly Pick<ProfileView, 'name' | 'environment' | 'baseUrl' | 'publicListenerUrl'>[],
): LiveAddress | null {
  for (const profile of profiles) {
    if (profile.environment !== 'live') continue;
    const addresses = [
      { field: 'base URL', url: profile.baseUrl },
      { field: 'public listener URL', url: profile.publicListenerUrl },
    ] as const;
    for (const address of addresses)
      if (address.url !== null && reachSameAddress(url, address.url))
        return { profileName: profile.name, field: address.field, url: address.url };
  }
  return null;
}
