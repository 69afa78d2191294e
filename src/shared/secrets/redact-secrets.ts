import type { BodyView, HeaderList } from '../events';
import { escapeRegExp } from '../escape-regexp';
import { MASK_PREFIX, maskSecret } from './mask-secret';

/**
 * The one place that decides what is a secret in a stored exchange, by meaning rather than by
 * spelling, for every surface: screens (masked, `••••abcd`), cURL commands and exports
 * (`REDACTED`). A notification or API token rides in:
 * - a credential header (`Authorization`, `Proxy-Authorization`, any case), with a scheme
 *   (`Bearer X`, `bearer X`, `Basic X`) or without one (a bare JWT): the credential is replaced,
 *   the scheme kept;
 * - a `serviceToken` query parameter, whatever its case or percent-encoding, in any URL;
 * - a cookie (`Cookie`, `Set-Cookie`): a session is a credential too, so each cookie's value is
 *   replaced and its name and attributes kept;
 * - anything that echoes one: the same value anywhere else in the URL, headers or bodies, any
 *   JWT-shaped string (`eyJ….eyJ….…`), and the profile secrets main passes in. A secret is
 *   found in any percent-encoding too (`hdr%2Fvalue`, `%73k_…`: a URL, a form-encoded body)
 *   and with JSON escapes (`\u0073k_…`, `hdr\/value`: a JSON body) — replaceSecretsInText.
 */

export const REDACTED = 'REDACTED';

/** What a secret is replaced with: a function of the secret, so screens can keep its last four. */
export type Replace = (secret: string) => string;

/** Exports and cURL: the word REDACTED. */
export const redactWith: Replace = () => REDACTED;

/**
 * Screens: `••••abcd`, enough to tell two tokens apart, never enough to use one. A value
 * already masked stays as it is (masking it again would lose its last four).
 */
export const maskWith: Replace = (secret) =>
  secret.startsWith(MASK_PREFIX) ? secret : (maskSecret(secret).masked ?? MASK_PREFIX);

/**
 * Each secret as a screen masks it, where the mask keeps a part of it (`••••abcd`, its last
 * four characters). The console stores some echoes so (an answer that echoed the profile's API
 * token: merchant-api/scrub-answer.ts), and those four characters are a part of the secret,
 * which the text index holds no more than the rest (a search for them found the record).
 */
export const tailedMasksOf = (secrets: readonly string[]): string[] => [
  ...new Set(secrets.map(maskWith).filter((mask) => mask.length > MASK_PREFIX.length)),
];

const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization']);
const TOKEN_PARAMETERS = new Set(['servicetoken']);
/** A compact JWS: header and claims are JSON objects, so both start `eyJ` once base64url-encoded. */
const JWT_SHAPE = /eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
/**
 * The JWT shape as a pattern's source, for a reader that first asks whether a text holds
 * anything to redact at all (the text index: one test of one expression per column).
 */
export const JWT_SHAPE_SOURCE = JWT_SHAPE.source;
/** An auth scheme: one short word without dots (a JWT has dots), then the credential. */
const SCHEME = /^([A-Za-z][A-Za-z0-9_-]{0,19})([ \t]+)(\S.*)$/s;

/** Already masked or redacted: nothing secret is left in it, so it is kept as written. */
const isHidden = (value: string) => value === REDACTED || value.startsWith(MASK_PREFIX);

/**
 * A credential replaced. A masked one (a record as the screen holds it) is replaced too, so a
 * cURL built from what a window shows reads REDACTED, never `••••abcd`; masking is idempotent.
 */
const hide = (value: string, replace: Replace) => (value === REDACTED ? value : replace(value));

export const isCredentialHeader = (name: string) => CREDENTIAL_HEADERS.has(name.trim().toLowerCase());

/**
 * A header value the console stored masked (`••••abcd`, `ApiKey ••••abcd`): a secret it never
 * keeps in plain text, whatever the header is called (a registered webhook's `X-Api-Key`).
 * Nothing secret is left in it, so it stays as it is; a cURL command says it must be written back.
 */
export const isStoredMasked = (value: string) => credentialOf(value)?.startsWith(MASK_PREFIX) === true;

const COOKIE_HEADERS = new Set(['cookie', 'set-cookie']);
export const isCookieHeader = (name: string) => COOKIE_HEADERS.has(name.trim().toLowerCase());

/**
 * The name=value pairs a cookie header carries, with the span of each value: every pair of a
 * `Cookie` (split on `;`), only the first of a `Set-Cookie` (the rest are attributes).
 */
function cookieValueSpans(name: string, value: string): { start: number; end: number }[] {
  const pairs = name.trim().toLowerCase() === 'set-cookie' ? [value.split(';')[0] ?? ''] : value.split(';');
  const spans: { start: number; end: number }[] = [];
  let offset = 0;
  for (const pair of pairs) {
    const equals = pair.indexOf('=');
    const raw = equals === -1 ? '' : pair.slice(equals + 1);
    const start = offset + equals + 1 + (raw.length - raw.trimStart().length);
    const end = offset + pair.length - (raw.length - raw.trimEnd().length);
    if (equals !== -1 && end > start) spans.push({ start, end });
    offset += pair.length + 1;
  }
  return spans;
}

/** The values of a cookie header's cookies (`a=1; b=2` → `1`, `2`). */
export function cookieValuesOf(name: string, value: string): string[] {
  return cookieValueSpans(name, value).map(({ start, end }) => value.slice(start, end));
}

/** A cookie header with each cookie's value replaced: `sid=••••abcd; Path=/`. */
export function redactCookies(name: string, value: string, replace: Replace): string {
  let out = value;
  for (const { start, end } of cookieValueSpans(name, value).reverse())
    out = `${out.slice(0, start)}${hide(out.slice(start, end), replace)}${out.slice(end)}`;
  return out;
}

function decoded(text: string): string {
  // Most names and tokens are written plain: nothing to decode, no exception to guard.
  if (!text.includes('%') && !text.includes('+')) return text;
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** The credential of a header value: after its scheme, or the whole value when it has none. */
export function credentialOf(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return SCHEME.exec(trimmed)?.[3]?.trim() ?? trimmed;
}

/** The scheme of a header value (`Bearer`), or null when it is a bare credential. */
export function schemeOf(value: string): string | null {
  return SCHEME.exec(value.trim())?.[1] ?? null;
}

/** `Bearer X` → `Bearer <X replaced>`; a bare token → replaced whole; an empty value as it is. */
export function redactCredential(value: string, replace: Replace): string {
  const trimmed = value.trim();
  if (trimmed === '') return value;
  const match = SCHEME.exec(trimmed);
  if (match?.[1] !== undefined && match[2] !== undefined && match[3] !== undefined)
    return `${match[1]}${match[2]}${hide(match[3].trim(), replace)}`;
  return hide(trimmed, replace);
}

/** The values of every `serviceToken` parameter of a query string (any case, decoded). */
export function queryTokensOf(query: string | null): string[] {
  if (query === null || query === '') return [];
  return query.split('&').flatMap((part) => {
    const equals = part.indexOf('=');
    if (equals === -1 || !TOKEN_PARAMETERS.has(decoded(part.slice(0, equals)).toLowerCase())) return [];
    const value = decoded(part.slice(equals + 1));
    return value === '' ? [] : [value];
  });
}

/** Every secret an exchange carries by meaning: credential header values and serviceToken values. */
export function secretsOfRequest(
  query: string | null,
  headers: HeaderList,
  url: string | null = null,
): string[] {
  const fromUrl = url === null || !url.includes('?') ? [] : queryTokensOf(url.slice(url.indexOf('?') + 1));
  const fromHeaders = headers
    .filter(([name]) => isCredentialHeader(name))
    .map(([, value]) => credentialOf(value))
    .filter((value): value is string => value !== null);
  const fromCookies = headers
    .filter(([name]) => isCookieHeader(name))
    .flatMap(([name, value]) => cookieValuesOf(name, value));
  return [...new Set([...queryTokensOf(query), ...fromUrl, ...fromHeaders, ...fromCookies])].filter(
    (secret) => secret.length >= 8 && !isHidden(secret),
  );
}

/** Every occurrence of the given secrets replaced (exports scrub profile tokens with this, always). */
export function replaceSecrets(text: string, secrets: readonly string[], replace: Replace): string {
  let out = text;
  // Most texts hold none of them: a look is cheaper than a split that finds nothing.
  for (const secret of secrets)
    if (secret.length >= 8 && out.includes(secret)) out = out.split(secret).join(replace(secret));
  return out;
}

/**
 * Every string inside a JSON value (a record's verdict details: finding messages quote the
 * values they judge) with the given secrets replaced; the value itself when none is in it.
 */
export function replaceSecretsDeep(value: unknown, secrets: readonly string[], replace: Replace): unknown {
  return changeTextDeep(value, (text) => replaceSecretsInText(text, secrets, replace));
}

/** Every string inside a JSON value changed by `change`; the value itself when none changed. */
export function changeTextDeep(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === 'string') return change(value);
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => changeTextDeep(item, change));
    return items.every((item, index) => item === value[index]) ? value : items;
  }
  if (typeof value === 'object' && value !== null) {
    let changed = false;
    const entries = Object.entries(value).map(([key, item]) => {
      const next = changeTextDeep(item, change);
      if (next !== item) changed = true;
      return [key, next] as const;
    });
    return changed ? Object.fromEntries(entries) : value;
  }
  return value;
}

/**
 * Every known secret, every JWT-shaped string and every URL's credentials in free text (a body,
 * a header), replaced.
 */
export function redactText(text: string, secrets: readonly string[], replace: Replace): string {
  return redactUrlCredentialsInText(
    replaceSecretsInText(text, secrets, replace).replace(JWT_SHAPE, (token) => replace(token)),
    replace,
  );
}

/** `//` as a text may write it: plain, or JSON-escaped as PHP's json_encode writes a slash. */
const TEXT_SLASHES = String.raw`(?:\/\/|\\\/\\\/)`;
/** A URL's user-info password written in free text: `//user:password@` (a merchant endpoint behind basic auth). */
const TEXT_URL_PASSWORD_SOURCE = String.raw`(${TEXT_SLASHES}[^\s/?#@:"'<>\\]*:)([^\s/?#@"'<>\\]+)@`;
const TEXT_URL_PASSWORD = new RegExp(TEXT_URL_PASSWORD_SOURCE, 'g');
const HAS_TEXT_URL_PASSWORD = new RegExp(TEXT_URL_PASSWORD_SOURCE);
/** A serviceToken query parameter's value written in free text, in any letter case. */
const TEXT_SERVICE_TOKEN = /([?&]servicetoken=)([^&#\s"'<>\\]+)/gi;

/** Whether a text holds a URL's credential: what redactUrlCredentialsInText replaces. */
export const mayHoldUrlCredential = (text: string): boolean =>
  /servicetoken=/i.test(text) || HAS_TEXT_URL_PASSWORD.test(text);

/**
 * The credentials of every URL written in free text, replaced as a record's own URL's are
 * (redactUrl, redactQuery): the password of its user info and each serviceToken value. A
 * checkout request's notification URL (`http://merchant:pw@shop/hook?serviceToken=…`) is
 * text in its body, and the CLI's line saying where notifications go printed it whole.
 */
export function redactUrlCredentialsInText(text: string, replace: Replace): string {
  if (!mayHoldUrlCredential(text)) return text;
  return text
    .replace(
      TEXT_URL_PASSWORD,
      (_whole, before: string, password: string) => `${before}${replace(password)}@`,
    )
    .replace(TEXT_SERVICE_TOKEN, (_whole, before: string, value: string) => `${before}${replace(value)}`);
}

/** `5f` or `5F`: a number's hex digits in either case, as a pattern. */
const hexEitherCase = (value: number, width: number) =>
  [...value.toString(16).padStart(width, '0')]
    .map((digit) => (/[a-f]/.test(digit) ? `[${digit}${digit.toUpperCase()}]` : digit))
    .join('');

/** `%5f` or `%5F`: a percent-encoded byte. */
const percentEncoded = (byte: number) => `%${hexEitherCase(byte, 2)}`;

/** `\u005f` or `\u005F` (each UTF-16 unit of the character): a JSON string's escape of it. */
const jsonEscaped = (character: string) =>
  [...Array(character.length).keys()]
    .map((index) => `\\\\u${hexEitherCase(character.charCodeAt(index), 4)}`)
    .join('');

/** Which spellings besides the plain one a text may hold a secret in. */
interface Spellings {
  /** Percent-encoding, and `+` for a space: a URL, a query, a form-encoded body. */
  percent: boolean;
  /** JSON's `\uXXXX` and `\/` escapes: a JSON body, as PHP's json_encode writes `/`. */
  json: boolean;
}

/** Each list's pattern, built once (replace() starts a global pattern from 0 each time). */
const spellings = new Map<string, RegExp>();
const SPELLINGS_KEPT = 512;

/**
 * A secret as a text may spell it, as a pattern: each character as itself, as its UTF-8 bytes
 * percent-encoded (a client may encode any character, and must encode `/`, `+`, `=`, a space),
 * a space also as `+` (a query's spelling), or as a JSON escape.
 */
function spellingOf(secret: string, { percent, json }: Spellings): string {
  return [...secret]
    .map((character) => {
      const ways = [escapeRegExp(character)];
      if (percent) ways.push([...new TextEncoder().encode(character)].map(percentEncoded).join(''));
      if (percent && character === ' ') ways.push('\\+');
      if (json) ways.push(jsonEscaped(character));
      if (json && character === '/') ways.push('\\\\/');
      return `(?:${ways.join('|')})`;
    })
    .join('');
}

/** The secrets' spellings as one pattern, each secret a group of its own (in their order) after one for an escaped backslash. */
function spellingOfAll(secrets: readonly string[], ways: Spellings): RegExp {
  const key = `${ways.percent ? 'p' : ''}${ways.json ? 'j' : ''}:${JSON.stringify(secrets)}`;
  const known = spellings.get(key);
  if (known !== undefined) return known;
  // A JSON escape only where its backslash is not itself escaped (`\\u0073` in a JSON text is
  // the text `\u0073`, not an `s`): an escaped backslash (`\\`) is matched first, as a group of
  // its own that is put back as it was, so a scan from the left never starts inside one. (A
  // look behind for an even run of backslashes cost a scan back at every position: a body of
  // backslashes took quadratic time to read.)
  const alternatives = secrets.map((secret) => `(${spellingOf(secret, ways)})`).join('|');
  const spelling = new RegExp(`(\\\\\\\\)|${alternatives}`, 'g');
  // Built again for every URL it cost ~50 µs a secret (a timeline row pushed to a window is
  // masked with every profile secret): kept for the same few lists, a bounded number of them.
  if (spellings.size >= SPELLINGS_KEPT) spellings.clear();
  spellings.set(key, spelling);
  return spelling;
}

/**
 * Every occurrence of the given secrets in a text (a URL, a path, a query, a header, a body),
 * written plain, in any percent-encoding or with JSON escapes, replaced: a form-encoded body
 * carries `%73k_…` as a path does, and a JSON body may escape any character (`\u0073k_…`). The
 * replacement is given the secret itself, so a screen's `••••abcd` reads as it does elsewhere.
 */
export function replaceSecretsInText(text: string, secrets: readonly string[], replace: Replace): string {
  const out = replaceSecrets(text, secrets, replace);
  // Most texts encode and escape nothing: no spelling but the plain one to look for.
  const ways: Spellings = {
    percent: out.includes('%') || (out.includes('+') && secrets.some((secret) => secret.includes(' '))),
    json: out.includes('\\u') || out.includes('\\/'),
  };
  if (!ways.percent && !ways.json) return out;
  const usable = secrets.filter((secret) => secret.length >= 8);
  if (usable.length === 0) return out;
  // One pass for them all (one pattern per secret cost six passes over a body of six).
  return out.replace(spellingOfAll(usable, ways), (match: string, ...groups: unknown[]) => {
    // The first group is an escaped backslash (JSON), kept; each other group is one secret.
    if (groups[0] !== undefined) return match;
    const index = groups.slice(1, usable.length + 1).findIndex((group) => group !== undefined);
    return replace(usable[index] ?? '');
  });
}

/** The fewest characters of a secret a cut text must end with to be taken for its start. */
const CUT_SECRET_MIN = 4;

/**
 * A text cut short (a body kept to its first 64 KiB) may end inside a secret: its last
 * characters are then the secret's first ones, which no search for the whole secret finds, so
 * a screen, an export and the text index all showed them (25 of a token's 28 characters). That
 * end (CUT_SECRET_MIN characters or more, written plain) is replaced as a secret of which
 * nothing is kept: `replace('')`, the bare mask or REDACTED.
 */
export function maskCutEnd(text: string, secrets: readonly string[], replace: Replace): string {
  let cut = 0;
  for (const secret of secrets)
    for (
      let length = Math.min(secret.length - 1, text.length);
      length > Math.max(cut, CUT_SECRET_MIN - 1);
      length--
    )
      if (text.endsWith(secret.slice(0, length))) {
        cut = length;
        break;
      }
  return cut === 0 ? text : `${text.slice(0, text.length - cut)}${replace('')}`;
}

/** The bytes of a body cut short with a secret's start at their end replaced, as maskCutEnd does a text. */
function maskCutEndOfBytes(bytes: string, secrets: readonly string[], replace: Replace): string {
  return maskCutEnd(bytes, secrets.map(utf8Binary), (piece) => utf8Binary(replace(piece)));
}

/** Every known secret (in any percent-encoding) and every JWT-shaped string in a URL's text, replaced. */
const redactUrlText = redactText;

/** A query string with each serviceToken value (any spelling) and each echoed secret replaced. */
export function redactQuery(query: string, secrets: readonly string[], replace: Replace): string {
  const parts = query.split('&').map((part) => {
    const equals = part.indexOf('=');
    if (equals === -1 || !TOKEN_PARAMETERS.has(decoded(part.slice(0, equals)).toLowerCase())) return part;
    const value = decoded(part.slice(equals + 1));
    return value === '' ? part : `${part.slice(0, equals)}=${hide(value, replace)}`;
  });
  return redactUrlText(parts.join('&'), secrets, replace);
}

/**
 * A path as a record keeps it (`/hook/<token>/x?a=1`), every secret in it replaced in any
 * spelling: its query as redactQuery redacts one, every other character kept as written.
 */
export function redactPath(path: string, secrets: readonly string[], replace: Replace): string {
  const question = path.indexOf('?');
  if (question === -1) return redactUrlText(path, secrets, replace);
  const base = redactUrlText(path.slice(0, question), secrets, replace);
  return `${base}?${redactQuery(path.slice(question + 1), secrets, replace)}`;
}

/**
 * The password of a URL's user info (`https://user:secret@host`, a merchant endpoint behind
 * basic auth) replaced, where the text is a URL: any character but the URL's delimiters may be
 * in it (a quote, a backslash), which the free-text reader (redactUrlCredentialsInText) stops at.
 */
export function redactUserInfoPassword(raw: string, replace: Replace): string {
  return raw.replace(
    /^([a-z][a-z0-9+.-]*:\/\/[^/?#@:]*:)([^/?#@]+)@/i,
    (_whole, before: string, password: string) => `${before}${replace(password)}@`,
  );
}

/** A URL redacted as its path is (the fragment, never sent, dropped); the rest as written. */
export function redactUrl(raw: string, secrets: readonly string[], replace: Replace): string {
  // A password in the URL's user info is a credential like any other.
  const url = redactUserInfoPassword(raw, replace);
  const hash = url.indexOf('#');
  return redactPath(hash === -1 ? url : url.slice(0, hash), secrets, replace);
}

/** Headers with credentials (scheme kept) and cookie values replaced, and echoed secrets in the others. */
export function redactHeaders(headers: HeaderList, secrets: readonly string[], replace: Replace): HeaderList {
  return headers.map(([name, value]) => [
    name,
    isCredentialHeader(name)
      ? redactCredential(value, replace)
      : isCookieHeader(name)
        ? redactCookies(name, value, replace)
        : redactText(value, secrets, replace),
  ]);
}

/** A text as the bytes of its UTF-8 encoding, one character per byte (as `atob` gives bytes). */
function utf8Binary(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return binary;
}

/** The bytes of a base64 body with `change` applied to them (one character per byte). */
function changeBytes(base64: string, change: (bytes: string) => string): string {
  let bytes: string;
  try {
    bytes = atob(base64);
  } catch {
    return base64;
  }
  const out = change(bytes);
  return out === bytes ? base64 : btoa(out);
}

const replaceInBytes = (bytes: string, secrets: readonly string[], replace: Replace) =>
  secrets.reduce(
    (out, secret) =>
      secret.length >= 8 ? out.split(utf8Binary(secret)).join(utf8Binary(replace(secret))) : out,
    bytes,
  );

/**
 * A body that is not UTF-8 (base64) with every occurrence of the given secrets in its bytes
 * replaced: what `replaceSecrets` is to a text (an export with tokens still drops profile tokens).
 */
export function replaceSecretsInBase64(base64: string, secrets: readonly string[], replace: Replace): string {
  return changeBytes(base64, (bytes) => replaceInBytes(bytes, secrets, replace));
}

/**
 * The bytes of a body that is not UTF-8 (base64), each secret and JWT in them replaced by the
 * UTF-8 bytes of its replacement. A token stays a run of ASCII bytes beside a stray 0xff, and
 * its base64 was written out whole: the same redaction as a text body, on the bytes.
 */
function redactBinary(base64: string, secrets: readonly string[], replace: Replace): string {
  return changeBytes(base64, (bytes) =>
    replaceInBytes(bytes, secrets, replace).replace(JWT_SHAPE, (token) => utf8Binary(replace(token))),
  );
}

function redactBody(body: BodyView | null, secrets: readonly string[], replace: Replace): BodyView | null {
  if (body === null) return body;
  if (body.text === null) {
    if (body.base64 === null) return body;
    const kept = body.truncated
      ? changeBytes(body.base64, (bytes) => maskCutEndOfBytes(bytes, secrets, replace))
      : body.base64;
    const base64 = redactBinary(kept, secrets, replace);
    return base64 === body.base64 ? body : { ...body, base64 };
  }
  const kept = body.truncated ? maskCutEnd(body.text, secrets, replace) : body.text;
  const text = redactText(kept, secrets, replace);
  return text === body.text ? body : { ...body, text };
}

/** The parts of a stored exchange that can carry a secret. */
export interface ExchangeParts {
  url: string | null;
  /** The request's path where it is kept apart from the URL (a token may ride in it too). */
  path?: string | null;
  query: string | null;
  requestHeaders: HeaderList;
  responseHeaders: HeaderList | null;
  requestBody: BodyView | null;
  responseBody: BodyView | null;
}

/** Whether a redaction changed anything (a body or URL left alone is the same object or text). */
function changedFrom(before: ExchangeParts, after: ExchangeParts): boolean {
  return (
    after.url !== before.url ||
    after.path !== before.path ||
    after.query !== before.query ||
    after.requestBody !== before.requestBody ||
    after.responseBody !== before.responseBody ||
    JSON.stringify([after.requestHeaders, after.responseHeaders]) !==
      JSON.stringify([before.requestHeaders, before.responseHeaders])
  );
}

/**
 * The secrets to replace in an exchange: what its request carries as credentials (by meaning)
 * and `secrets` (main's list), eight characters or more, longest first (a secret that contains
 * another is replaced whole). The same list for the screens (redactExchange) and the text index.
 */
export function secretsOfExchange(
  exchange: Pick<ExchangeParts, 'query' | 'requestHeaders' | 'url'>,
  secrets: readonly string[],
): string[] {
  return usableSecrets([
    ...secretsOfRequest(exchange.query, exchange.requestHeaders, exchange.url),
    ...secrets,
  ]);
}

/**
 * Secrets as every mask takes them: once each, eight characters or more (a shorter value is
 * never taken for one), longest first (a secret that contains another is replaced whole).
 */
export function usableSecrets(secrets: readonly string[]): string[] {
  return [...new Set(secrets)].filter((secret) => secret.length >= 8).sort((a, b) => b.length - a.length);
}

/**
 * A stored exchange with every secret it carries replaced, by meaning: what its request holds
 * as credentials, echoed anywhere (response headers and bodies included), plus `secrets` (the
 * profiles' tokens, which main knows). Returns whether anything was replaced.
 */
export function redactExchange<T extends ExchangeParts>(
  exchange: T,
  replace: Replace,
  secrets: readonly string[] = [],
): { exchange: T; redacted: boolean } {
  const known = secretsOfExchange(exchange, secrets);
  const redacted: T = {
    ...exchange,
    url: exchange.url === null ? null : redactUrl(exchange.url, known, replace),
    ...(typeof exchange.path === 'string' ? { path: redactPath(exchange.path, known, replace) } : {}),
    query: exchange.query === null ? null : redactQuery(exchange.query, known, replace),
    requestHeaders: redactHeaders(exchange.requestHeaders, known, replace),
    responseHeaders:
      exchange.responseHeaders === null ? null : redactHeaders(exchange.responseHeaders, known, replace),
    requestBody: redactBody(exchange.requestBody, known, replace),
    responseBody: redactBody(exchange.responseBody, known, replace),
  };
  return { exchange: redacted, redacted: changedFrom(exchange, redacted) };
}

/**
 * An exchange with only the given secrets replaced, wherever they are echoed (URL, headers,
 * bodies, base64 bytes), and nothing by meaning: what a cURL command that keeps the tokens it
 * carried still drops (the profiles' tokens), as an export with tokens does.
 */
export function replaceSecretsInExchange<T extends ExchangeParts>(
  exchange: T,
  secrets: readonly string[],
  replace: Replace,
): { exchange: T; redacted: boolean } {
  const known = usableSecrets(secrets);
  const text = (value: string) => replaceSecretsInText(value, known, replace);
  const body = (value: BodyView | null): BodyView | null => {
    if (value === null) return null;
    if (value.text !== null) {
      const replaced = text(value.truncated ? maskCutEnd(value.text, known, replace) : value.text);
      return replaced === value.text ? value : { ...value, text: replaced };
    }
    if (value.base64 === null) return value;
    const kept = value.truncated
      ? changeBytes(value.base64, (bytes) => maskCutEndOfBytes(bytes, known, replace))
      : value.base64;
    const base64 = replaceSecretsInBase64(kept, known, replace);
    return base64 === value.base64 ? value : { ...value, base64 };
  };
  const headers = (list: HeaderList): HeaderList => list.map(([name, value]) => [name, text(value)]);
  const replaced: T = {
    ...exchange,
    url: exchange.url === null ? null : text(exchange.url),
    ...(typeof exchange.path === 'string' ? { path: text(exchange.path) } : {}),
    query: exchange.query === null ? null : text(exchange.query),
    requestHeaders: headers(exchange.requestHeaders),
    responseHeaders: exchange.responseHeaders === null ? null : headers(exchange.responseHeaders),
    requestBody: body(exchange.requestBody),
    responseBody: body(exchange.responseBody),
  };
  return { exchange: replaced, redacted: changedFrom(exchange, replaced) };
}
