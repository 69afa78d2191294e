import { liveAddressReachedBy, type LiveAddress } from '../../shared/live-address';
import type { ProfileView } from '../../shared/profile';
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

/** Where a call goes, and the profiles whose live addresses it must not reach unconfirmed. */
export interface LiveCallTarget {
  url: string;
  profiles: readonly Pick<ProfileView, 'name' | 'environment' | 'baseUrl' | 'publicListenerUrl'>[];
}

/**
 * Every outbound call on a live profile, or to a live profile's address from any other (a
 * duplicate of Live set to Sandbox keeps Live's base URL and token), needs an explicit yes: the
 * UI asks (confirmLiveCall), the CLI needs --yes-live. Without it nothing is sent. The address
 * is judged as the server reached (liveAddressReachedBy), as a replay's target is. The refusal
 * carries what was refused as the `confirmLive` field's issue, so a front door that knows its
 * flag says it its own way.
 */
export function assertLiveConfirmed(
  profile: StoredProfile,
  confirmed: boolean | undefined,
  action: string,
  target: LiveCallTarget,
): void {
  if (confirmed === true) return;
  const { name } = profile.fields;
  let refused: string;
  // The address is said too: an edited URL (an order operation's) may go anywhere.
  if (profile.fields.environment === 'live')
    refused = `${action} would reach the LIVE (production) profile "${name}": it goes to ${target.url}.`;
  else {
    const live = liveAddressReachedBy(target.url, target.profiles);
    if (live === null) return;
    // The server is named, not the live URL: the call need not go under its path (/checkout
    // beside a live base of /live), and "it goes to that profile's base URL" said it did.
    refused = `${action} on "${name}" would reach the LIVE (production) profile "${live.profileName}": it goes to ${target.url}, on the same server as that profile's ${live.field} (${live.server}).`;
  }
  throw new ConsoleError('live_confirmation_required', liveRefusalWords(refused), [
    { path: 'confirmLive', message: refused },
  ]);
}

/**
 * What a send to a live profile's address, unconfirmed, is refused with: the address, whose it
 * is, and what would reach it (`what`: "a replay", "an endpoint check", "forwarding webhooks").
 * One sentence for every command that sends to a URL a person gives, so a refusal of one reads
 * as a refusal of the others.
 */
export function liveAddressRefusal(url: string, live: LiveAddress, what: string): string {
  return `${url} belongs to a live profile ("${live.profileName}", its ${live.field} ${live.url}): ${what} to it reaches production.`;
}

/**
 * Every send to a URL a person gives (a replay's --to, an endpoint check, a forward-to) that
 * reaches a live profile's address needs the same yes as a call on a live profile: the UI asks,
 * the CLI needs --yes-live. Judged as the server reached (liveAddressReachedBy), so another
 * spelling of the address is no way round it. Refused as assertLiveConfirmed refuses, with what
 * was refused as the `confirmLive` field's issue, so a terminal names its own flag.
 */
export function assertLiveAddressConfirmed(
  url: string,
  confirmed: boolean | undefined,
  what: string,
  profiles: LiveCallTarget['profiles'],
  /** The flag that confirms it, for a check made in a terminal outside any contract command. */
  flag?: string,
): void {
  if (confirmed === true) return;
  const live = liveAddressReachedBy(url, profiles);
  if (live === null) return;
  const refused = liveAddressRefusal(url, live, what);
  throw new ConsoleError('live_confirmation_required', liveRefusalWords(refused, flag), [
    { path: 'confirmLive', message: refused },
  ]);
}
