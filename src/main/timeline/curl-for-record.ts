import type { ConsoleCommand } from '../../shared/console-command';
import { buildCurlCommand, CurlCannotReproduce, type CurlCommand } from '../../shared/curl';
import { damagedWords } from '../../shared/damaged-record-words';
import { shellQuote } from '../../shared/shell-quote';
import { maskSecret } from '../../shared/profile';
import { ConsoleError } from '../console-error';
import type { ProfileService } from '../profiles/profile-service';
import { forgetTokenCommand } from '../profiles/unopened-secret';
import type { EventsRepository } from '../store/events-repository';
import type { DamagedField, TimelineDetail } from '../../shared/events';

/** The stored parts a cURL command is built from: one damaged, the command is refused. */
const REQUEST_PARTS: ReadonlySet<DamagedField> = new Set([
  'requestHeaders',
  'method',
  'url',
  'path',
  'query',
  'requestBody',
  'requestTruncated',
  'kind',
]);
import { headerVouchedFor } from './record-echoes';
import { unopenedWords, wayOutWords } from './record-secrets';

export interface CurlForRecord {
  /**
   * The stored record as a cURL command. With `withToken`, a notification record keeps the JWT
   * it carried and an outbound request gets its profile's *current* API token (the stored one
   * is masked): that command holds a secret and must only go to a terminal or the clipboard.
   * A profile token echoed anywhere else in the record stays REDACTED unless `exactBytes`
   * (the command line's explicit ask for the stored bytes as they are).
   */
  commandFor(id: number, withToken: boolean, exactBytes?: boolean): CurlCommand;
}

/** Main's side of "Copy as cURL": the only place an API token is put into a command. */
export function createCurlForRecord({
  events,
  profiles,
  consoleCommand,
}: {
  events: EventsRepository;
  profiles: ProfileService;
  /** This data directory's commands, as what the command's notes name. */
  consoleCommand: ConsoleCommand;
}): CurlForRecord {
  return {
    commandFor(id, withToken, exactBytes = false) {
      const detail = events.getDetail(id);
      if (detail === undefined) throw ConsoleError.notFound(`Timeline record ${id}`);
      // What the command is built from is not known (the headers, method, URL, body that
      // arrived): a command without it would be another request.
      const unknown = (detail.damaged ?? []).filter((field) => REQUEST_PARTS.has(field));
      if (unknown.length > 0)
        throw new CurlCannotReproduce(
          `${damagedWords(id, unknown)}: a command without them would not be the request that arrived. An export keeps their stored text (details.damagedColumns).`,
          { whateverTheToken: true },
        );
      // Without the token, every secret goes as in an export: by meaning, and any profile token
      // echoed in a header or the body (a note holding the API token was printed whole). The
      // builder redacts the record itself, so it knows when a raw request's bytes held a token.
      const { secrets, unopened } = profiles.secretsHere();
      // A secret this process cannot open (a lost vault.key, a token the desktop app sealed)
      // cannot be REDACTED by its value wherever the record echoes it: the body, a header, the
      // query. The command was refused whole for it, on every record; now what could echo it
      // is left out or REDACTED, said in a note (never shown unredacted). The stored bytes as
      // they are (--exact-bytes) are asked for with every echo in them.
      const unvouched = unopened.length > 0 && !exactBytes ? withoutEchoes(detail) : null;
      const source = unvouched?.source ?? detail;
      const build = (options: Parameters<typeof buildCurlCommand>[1]): CurlCommand => {
        const built = buildCurlCommand(source, options, consoleCommand);
        if (unvouched !== null && unvouched.leftOut.length > 0)
          built.notes.push(leftOutNote(unvouched.leftOut, unopened));
        return built;
      };
      if (!withToken) return build({ tokens: 'redacted', secrets });
      // With it, the token asked for is the one a header carries; a profile token echoed in
      // the body or elsewhere is not what was asked for, and stays REDACTED unless exactBytes.
      const included = { tokens: 'included', secrets, exactBytes } as const;
      if (detail.kind !== 'request') return build(included);

      const sentWith = detail.requestHeaders.find(([name]) => name.toLowerCase() === 'authorization');
      // Sent without a token (the profile had none then): nothing to add, nothing to redact.
      if (sentWith === undefined) return build({ tokens: 'redacted', secrets });
      // A value typed in the request editor (a wrong token, on purpose) is stored masked: it
      // cannot be put back, and the profile's token would not be what was sent.
      if (detail.details['authorization'] === 'text') {
        const built = build({ tokens: 'redacted', secrets });
        built.notes.push(
          'Its Authorization value was typed in the request editor and is stored masked; write it back in yourself.',
        );
        return built;
      }
      if (detail.profileId === null) {
        throw new ConsoleError('failed', `Record ${id} names no profile, so there is no API token to add.`);
      }
      const profile = storedOrGone(profiles, detail.profileId);
      if (profile === undefined) {
        throw new ConsoleError(
          'not_found',
          `Record ${id} was sent by profile "${detail.profileName ?? detail.profileId}", which no longer exists, so there is no API token to add.`,
        );
      }
      const profileName = profile.fields.name;
      const apiTokenUnopened = profiles
        .unopenedTokensOf(profile.id)
        .find((secret) => secret.token === 'apiToken');
      if (apiTokenUnopened !== undefined) {
        // Nothing that looks like a token: the word REDACTED in its place, and why.
        const built = build({ tokens: 'redacted', secrets });
        built.notes.push(
          `Profile "${profileName}"'s API token cannot be opened here (${apiTokenUnopened.why}), so the command carries REDACTED in its place: write it back in yourself, or run this from the console that sealed it. To forget it and set a new one: ${forgetTokenCommand(consoleCommand, profileName)}, then profiles set.`,
        );
        return built;
      }
      const apiToken = profiles.secretsOf(profile.id).apiToken;
      if (apiToken === null) {
        throw new ConsoleError(
          'failed',
          `Profile "${profileName}" has no API token now; set one (Profiles, or \`${consoleCommand(`profiles set ${shellQuote(profileName)} --api-token -`)}\`) to copy this request with it.`,
        );
      }
      const built = build({ ...included, apiToken });
      const stored = sentWith[1].replace(/^Bearer\s+/i, '');
      if (stored !== maskSecret(apiToken).masked) {
        built.notes.push(
          `Profile "${profileName}"'s API token has changed since this request was sent (then ${stored}); the command uses the current one.`,
        );
      }
      return built;
    },
  };
}

/** The record's profile, or undefined when it was removed since. */
function storedOrGone(profiles: ProfileService, id: number) {
  try {
    return profiles.get(id);
  } catch {
    return undefined;
  }
}

/** Each query parameter's value REDACTED (names kept); null when there is none. */
function queryRedacted(query: string): string | null {
  if (query === '') return null;
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      return equals === -1 ? pair : `${pair.slice(0, equals)}=REDACTED`;
    })
    .join('&');
}

/**
 * The shortest value taken for a secret: redaction replaces none shorter (secrets/redact-secrets.ts),
 * so a shorter path segment (`v1`, `hooks`) cannot be one.
 */
const SHORTEST_SECRET = 8;

/**
 * A path with each segment that could hold a secret REDACTED (any of SHORTEST_SECRET characters
 * or more, as written: percent-encoded, a secret is longer still), and how many were.
 */
function pathRedacted(path: string): { path: string; segments: number } {
  let segments = 0;
  const redacted = path
    .split('/')
    .map((segment) => {
      if (segment.length < SHORTEST_SECRET) return segment;
      segments += 1;
      return 'REDACTED';
    })
    .join('/');
  return { path: redacted, segments };
}

/**
 * The record with everything that could echo a secret this process cannot open left out: the
 * body, the path segments long enough to hold one, the query's values, and header values of no
 * fixed form (Authorization is judged by meaning by the builder). What was left out is named
 * for the note.
 */
function withoutEchoes(detail: TimelineDetail): { source: TimelineDetail; leftOut: string[] } {
  const leftOut: string[] = [];
  if (detail.requestBody !== null) leftOut.push(`the request body (${detail.requestBody.size} bytes)`);
  let url = detail.url;
  const parsed = url === null ? null : URL.parse(url);
  const urlPath = parsed === null ? null : pathRedacted(parsed.pathname);
  const path = detail.path === null ? null : pathRedacted(detail.path.split('?')[0] ?? '');
  const urlQuery = parsed === null ? null : queryRedacted(parsed.search.slice(1));
  if (parsed !== null) {
    parsed.search = '';
    parsed.hash = '';
    if (urlPath !== null) parsed.pathname = urlPath.path;
    url = `${parsed.href}${urlQuery === null ? '' : `?${urlQuery}`}`;
  }
  const segments = Math.max(urlPath?.segments ?? 0, path?.segments ?? 0);
  if (segments > 0)
    leftOut.push(`${segments === 1 ? 'a path segment' : `${segments} path segments`} (REDACTED)`);
  const query = detail.query === null ? null : queryRedacted(detail.query);
  if (urlQuery !== null || query !== null) leftOut.push("the query's values");
  let headers = 0;
  const requestHeaders = detail.requestHeaders.map(([name, value]): [string, string] => {
    // Judged once for every reader (record-echoes.ts): by meaning, a fixed form, the URL's own Host.
    if (headerVouchedFor(name, value, parsed?.host ?? null)) return [name, value];
    headers += 1;
    return [name, 'REDACTED'];
  });
  if (headers > 0)
    leftOut.push(`${headers === 1 ? 'a header value' : `${headers} header values`} (REDACTED)`);
  return {
    source: { ...detail, url, path: path?.path ?? null, query, requestHeaders, requestBody: null },
    leftOut,
  };
}

/** What a command was printed without, why, and the way out. */
function leftOutNote(leftOut: readonly string[], unopened: Parameters<typeof unopenedWords>[0]): string {
  const one = unopened.length === 1;
  const what = leftOut.join(', ');
  return `${what.charAt(0).toUpperCase()}${what.slice(1)} ${leftOut.length === 1 ? 'is' : 'are'} left out: ${unopenedWords(unopened)}; this process cannot open ${one ? 'it' : 'them'}, so ${one ? 'it' : 'they'} could not be REDACTED where the record echoes ${one ? 'it' : 'them'}. Print it from the console that sealed ${one ? 'it' : 'them'}, or with --with-token --exact-bytes (the stored bytes as they are). ${wayOutWords(unopened)}`;
}
