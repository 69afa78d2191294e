import { Text } from '@mantine/core';
import { formatCount } from '@shared/count-format';
import type { LiveAddress } from '@shared/live-address';
import type { LiveConfirmation } from '@shared/live-confirmation';
import type { ProfileView } from '@shared/profile';
import { confirmAction } from './confirm-dialog';
import { reachesLive } from './environment-style';

type CallingProfile = Pick<ProfileView, 'name' | 'environment' | 'liveAddress' | 'baseUrl'>;

/**
 * Whether a call on `profile` needs a yes, as main's live guard judges it: the profile is live,
 * or the address the call goes to is a live profile's (`reached`: by default where its base URL
 * goes, which main tells in the view; a request editor passes what its typed URL reaches). Sent
 * as the call's `confirmLive`, only once the yes was given.
 */
export function callNeedsLiveYes(profile: CallingProfile, reached = profile.liveAddress): boolean {
  return reachesLive({ environment: profile.environment, liveAddress: reached });
}

/**
 * What a yes to confirmLiveCall on `profile` named, sent with the call beside `confirmLive`: main
 * refuses the call if the profile's address or API token changed since (a terminal's `profiles
 * set`), or it is made on another profile. Taken from the same view the dialog was drawn from.
 */
export function liveConfirmationOf(
  profile: Pick<ProfileView, 'id' | 'baseUrl' | 'apiToken'>,
): LiveConfirmation {
  return { profileId: profile.id, baseUrl: profile.baseUrl, apiTokenStamp: profile.apiToken.stamp ?? null };
}

/**
 * Asks before any outbound call on a live profile, or to a live profile's address from another
 * (a duplicate of Live set to Sandbox keeps Live's base URL and token). Resolves true only on an
 * explicit click of the red button, or when nothing needs asking; closing the dialog or pressing
 * Escape is a no. It names the address the call goes to (`address`: the profile's base URL
 * unless the caller's URL is another, as an order operation's edited URL may be), as main's
 * refusal does: "production" alone does not say which host.
 */
export function confirmLiveCall(
  profile: CallingProfile,
  action: string,
  reached: LiveAddress | null = profile.liveAddress,
  address: string = profile.baseUrl,
  /** Closes the question as a no once it no longer stands (the view that asked was left). */
  withdrawn?: AbortSignal,
): Promise<boolean> {
  if (!callNeedsLiveYes(profile, reached)) return Promise.resolve(true);
  const elsewhere = profile.environment === 'live' || reached === null ? null : reached;
  return confirmAction({
    title: `Send to LIVE profile "${elsewhere?.profileName ?? profile.name}"?`,
    children: (
      <Text size="sm">
        {action} will reach the production service at {address}
        {elsewhere === null
          ? ''
          : `: "${profile.name}" is not live, but this call goes to the ${elsewhere.field} of the LIVE profile "${elsewhere.profileName}" (${elsewhere.url})`}
        . Real orders and real money are involved.
      </Text>
    ),
    confirmLabel: 'Yes, send to production',
    color: 'red',
    withdrawn,
  });
}

/** What a send to a live profile's address asks: its title, what goes, and the red button's words. */
interface LiveAddressQuestion {
  title: string;
  /** What goes there, as the start of a sentence ("3 requests go"). */
  sending: string;
  url: string;
  confirmLabel: string;
}

/**
 * Asks before anything goes to a URL a person gave that is a live profile's address (main's live
 * guard refuses it unasked: a replay, an endpoint check, a forward-to), in one dialog for all.
 */
function confirmLiveAddress({ title, sending, url, confirmLabel }: LiveAddressQuestion): Promise<boolean> {
  return confirmAction({
    title,
    children: (
      <Text size="sm">
        {sending} to {url}, a production address.
      </Text>
    ),
    confirmLabel,
    color: 'red',
  });
}

/** Asks before a replay goes to a production address. */
export function confirmLiveReplay(url: string, sends: number): Promise<boolean> {
  return confirmLiveAddress({
    title: 'Replay to a LIVE profile?',
    sending: `${formatCount(sends)} ${sends === 1 ? 'request goes' : 'requests go'}`,
    url,
    confirmLabel: 'Yes, replay to production',
  });
}

/** Asks before the endpoint check's battery goes to a production address. */
export function confirmLiveEndpointCheck(url: string): Promise<boolean> {
  return confirmLiveAddress({
    title: 'Check an endpoint of a LIVE profile?',
    sending: 'The battery’s signed requests go',
    url,
    confirmLabel: 'Yes, check production',
  });
}

/** Asks before a forward-to that sends every webhook on to a production address is saved. */
export function confirmLiveForward(url: string): Promise<boolean> {
  return confirmLiveAddress({
    title: 'Forward to a LIVE profile?',
    sending: 'Every webhook the listener receives goes on',
    url,
    confirmLabel: 'Yes, forward to production',
  });
}

/**
 * Asks before a scenario run whose send-webhook step is written to a production address, in the
 * words main refused it with (which step's URL, whose address it is).
 */
export function confirmLiveScenarioSend(refused: string): Promise<boolean> {
  return confirmAction({
    title: 'Send a webhook to a LIVE profile?',
    children: <Text size="sm">{refused}</Text>,
    confirmLabel: 'Yes, send to production',
    color: 'red',
  });
}
