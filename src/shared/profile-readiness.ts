import type { ProfileView } from './profile';

/**
 * What keeps a profile from working, found before anything is sent: a base URL that is still a
 * placeholder (the spec shows no addresses, so Sandbox and Live start on reserved example
 * names, RFC 2606), and an API token that was never set. Shown in the profile list and the top
 * bar, and said by Send before a request goes out.
 */
export type ProfileProblem =
  | { kind: 'placeholder_base_url'; field: 'baseUrl'; message: string }
  | { kind: 'no_api_token'; field: 'apiToken'; message: string };

/** Host names reserved for documentation and tests: nothing real answers there. */
const PLACEHOLDER_DOMAINS = ['example.com', 'example.net', 'example.org'];
const PLACEHOLDER_TLDS = ['example', 'invalid'];

export function isPlaceholderHost(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  const tld = name.slice(name.lastIndexOf('.') + 1);
  return (
    PLACEHOLDER_DOMAINS.some((domain) => name === domain || name.endsWith(`.${domain}`)) ||
    PLACEHOLDER_TLDS.includes(tld)
  );
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

/**
 * Why a profile's base URL cannot be sent to (a reserved example name nothing answers at), as a
 * clause ("its base URL is a placeholder (…): set the service's sandbox address"), or null: the
 * readiness badge and every front door's refused send say it alike.
 */
export function placeholderBaseUrlClause(
  profile: Pick<ProfileView, 'baseUrl' | 'environment'>,
): string | null {
  const host = hostOf(profile.baseUrl);
  return host !== null && isPlaceholderHost(host)
    ? `its base URL is a placeholder (${profile.baseUrl}): set the service's ${profile.environment} address`
    : null;
}

export function profileProblems(
  profile: Pick<ProfileView, 'name' | 'baseUrl' | 'environment' | 'apiToken'>,
): ProfileProblem[] {
  const problems: ProfileProblem[] = [];
  const placeholder = placeholderBaseUrlClause(profile);
  if (placeholder !== null)
    problems.push({
      kind: 'placeholder_base_url',
      field: 'baseUrl',
      message: `${placeholder.charAt(0).toUpperCase()}${placeholder.slice(1)}.`,
    });
  if (!profile.apiToken.isSet)
    problems.push({
      kind: 'no_api_token',
      field: 'apiToken',
      message: 'Its API token is not set: the service answers 401 without one.',
    });
  return problems;
}

/** "Set its base URL and API token": the fields to set, for a badge or a button. */
export function problemsSummary(problems: readonly ProfileProblem[]): string {
  const fields = problems.map((problem) => (problem.field === 'baseUrl' ? 'base URL' : 'API token'));
  return fields.length === 0 ? '' : `Set its ${fields.join(' and ')}`;
}
