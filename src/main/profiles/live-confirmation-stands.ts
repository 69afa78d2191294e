import type { LiveConfirmation } from '../../shared/live-confirmation';
import { ConsoleError } from '../console-error';
import type { StoredProfile } from '../store/profiles-repository';
import { stampOf } from './secret-stamp';

/**
 * Refuses a call whose live confirmation no longer describes the profile it goes out on: another
 * profile, another base URL, or another API token than the dialog was answered for. Checked as
 * the call is made, so an edit from a terminal (or another window) while the dialog was open is
 * caught however long the yes took. The token is judged too, not the address alone: a token set
 * again may be another account's on the same service, and the yes was for the account named.
 */
export function assertLiveConfirmationStands(
  profile: StoredProfile,
  confirmation: LiveConfirmation | undefined,
): void {
  if (confirmation === undefined) return;
  const { name, baseUrl } = profile.fields;
  let changed: string | null = null;
  if (confirmation.profileId !== profile.id)
    changed = `The confirmation was given for another profile than "${name}"`;
  else if (confirmation.baseUrl !== baseUrl)
    changed = `${name}'s address changed to ${baseUrl} after you confirmed ${confirmation.baseUrl}`;
  else {
    const stamp = profile.apiTokenSealed === null ? null : stampOf(profile.apiTokenSealed);
    if (stamp !== confirmation.apiTokenStamp)
      changed = `${name}'s API token was ${stamp === null ? 'removed' : 'set again'} after you confirmed`;
  }
  if (changed === null) return;
  const words = `${changed}; nothing was sent. Look at the profile again, and confirm what it is now.`;
  throw new ConsoleError('conflict', words, [{ path: 'liveConfirmation', message: words }]);
}
