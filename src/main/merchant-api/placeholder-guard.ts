import { placeholderBaseUrlClause } from '../../shared/profile-readiness';
import { ConsoleError } from '../console-error';
import type { StoredProfile } from '../store/profiles-repository';

/**
 * Nothing goes to a base URL that is still a placeholder (a fresh Sandbox or Live starts on a
 * reserved example name, RFC 2606: nothing answers there). The builder already stopped such a
 * send in the window; `send`, `test` and the follow-up operations went on to the wire and came
 * back with "Name lookup failed", which tells a newcomer nothing. Said here, in the one path
 * every call to the service takes, it is the same words from every front door.
 */
export function assertRealBaseUrl(profile: StoredProfile): void {
  const { name } = profile.fields;
  const placeholder = placeholderBaseUrlClause(profile.fields);
  if (placeholder === null) return;
  throw new ConsoleError(
    'unavailable',
    `${name} is not set up, so nothing was sent: ${placeholder} (Profiles, or profiles set ${name} --base-url URL).`,
  );
}
