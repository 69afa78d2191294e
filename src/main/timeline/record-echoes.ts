import type { TimelineDetail, WithheldPart } from '../../shared/events';

/*
 * A secret this process cannot open (a lost `vault.key`, a token the desktop app sealed) cannot
 * be masked by its value wherever a record echoes it. What could hold such an echo is judged
 * here, once: a body, a query's values, a header value of no fixed form. The detail view
 * withholds those parts (record-secrets.ts); a cURL command leaves out or REDACTs the same
 * things (curl-for-record.ts keeps a copy of these rules until it imports them from here).
 */

/** A header whose value is masked by meaning, whatever it holds (Authorization's credential). */
const BY_MEANING = new Set(['authorization']);

/** Header values of a fixed form, which cannot hold a token: kept as they are. */
const FIXED_FORM: Record<string, RegExp> = {
  'content-type': /^[\w.+-]+\/[\w.+-]+(\s*;\s*[\w-]+=[\w."-]+)*$/,
  accept:
    /^[\w.+*-]+\/[\w.+*-]+(\s*;\s*[\w-]+=[\w."-]+)*(\s*,\s*[\w.+*-]+\/[\w.+*-]+(\s*;\s*[\w-]+=[\w."-]+)*)*$/,
  'content-length': /^\d+$/,
};

/**
 * Whether a header's value cannot echo such a secret: judged by meaning, of a fixed form, or
 * the Host a request arrived with when it says no more than the URL's own host.
 */
export function headerVouchedFor(name: string, value: string, urlHost: string | null): boolean {
  const lower = name.toLowerCase();
  if (BY_MEANING.has(lower) || FIXED_FORM[lower]?.test(value) === true) return true;
  return lower === 'host' && urlHost !== null && value.trim() === urlHost;
}

/** A URL's query, or '' (an unparsable URL is cut at its first `?`). */
function queryOfUrl(url: string): string {
  const parsed = URL.parse(url);
  if (parsed !== null) return parsed.search.slice(1);
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at + 1);
}

/** A URL without its query and fragment: the path the timeline's list shows anyway. */
function urlWithoutQuery(url: string): string {
  const parsed = URL.parse(url);
  if (parsed === null) return url.split(/[?#]/, 1)[0] ?? '';
  parsed.search = '';
  parsed.hash = '';
  return parsed.href;
}

const hostOf = (url: string | null) => (url === null ? null : (URL.parse(url)?.host ?? null));

/** A body with any byte in it (an empty one holds no echo). */
const hasBytes = (body: TimelineDetail['requestBody']) =>
  body !== null && (body.size > 0 || (body.text ?? body.base64 ?? '') !== '');

/**
 * The parts of a stored record that could echo a secret this process cannot open: those with
 * anything in them that is not vouched for. In the order of WITHHELD_PARTS.
 */
export function partsThatCouldEcho(detail: TimelineDetail): WithheldPart[] {
  const host = hostOf(detail.url);
  const headersCould = (headers: TimelineDetail['requestHeaders'] | null) =>
    headers !== null && headers.some(([name, value]) => !headerVouchedFor(name, value, host));
  const parts: WithheldPart[] = [];
  if ((detail.query ?? '') !== '' || (detail.url !== null && queryOfUrl(detail.url) !== ''))
    parts.push('query');
  // Trailer fields are request header fields that came after the body: withheld with them.
  if (headersCould(detail.requestHeaders) || headersCould(detail.requestTrailers ?? null))
    parts.push('requestHeaders');
  if (hasBytes(detail.requestBody)) parts.push('requestBody');
  // A response has no URL of its own: its Host rule does not apply.
  if (
    detail.responseHeaders !== null &&
    detail.responseHeaders.some(([name, value]) => !headerVouchedFor(name, value, null))
  )
    parts.push('responseHeaders');
  if (hasBytes(detail.responseBody)) parts.push('responseBody');
  return parts;
}

/**
 * The record with `parts` emptied: a query and a body become null, headers an empty list (a
 * response that has headers keeps saying it was answered), and the URL keeps its path only.
 * Only what is listed as withheld is ever emptied, so a view can tell withheld from absent.
 */
export function withoutParts(detail: TimelineDetail, parts: readonly WithheldPart[]): TimelineDetail {
  const out = new Set(parts);
  return {
    ...detail,
    url: out.has('query') && detail.url !== null ? urlWithoutQuery(detail.url) : detail.url,
    query: out.has('query') ? null : detail.query,
    requestHeaders: out.has('requestHeaders') ? [] : detail.requestHeaders,
    ...(detail.requestTrailers !== undefined && out.has('requestHeaders') ? { requestTrailers: [] } : {}),
    requestBody: out.has('requestBody') ? null : detail.requestBody,
    responseHeaders: out.has('responseHeaders') ? [] : detail.responseHeaders,
    responseBody: out.has('responseBody') ? null : detail.responseBody,
  };
}
