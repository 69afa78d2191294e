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
 * not sent to. So is one whose base URL or environment is damaged in the database.
 */
export function assertRealBaseUrl(profile: StoredProfile): void {
  const { name } = profile.fields;
  // A base URL or environment that could not be read holds a guess (stored-profile-row.ts):
  // nothing is sent with it, whatever the guess would reach.
  const damaged = profile.damaged.filter(
    (field) => field.column === 'baseUrl' || field.column === 'environment',
  );
  if (damaged.length > 0)
    throw new ConsoleError(
      'unavailable',
      `${name} cannot be used, so nothing was sent: ${damaged.map((field) => field.message).join(' ')} Set it (Profiles, or profiles set ${name}).`,
    );
  const clause = baseUrlClause(profile.fields);
  if (clause === null) return;
  throw new ConsoleError(
    'unavailable',
    `${name} is not set up, so nothing was sent: ${clause} (Profiles, or profiles set ${name} --base-url URL).`,
  );
}
