import type { BodyView, EventKind, HeaderList } from './events';

/**
 * "Copy as cURL" for any timeline record: a POSIX shell command (bash, zsh, dash) that sends
 * the stored request again, byte for byte.
 *
 * Tokens are redacted unless asked for. Webhooks, deliveries, replays and forwards carry the
 * notification JWT that arrived (`?serviceToken=` and `Authorization: Bearer`); it is not a
 * profile secret, so whoever sees the record may include it. An outbound `request` carries the
 * profile's API token, stored masked: only the main process can put it back (`apiToken`), and
 * this builder refuses to pretend it can without one.
 */
export interface CurlSource {
  id: number;
  kind: EventKind;
  method: string | null;
  url: string | null;
  path: string | null;
  query: string | null;
  requestHeaders: HeaderList;
  requestBody: BodyView | null;
}

export type CurlTokens =
  | { tokens: 'redacted' }
  /** `apiToken` is required for a `request` record and ignored for the others. */
  | { tokens: 'included'; apiToken?: string };

export interface CurlCommand {
  command: string;
  /** True when a token was replaced by REDACTED. */
  redacted: boolean;
  /** What the person should know before running it (a truncated body, a rewritten header). */
  notes: string[];
}

export const REDACTED = 'REDACTED';

/** Thrown when an outbound request's API token is asked for without main supplying it. */
export class CurlApiTokenRequired extends Error {
  constructor(id: number) {
    super(
      `Record ${id} is an outbound request: its API token is a profile secret that only the console process can add ` +
        `(the desktop app's "Copy with API token", or \`npx checkout-console curl ${id} --with-token\`).`,
    );
    this.name = 'CurlApiTokenRequired';
  }
}

/** Characters that never need quoting in any POSIX shell (no globbing, expansion or word splitting). */
const SAFE_WORD = /^[A-Za-z0-9_\-.,:/@%+]+$/;

/** One shell word: bare when it is plainly safe, otherwise single-quoted (`'` written as `'\''`). */
export function shellQuote(value: string): string {
  if (SAFE_WORD.test(value)) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * Headers curl works out itself from the URL and the body; forcing the stored values would
 * break the request (a Content-Length for other bytes, a chunked encoding curl does not do).
 */
const HEADERS_CURL_SETS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
]);

/**
 * Whether text can go inside single quotes on a terminal: no NUL (impossible in argv) and no
 * control characters (escape codes would act on the terminal it is pasted into). Tab, line feed
 * and carriage return are fine.
 */
function isSafeInArgument(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return false;
  }
  return true;
}

function redactQuery(query: string, replace: boolean): { query: string; redacted: boolean } {
  if (!replace) return { query, redacted: false };
  let redacted = false;
  const parts = query.split('&').map((part) => {
    const equals = part.indexOf('=');
    const rawName = equals === -1 ? part : part.slice(0, equals);
    let name = rawName;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      // A malformed escape is compared as written.
    }
    if (name !== 'serviceToken' || equals === -1) return part;
    redacted = true;
    return `${rawName}=${REDACTED}`;
  });
  return { query: parts.join('&'), redacted };
}

/** A URL with every `?serviceToken=` value replaced by REDACTED; the fragment dropped, the rest kept as written. */
export function redactUrlTokens(url: string, redact = true): { url: string; redacted: boolean } {
  const hash = url.indexOf('#');
  const withoutFragment = hash === -1 ? url : url.slice(0, hash);
  const question = withoutFragment.indexOf('?');
  if (question === -1) return { url: withoutFragment, redacted: false };
  const query = redactQuery(withoutFragment.slice(question + 1), redact);
  return { url: `${withoutFragment.slice(0, question)}?${query.query}`, redacted: query.redacted };
}

/** The URL to send to, with `?serviceToken=` values redacted when asked. */
function targetUrl(source: CurlSource, redactTokens: boolean): { url: string; redacted: boolean } {
  let url = source.url;
  if (url === null && source.path !== null) {
    const host = source.requestHeaders.find(([name]) => name.toLowerCase() === 'host')?.[1];
    if (host !== undefined && host.trim() !== '') {
      url = `http://${host.trim()}${source.path}${source.query === null ? '' : `?${source.query}`}`;
    }
  }
  if (url === null) throw new Error(`Record ${source.id} has no URL to send to.`);
  return redactUrlTokens(url, redactTokens);
}

function authorizationValue(
  source: CurlSource,
  value: string,
  options: CurlTokens,
): { value: string; redacted: boolean } {
  if (source.kind === 'request') {
    if (options.tokens === 'redacted') return { value: `Bearer ${REDACTED}`, redacted: true };
    if (options.apiToken === undefined) throw new CurlApiTokenRequired(source.id);
    return { value: `Bearer ${options.apiToken}`, redacted: false };
  }
  if (options.tokens === 'included') return { value, redacted: false };
  const scheme = /^(\S+)\s+\S/.exec(value.trim())?.[1];
  return { value: scheme === undefined ? REDACTED : `${scheme} ${REDACTED}`, redacted: true };
}

interface BodyPlan {
  /** Arguments for curl. */
  args: string[];
  /** A pipeline that feeds the body on standard input, for bytes a shell argument cannot hold. */
  feed: string | null;
}

function bytesOfText(text: string): number {
  return new TextEncoder().encode(text).byteLength;
}

function bytesOfBase64(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return (base64.length / 4) * 3 - padding;
}

function base64OfText(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function bodyPlan(body: BodyView | null, notes: string[]): BodyPlan {
  if (body === null) return { args: [], feed: null };
  const stored = body.text !== null ? bytesOfText(body.text) : bytesOfBase64(body.base64 ?? '');
  if (body.truncated) {
    notes.push(
      `The stored body was truncated (${stored} of ${body.size} bytes kept); this command sends only what was stored.`,
    );
  }
  if (body.text !== null && body.text === '') return { args: [], feed: null };
  if (body.text !== null && isSafeInArgument(body.text)) {
    // --data-raw: sent exactly as written (no @file, no stripped newlines).
    return { args: ['--data-raw', shellQuote(body.text)], feed: null };
  }
  const base64 = body.text !== null ? base64OfText(body.text) : (body.base64 ?? '');
  notes.push(
    body.text === null
      ? 'The body is not UTF-8 text, so the command decodes it from base64 and sends it on standard input.'
      : 'The body holds control characters, so the command decodes it from base64 and sends it on standard input.',
  );
  return { args: ['--data-binary', '@-'], feed: `printf '%s' ${shellQuote(base64)} | base64 --decode | ` };
}

/** The record as a cURL command line. Throws CurlApiTokenRequired for a request asked with its token but none given. */
export function buildCurlCommand(source: CurlSource, options: CurlTokens): CurlCommand {
  const notes: string[] = [];
  const redactNotification = options.tokens === 'redacted';
  const target = targetUrl(source, redactNotification && source.kind !== 'request');
  let redacted = target.redacted;

  const method = (source.method ?? 'GET').trim() || 'GET';
  const body = bodyPlan(source.requestBody, notes);
  const hasBody = body.args.length > 0;
  const first: string[] = ['curl'];
  if (method === 'HEAD' && !hasBody) first.push('--head');
  else if (method !== 'GET' || hasBody) first.push('--request', shellQuote(method));
  // curl reads [] and {} in a URL as ranges and lists unless told not to.
  if (/[[\]{}]/.test(target.url)) first.push('--globoff');
  first.push(shellQuote(target.url));

  const lines: string[] = [first.join(' ')];
  for (const [name, rawValue] of source.requestHeaders) {
    if (HEADERS_CURL_SETS.has(name.toLowerCase())) continue;
    let value = rawValue;
    if (name.toLowerCase() === 'authorization') {
      const decided = authorizationValue(source, rawValue, options);
      value = decided.value;
      redacted ||= decided.redacted;
    }
    if (/[\r\n]/.test(value) || /[\r\n]/.test(name)) {
      notes.push(`The ${name.replace(/[\r\n]+/g, ' ')} header held line breaks; they are sent as spaces.`);
      value = value.replace(/[\r\n]+/g, ' ');
    }
    const cleanName = name.replace(/[\r\n]+/g, ' ');
    // `Name:` alone tells curl to drop the header; `Name;` sends it empty.
    lines.push(`--header ${shellQuote(value === '' ? `${cleanName};` : `${cleanName}: ${value}`)}`);
  }
  if (hasBody) lines.push(body.args.join(' '));
  const command = `${body.feed ?? ''}${lines.join(' \\\n  ')}`;
  return { command, redacted, notes };
}
