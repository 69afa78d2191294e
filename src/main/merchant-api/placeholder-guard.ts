import { isPlaceholderHost } from '../../shared/profile-readiness';
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
  const { name, baseUrl, environment } = profile.fields;
  let host: string;
  try {
    host = new URL(baseUrl).hostname;
  } catch {
    return; // Not a URL at all: the request planner says so, naming the field.
  }
  if (!isPlaceholderHost(host)) return;
  throw new ConsoleError(
    'unavailable',
    `${name} is not set up, so nothing was sent: its base URL is a placeholder (${baseUrl}): ` +
      `set the service's ${environment} address (Profiles, or profiles set ${name} --base-url URL).`,
  );
}
