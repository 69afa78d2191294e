import { z } from 'zod';
import { maskWith, redactPath, redactQuery } from './secrets/redact-secrets';

/** True for an absolute http:// or https:// URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** What an http(s) URL field asks of its value beyond being one. */
export interface HttpUrlRules {
  /** Requests go to it: port 0 is refused (nothing can be reached there). */
  reachable?: boolean;
  /**
   * Paths are appended to it (a service's base URL): a query or fragment is refused, the paths
   * would land inside it (`…/v1?a=1/checkout`, `…/v1#x/checkout`, the fragment never sent).
   */
  pathBase?: boolean;
}

const PORTS = '1–65535';
const SHOWN_AT_MOST = 40;

/**
 * A part of the value as said in a message: what every screen masks in it masked first, by the
 * one owner of that (redact-secrets.ts: a serviceToken's value in any letter case or spelling, a
 * JWT), then cut where it runs long; cut first, a token's start was no longer known as one. A
 * fragment written as a query (`#serviceToken=…`, `#/v1?serviceToken=…`) is masked as one.
 */
function shown(part: string): string {
  const lead = part.startsWith('?') || part.startsWith('#') ? part.slice(0, 1) : '';
  const rest = part.slice(lead.length);
  const masked = `${lead}${redactPath(redactQuery(rest, [], maskWith), [], maskWith)}`;
  return masked.length > SHOWN_AT_MOST ? `${masked.slice(0, SHOWN_AT_MOST)}…` : masked;
}

/**
 * The port of an http(s) URL as written (`http://host:99999/x` → `99999`), or null where none is
 * written. Read from the text: `new URL` throws on a port it cannot take, without saying that
 * the port was the reason.
 */
function writtenPort(value: string): string | null {
  const authority = /^https?:\/\/([^/?#\\]*)/i.exec(value)?.[1];
  if (authority === undefined) return null;
  const hostAndPort = authority.slice(authority.lastIndexOf('@') + 1);
  const port = /^(?:\[[^\]]*\]|[^:]*):([^:]*)$/.exec(hostAndPort)?.[1];
  return port === undefined || port === '' ? null : port;
}

const isPortText = (port: string): boolean => /^\d+$/.test(port) && Number(port) <= 65535;

/**
 * Why `value` is not an http(s) URL this field takes, in words naming the field (`what`) and
 * the cause, or null when it is one. The one owner of these words: the profile's URLs, the
 * forward-to URL and a replay's URL say a bad port, a port 0 or a query alike.
 */
export function httpUrlProblem(value: string, what: string, rules: HttpUrlRules = {}): string | null {
  const url = URL.parse(value);
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    const port = writtenPort(value);
    // The scheme is right and the port is what fails: "must be an http:// URL" would send the
    // person looking at the wrong part.
    if (url === null && port !== null && !isPortText(port))
      return `The ${what}'s port ${shown(port)} is not a port (${PORTS})`;
    return `The ${what} must be an http:// or https:// URL`;
  }
  if (rules.reachable === true && url.port === '0')
    return `The ${what}'s port 0 is not a port a request can go to (${PORTS})`;
  if (rules.pathBase === true) {
    // Read from the text: a bare "?" or "#" leaves url.search and url.hash empty, yet the
    // appended paths would still land after it.
    const start = value.search(/[?#]/);
    const rest = value.slice(start);
    if (start !== -1 && rest.startsWith('?'))
      return `The ${what} must not carry a query (${shown(rest.split('#')[0] ?? rest)}): the request paths are appended to it, and would land inside the query`;
    if (start !== -1)
      return `The ${what} must not carry a fragment (${shown(rest)}): the request paths are appended to it, and would land inside the fragment, which is never sent`;
  }
  return null;
}

/**
 * A trimmed http(s) URL field, its errors naming the field (`what`); when `required`, an empty
 * value is asked for ("Enter the …") in place of the URL error: one problem, said once (zod runs
 * the refinement after a failed check unless told to stop, and both were shown).
 */
export function httpUrlSchema(what: string, options: { required?: boolean } & HttpUrlRules = {}) {
  const text = z.string().trim();
  const filled =
    options.required === true ? text.min(1, { message: `Enter the ${what}`, abort: true }) : text;
  return filled.superRefine((value, context) => {
    const problem = httpUrlProblem(value, what, options);
    if (problem !== null) context.addIssue({ code: 'custom', message: problem });
  });
}

/**
 * The refusal of a URL with a user name or password where the console sends a request of its own
 * (a replay, a forward, check-endpoint's battery, a scenario's send-webhook step): they are never
 * sent, the request carrying its own headers, yet would be kept in plain text with what is
 * stored. One owner of the words; each caller says what the URL is and why they are not sent.
 */
export function credentialsRefusal(
  what: string,
  whyNotSent: string,
  kept = 'they would be stored with every record',
): string {
  return `Remove the user name or password from the ${what}: ${whyNotSent}, and ${kept}`;
}

/** True when the URL carries a user name or a password (`http://user:pass@host/`). */
export function carriesCredentials(value: string): boolean {
  const url = URL.parse(value);
  return url !== null && (url.username !== '' || url.password !== '');
}

/** The URL without its user name and password; any other text as given. */
export function withoutCredentials(value: string): string {
  const url = URL.parse(value);
  if (url === null || !carriesCredentials(value)) return value;
  url.username = '';
  url.password = '';
  return url.href;
}
