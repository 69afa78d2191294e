import { DAMAGED_PROFILE_COLUMNS } from './damaged-profile-words';
import { httpUrlProblem } from './http-url';
import { BASE_URL_RULES, profileFieldsSchema, type ProfileView } from './profile';

/**
 * What keeps a profile from working, found before anything is sent: a base URL that is still a
 * placeholder (the spec shows no addresses, so Sandbox and Live start on reserved example
 * names, RFC 2606), a base URL stored by an earlier version that input now refuses (a query or
 * fragment, port 0), and an API token that was never set. Shown in the profile list and the top
 * bar, and said by Send before a request goes out.
 */
export type ProfileProblem =
  | { kind: 'placeholder_base_url'; field: 'baseUrl'; message: string }
  | { kind: 'unusable_base_url'; field: 'baseUrl'; message: string }
  | { kind: 'no_api_token'; field: 'apiToken'; message: string }
  | { kind: 'unusable_field'; field: StoredField; message: string }
  | { kind: 'damaged_field'; field: 'baseUrl' | 'environment'; message: string };

/**
 * The fields a profile view carries as stored (profileViewSchema): one a data directory holds
 * that input refuses (a name past 64 characters, written by an earlier version or by hand) must
 * not stop the console listing its profiles; it is said here, in the field's words, and the
 * form or `profiles set` renames it.
 */
type StoredField = 'name' | 'listenerPort' | 'notificationField' | 'signedTokenMinutes';
const STORED_FIELDS = {
  name: { label: 'name', fix: 'rename it' },
  listenerPort: { label: 'listener port', fix: 'change it' },
  notificationField: { label: 'notification field', fix: 'change it' },
  signedTokenMinutes: { label: 'token lifetime', fix: 'change it' },
} as const satisfies Record<StoredField, { label: string; fix: string }>;
const storedFieldsSchema = profileFieldsSchema.pick({
  name: true,
  listenerPort: true,
  notificationField: true,
  signedTokenMinutes: true,
});
const isStoredField = (key: PropertyKey | undefined): key is StoredField =>
  typeof key === 'string' && Object.prototype.hasOwnProperty.call(STORED_FIELDS, key);

function unusableFieldProblems(
  profile: Pick<ProfileView, StoredField | 'damaged'>,
): Extract<ProfileProblem, { kind: 'unusable_field' }>[] {
  const parsed = storedFieldsSchema.safeParse(profile);
  if (parsed.success) return [];
  const problems: Extract<ProfileProblem, { kind: 'unusable_field' }>[] = [];
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (!isStoredField(field) || problems.some((problem) => problem.field === field)) continue;
    // A damaged column (a port that is no number, null in the view) is said in its own words.
    if (profile.damaged.some((damaged) => damaged.column === field)) continue;
    const { label, fix } = STORED_FIELDS[field];
    const reason = lowerFirst(issue.message).replace(/\.$/, '');
    problems.push({
      kind: 'unusable_field',
      field,
      message: `Its ${label} cannot be used; ${reason}: ${fix}.`,
    });
  }
  return problems;
}

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

/**
 * Why a stored base URL cannot be sent to though it was once taken (the base URL's input rules,
 * BASE_URL_RULES, refuse it now), as a clause, or null.
 */
function unusableBaseUrlClause(profile: Pick<ProfileView, 'baseUrl'>): string | null {
  const problem = httpUrlProblem(profile.baseUrl, 'base URL', BASE_URL_RULES);
  return problem === null ? null : `its base URL cannot be used; ${lowerFirst(problem)}`;
}

/**
 * Why nothing can be sent to a profile's base URL, as a clause, or null: every front door's
 * refused send says it alike (placeholder-guard.ts).
 */
export function baseUrlClause(profile: Pick<ProfileView, 'baseUrl' | 'environment'>): string | null {
  return unusableBaseUrlClause(profile) ?? placeholderBaseUrlClause(profile);
}

const upperFirst = (text: string): string => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
const lowerFirst = (text: string): string => `${text.charAt(0).toLowerCase()}${text.slice(1)}`;

export function profileProblems(
  profile: Pick<ProfileView, StoredField | 'baseUrl' | 'environment' | 'apiToken' | 'damaged'>,
): ProfileProblem[] {
  const problems: ProfileProblem[] = [...unusableFieldProblems(profile)];
  // A base URL or environment damaged in the database holds a guess: nothing is sent with it
  // (placeholder-guard.ts refuses it in main with the same words).
  for (const { column, message } of profile.damaged)
    if (column === 'baseUrl' || column === 'environment')
      problems.push({ kind: 'damaged_field', field: column, message });
  const unusable = unusableBaseUrlClause(profile);
  const placeholder = placeholderBaseUrlClause(profile);
  if (profile.damaged.some((field) => field.column === 'baseUrl')) {
    // Said once above, as damaged: its default is no URL to judge.
  } else if (unusable !== null)
    problems.push({ kind: 'unusable_base_url', field: 'baseUrl', message: `${upperFirst(unusable)}.` });
  else if (placeholder !== null)
    problems.push({ kind: 'placeholder_base_url', field: 'baseUrl', message: `${upperFirst(placeholder)}.` });
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
  const fields = problems.map((problem) =>
    problem.kind === 'damaged_field'
      ? DAMAGED_PROFILE_COLUMNS[problem.field]
      : problem.field === 'baseUrl'
        ? 'base URL'
        : problem.field === 'apiToken'
          ? 'API token'
          : STORED_FIELDS[problem.field].label,
  );
  return fields.length === 0 ? '' : `Set its ${fields.join(' and ')}`;
}
