import type { HeaderList } from '../events';
import { hide, isHidden, type Replace } from './replace-with';
import { MASK_PREFIX } from './mask-secret';

/**
 * Where a request carries a credential by meaning: a credential header (its scheme kept), a
 * cookie's values, a `serviceToken` query parameter. redact-secrets.ts says why each is one.
 */

const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization']);
const TOKEN_PARAMETERS = new Set(['servicetoken']);
/** An auth scheme: one short word without dots (a JWT has dots), then the credential. */
const SCHEME = /^([A-Za-z][A-Za-z0-9_-]{0,19})([ \t]+)(\S.*)$/s;

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

/** A query string with each serviceToken value (any spelling) replaced; every other part as written. */
export function hideTokenParameters(query: string, replace: Replace): string {
  return query
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      if (equals === -1 || !TOKEN_PARAMETERS.has(decoded(part.slice(0, equals)).toLowerCase())) return part;
      const value = decoded(part.slice(equals + 1));
      return value === '' ? part : `${part.slice(0, equals)}=${hide(value, replace)}`;
    })
    .join('&');
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
