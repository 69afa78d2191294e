import { ConsoleError } from '../console-error';
import type { StoredProfile } from '../store/profiles-repository';

/**
 * Every outbound call on a live profile needs an explicit yes: the UI asks (confirmLiveCall),
 * the CLI needs --yes-live. Without it nothing is sent.
 */
export function assertLiveConfirmed(
  profile: StoredProfile,
  confirmed: boolean | undefined,
  action: string,
): void {
  if (profile.fields.environment !== 'live' || confirmed === true) return;
  throw new ConsoleError(
    'live_confirmation_required',
    `${action} would reach the LIVE (production) profile "${profile.fields.name}". ` +
      'Confirm it in the UI, or pass --yes-live on the command line.',
  );
}
