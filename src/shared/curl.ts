import type { ConsoleCommand } from './console-command';
import type { BodyView, EventKind, HeaderList } from './events';
import {
  isCredentialHeader,
  isStoredMasked,
  REDACTED,
  redactCredential,
  redactUrl,
  redactWith,
  schemeOf,
} from './secrets/redact-secrets';
import { redactExchange, replaceSecretsInExchange } from './secrets/redact-exchange';
import { absoluteFormRefusal } from './curl-refusal-words';
import { RAW_REQUEST_WORDS } from './raw-request';
import { shellQuote } from './shell-quote';
import { PRINTABLE_ASCII, shellBytesWord } from './shell-bytes-word';
import { base64Of, bodyPlan, storedBytesOf } from './curl-body';
import { CurlApiTokenRequired, CurlCannotReproduce } from './curl-errors';

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
  /** Trailer fields that came after a chunked body (curl cannot send them: trailerNote says so). */
  requestTrailers?: HeaderList;
  requestBody: BodyView | null;
}

export type CurlTokens =
  /**
   * `secrets`: the profiles' tokens, replaced wherever the record echoes one. The record itself
   * comes unredacted: redacted before, a raw request's bytes came in with REDACTED where its
   * token was, and were offered as "the same bytes" to send again.
   */
  | { tokens: 'redacted'; secrets?: readonly string[] }
  /**
   * `apiToken` is required for a `request` record and ignored for the others. The token asked
   * for is the one a header carries (the notification JWT that arrived, or the API token):
   * `secrets`, the profiles' tokens echoed anywhere else, are still REDACTED unless
   * `exactBytes` asks for the stored bytes as they are.
   */
  | { tokens: 'included'; apiToken?: string; secrets?: readonly string[]; exactBytes?: boolean };

export interface CurlCommand {
  command: string;
  /** True when a token was replaced by REDACTED. */
  redacted: boolean;
  /** What the person should know before running it (a truncated body, a rewritten header). */
  notes: string[];
}

export { REDACTED };
export { shellBytesWord } from './shell-bytes-word';
export { CurlApiTokenRequired, CurlCannotReproduce } from './curl-errors';

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
 * curl sends a body with a Content-Length and has no way to send trailer fields after it, so a
 * stored `Trailer` header would announce fields the command never sends: it is left out, and
 * the note says what the command does not send. Null: the request had neither.
 */
function trailerNote(source: CurlSource): string | null {
  const announced = source.requestHeaders.filter(([name]) => name.trim().toLowerCase() === 'trailer');
  const trailers = source.requestTrailers ?? [];
  if (trailers.length > 0)
    return `The request ended with trailer fields after its chunked body (${namesWords(trailers)}); curl cannot send trailer fields, so they are left out${announced.length > 0 ? ', and so is the Trailer header that announced them' : ''}.`;
  if (announced.length > 0)
    return 'Its Trailer header announced trailer fields, and the record holds none; curl cannot send trailer fields, so the header is left out.';
  return null;
}

/** Field names for a note (never their values, which may be secrets); unprintable ones counted. */
function namesWords(fields: HeaderList): string {
  const names = fields.map(([name]) => name);
  return names.every((name) => PRINTABLE_ASCII.test(name))
    ? names.join(', ')
    : `${fields.length} field${fields.length === 1 ? '' : 's'}`;
}

/** The profile secrets to replace besides what the record carries by meaning. */
const secretsOf = (options: CurlTokens) =>
  options.tokens === 'redacted' || options.exactBytes !== true ? (options.secrets ?? []) : [];

/** Said when a command with its token still had a profile token echoed in it replaced. */
export const echoedSecretNote = (id: number, consoleCommand: ConsoleCommand) =>
  `A profile token echoed in the stored request (not the one asked for) is REDACTED; \`${consoleCommand(`curl ${id} --with-token --exact-bytes`)}\` prints the stored bytes as they are.`;

/** The URL to send to (from the Host header when only a path was stored). */
function targetUrl(source: CurlSource, options: CurlTokens, consoleCommand: ConsoleCommand): string {
  let url = source.url;
  if (url === null && source.path !== null) {
    const host = source.requestHeaders.find(([name]) => name.toLowerCase() === 'host')?.[1];
    if (host !== undefined && host.trim() !== '') {
      url = `http://${host.trim()}${source.path}${source.query === null ? '' : `?${source.query}`}`;
    }
  }
  if (url === null)
    throw new CurlCannotReproduce(`Record ${source.id} has no URL to send to.`, { whateverTheToken: true });
  const protocol = URL.parse(url)?.protocol;
  if (protocol !== 'http:' && protocol !== 'https:') {
    // A CONNECT asks for a tunnel to host:port (so does `OPTIONS *` name no resource): sent
    // there, curl would reach another server, not the one that received it.
    const named = options.tokens === 'redacted' ? redactUrl(url, secretsOf(options), redactWith) : url;
    throw new CurlCannotReproduce(
      `Record ${source.id} is a ${source.method ?? ''} request for ${JSON.stringify(named)}${source.method === 'CONNECT' ? ' (a tunnel to that address)' : ''}, not for an http:// or https:// address; curl cannot send it again as it arrived.`,
      { whateverTheToken: true },
    );
  }
  if (source.path !== null && !source.path.startsWith('/')) {
    // An absolute-form target (`POST http://evil.example/x HTTP/1.1`): the listener stores it as
    // it arrived, so its host is whatever the sender wrote, not the listener. A copied command
    // aimed there would hand the webhook and its token to that host; Replay sends the same
    // request line to the listener itself.
    const named = options.tokens === 'redacted' ? redactUrl(url, secretsOf(options), redactWith) : url;
    const cause = `Record ${source.id} is a ${source.method ?? ''} request for ${JSON.stringify(named)}, an absolute address: it names a host the sender chose, not the listener that received it, so curl does not send it there.`;
    // Only a webhook is replayed; how to ask for it is each place's own (curl-refusal-words.ts).
    if (source.kind !== 'webhook') throw new CurlCannotReproduce(cause, { whateverTheToken: true });
    const words = absoluteFormRefusal(cause, consoleCommand(`replay ${source.id}`));
    throw new CurlCannotReproduce(words.terminal, { inWindow: words.window, whateverTheToken: true });
  }
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

/** Whether a URL's path, as written, has a `.` or `..` segment (which a client resolves unless told not to). */
export function hasDotSegment(url: string): boolean {
  const afterScheme = url.indexOf('://');
  const pathStart = afterScheme === -1 ? 0 : url.indexOf('/', afterScheme + 3);
  if (pathStart === -1) return false;
  const path = url.slice(pathStart).split(/[?#]/, 1)[0] ?? '';
  return /(^|\/)\.{1,2}(\/|$)/.test(path);
}

/** Raw bytes larger than this are not put into a message as base64 (it would fill the screen). */
const RAW_RESEND_MAX_BYTES = 8 * 1024;

/**
 * A record the listener stored as raw bytes, because Node could not parse a request from them:
 * there is no method or target to give curl. Says so, and how to send the same bytes to the
 * listener again (it stored its own address as the URL).
 */
function unparsedRequest(
  source: CurlSource,
  options: CurlTokens,
  consoleCommand: ConsoleCommand,
): CurlCannotReproduce {
  const why = `Record ${source.id} is ${RAW_REQUEST_WORDS}, so curl cannot send it again.`;
  const body = source.requestBody;
  // Raw bytes cannot be sent with a token REDACTED in them: then they are not offered at all.
  if (body !== null) {
    const exchange = { url: null, query: null, requestHeaders: [], responseHeaders: null };
    const parts = { ...exchange, requestBody: body, responseBody: null };
    if (options.tokens === 'redacted' && redactExchange(parts, redactWith, secretsOf(options)).redacted)
      return new CurlCannotReproduce(
        `${why} Its bytes carry a token; \`${consoleCommand(`curl ${source.id} --with-token`)}\` says how to send them again.`,
      );
    if (
      options.tokens === 'included' &&
      replaceSecretsInExchange(parts, secretsOf(options), redactWith).redacted
    )
      return new CurlCannotReproduce(
        `${why} Its bytes echo a profile token; \`${consoleCommand(`curl ${source.id} --with-token --exact-bytes`)}\` says how to send them again.`,
      );
  }
  const listener = source.url === null ? null : URL.parse(source.url);
  const stored = body === null ? 0 : storedBytesOf(body);
  if (body === null || stored === 0 || listener === null || listener.protocol !== 'http:')
    return new CurlCannotReproduce(why);
  if (stored > RAW_RESEND_MAX_BYTES)
    return new CurlCannotReproduce(
      `${why} Its ${stored} bytes are in \`${consoleCommand('export --format json')}\` (request_body).`,
    );
  const base64 = base64Of(body);
  const host = listener.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = listener.port === '' ? '80' : listener.port;
  const kept = body.truncated ? ` (only the first ${stored} of ${body.size} bytes were stored)` : '';
  return new CurlCannotReproduce(
    `${why} To send the same ${stored} bytes${kept} to the listener again: printf '%s' ${shellQuote(base64)} | base64 --decode | nc ${shellQuote(host)} ${port}`,
  );
}

/**
 * The parts as the command sends them. Redacted, every secret goes by meaning (the one
 * redaction of secrets/redact-secrets.ts, as exports and screens): credentials, serviceToken
 * in any spelling, and every echo of them in headers and body. An outbound request's own
 * Authorization is stored masked; redacted it reads `<scheme> REDACTED`, included it carries
 * the profile's current API token, which only main can supply.
 */
function sendableParts(
  source: CurlSource,
  options: CurlTokens,
  consoleCommand: ConsoleCommand,
): { url: string; headers: HeaderList; body: BodyView | null; redacted: boolean; echoes: boolean } {
  const url = targetUrl(source, options, consoleCommand);
  const parts = { url, query: null, requestHeaders: source.requestHeaders, responseHeaders: null };
  const plain = { ...parts, requestBody: source.requestBody, responseBody: null };
  const redacted =
    options.tokens === 'redacted' ? redactExchange(plain, redactWith, secretsOf(options)) : null;
  // With its token, the command still drops the profile tokens the record echoes elsewhere.
  const scrubbed =
    options.tokens === 'included' ? replaceSecretsInExchange(plain, secretsOf(options), redactWith) : null;
  const shown = redacted?.exchange ?? scrubbed?.exchange ?? plain;
  let tokenRedacted = redacted?.redacted ?? false;
  const headers: HeaderList = shown.requestHeaders.map(([name, value], index) => {
    if (source.kind !== 'request' || !isCredentialHeader(name)) return [name, value];
    const sent = source.requestHeaders[index]?.[1] ?? value;
    const scheme = schemeOf(sent);
    if (options.tokens === 'redacted') {
      tokenRedacted = true;
      return [name, scheme === null ? REDACTED : `${scheme} ${REDACTED}`];
    }
    if (options.apiToken === undefined) throw new CurlApiTokenRequired(source.id, consoleCommand);
    return [name, `${scheme ?? 'Bearer'} ${options.apiToken}`];
  });
  return {
    url: shown.url ?? url,
    headers,
    body: shown.requestBody,
    redacted: tokenRedacted,
    echoes: scrubbed?.redacted ?? false,
  };
}

/**
 * The record as a cURL command line. Throws CurlApiTokenRequired for a request asked with its
 * token but none given. `consoleCommand` names the console's own commands in what it says (this data
 * directory's `curl <id> --with-token`).
 */
export function buildCurlCommand(
  source: CurlSource,
  options: CurlTokens,
  consoleCommand: ConsoleCommand,
): CurlCommand {
  const notes: string[] = [];
  if (source.method === null) throw unparsedRequest(source, options, consoleCommand);
  const parts = sendableParts(source, options, consoleCommand);

  if (parts.echoes) notes.push(echoedSecretNote(source.id, consoleCommand));
  const trailers = trailerNote(source);
  if (trailers !== null) notes.push(trailers);
  const method = source.method.trim() || 'GET';
  const body = bodyPlan(parts.body, notes);
  const hasBody = body.args.length > 0;
  const first: string[] = ['curl'];
  if (method === 'HEAD' && !hasBody) first.push('--head');
  else if (method !== 'GET' || hasBody) first.push('--request', shellBytesWord(method));
  // curl reads [] and {} in a URL as ranges and lists unless told not to.
  if (/[[\]{}]/.test(parts.url)) first.push('--globoff');
  // curl squashes `/./` and `/../` in a path unless told not to: it sent `/x/z` for `/x/./y/../z`.
  if (hasDotSegment(parts.url)) first.push('--path-as-is');
  first.push(shellBytesWord(parts.url));

  const lines: string[] = [first.join(' ')];
  for (const [name, rawValue] of parts.headers) {
    if (HEADERS_CURL_SETS.has(name.toLowerCase())) continue;
    if (name.trim().toLowerCase() === 'trailer') continue; // trailerNote says why.
    let value = rawValue;
    if (/[\r\n]/.test(value) || /[\r\n]/.test(name)) {
      notes.push(`The ${name.replace(/[\r\n]+/g, ' ')} header held line breaks; they are sent as spaces.`);
      value = value.replace(/[\r\n]+/g, ' ');
    }
    const cleanName = name.replace(/[\r\n]+/g, ' ');
    if (isStoredMasked(value)) {
      notes.push(`Its ${cleanName} value is a secret stored masked; write it back in yourself.`);
      // Written as every secret a command leaves out is (the webhook's own registered header
      // reads so): REDACTED, its scheme kept. The mask's bullets, printf-escaped, were a command
      // that sent them. Not counted in `redacted`, which says a token could be included: this
      // one cannot, and the note says so.
      value = redactCredential(value, redactWith);
    }
    // `Name:` alone tells curl to drop the header; `Name;` sends it empty.
    lines.push(`--header ${shellBytesWord(value === '' ? `${cleanName};` : `${cleanName}: ${value}`)}`);
  }
  if (hasBody) lines.push(body.args.join(' '));
  const command = `${body.feed ?? ''}${lines.join(' \\\n  ')}`;
  return { command, redacted: parts.redacted, notes };
}
