import { baseUrlClause } from '../../shared/profile-readiness';
import { ConsoleError } from '../console-error';
import type { StoredProfile } from '../store/profiles-repository';

/**
 * Nothing goes to a base URL that is still a placeholder (a fresh Sandbox or Live starts on a
 * reserved example name, RFC 2606: nothing answers there). The builder already stopped such a
 * send in the window; `send`, `test` and the follow-up operations went on to the wire and came
 * back with "Name lookup failed", which tells a newcomer nothing. Said here, in the one path
 * every call to the service takes, it is the same words from every front door. So is a base URL
 * an earlier version stored that input now refuses (a query or fragment, port 0): it is said,
 * not sent to.
 */
export function assertRealBaseUrl(profile: StoredProfile): void {
  const { name } = profile.fields;
  const clause = baseUrlClause(profile.fields);
  if (clause === null) return;
  throw new ConsoleError(
    'unavailable',
    `${name} is not set up, so nothing was sent: ${clause} (Profiles, or profiles set ${name} --base-url URL).`,
  );
}
