import type { HeaderList } from '../events';
import { JWT_SHAPE } from './jwt-shape';
import type { Replace } from './replace-with';
import {
  hideTokenParameters,
  isCookieHeader,
  isCredentialHeader,
  redactCookies,
  redactCredential,
} from './request-credentials';
import { replaceSecretsInText } from './secret-spellings';

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

// The parts, each in a module of its own; this one is where the console asks for them.
export { JWT_SHAPE_SOURCE } from './jwt-shape';
export { REDACTED, maskWith, redactWith, tailedMasksOf, type Replace } from './replace-with';
export {
  cookieValuesOf,
  credentialOf,
  isCookieHeader,
  isCredentialHeader,
  isStoredMasked,
  queryTokensOf,
  redactCookies,
  redactCredential,
  schemeOf,
  secretsOfRequest,
} from './request-credentials';
export { maskCutEnd, replaceSecrets, replaceSecretsInText, usableSecrets } from './secret-spellings';
export { replaceSecretsInBase64 } from './redact-bytes';

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

/** Every known secret (in any percent-encoding) and every JWT-shaped string in a URL's text, replaced. */
const redactUrlText = redactText;

/** A query string with each serviceToken value (any spelling) and each echoed secret replaced. */
export function redactQuery(query: string, secrets: readonly string[], replace: Replace): string {
  return redactUrlText(hideTokenParameters(query, replace), secrets, replace);
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
