import type { BodyView, HeaderList } from '../events';
import { changeBytes, maskCutEndOfBytes, redactBinary, replaceSecretsInBase64 } from './redact-bytes';
import { redactHeaders, redactPath, redactQuery, redactText, redactUrl } from './redact-secrets';
import type { Replace } from './replace-with';
import { secretsOfRequest } from './request-credentials';
import { maskCutEnd, replaceSecretsInText, usableSecrets } from './secret-spellings';

/** How a body's secrets are replaced: in its text, and in its bytes where it is not UTF-8. */
interface BodyChange {
  text: (text: string, secrets: readonly string[], replace: Replace) => string;
  base64: (base64: string, secrets: readonly string[], replace: Replace) => string;
}

/**
 * A body with its secrets replaced by `change`. A body cut short first has a secret's start at
 * its end replaced (maskCutEnd), which no search for the whole secret finds.
 */
function changeBody(
  body: BodyView | null,
  secrets: readonly string[],
  replace: Replace,
  change: BodyChange,
): BodyView | null {
  if (body === null) return body;
  if (body.text === null) {
    if (body.base64 === null) return body;
    const kept = body.truncated
      ? changeBytes(body.base64, (bytes) => maskCutEndOfBytes(bytes, secrets, replace))
      : body.base64;
    const base64 = change.base64(kept, secrets, replace);
    return base64 === body.base64 ? body : { ...body, base64 };
  }
  const kept = body.truncated ? maskCutEnd(body.text, secrets, replace) : body.text;
  const text = change.text(kept, secrets, replace);
  return text === body.text ? body : { ...body, text };
}

/** By meaning: every known secret, every JWT and every URL credential. */
const REDACT_BODY: BodyChange = { text: redactText, base64: redactBinary };
/** Only the secrets given, wherever they are echoed. */
const REPLACE_IN_BODY: BodyChange = { text: replaceSecretsInText, base64: replaceSecretsInBase64 };

/** The parts of a stored exchange that can carry a secret. */
export interface ExchangeParts {
  url: string | null;
  /** The request's path where it is kept apart from the URL (a token may ride in it too). */
  path?: string | null;
  query: string | null;
  requestHeaders: HeaderList;
  /** Trailer fields a chunked request sent after its body: header fields, masked as those are. */
  requestTrailers?: HeaderList;
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
    JSON.stringify([after.requestHeaders, after.requestTrailers, after.responseHeaders]) !==
      JSON.stringify([before.requestHeaders, before.requestTrailers, before.responseHeaders])
  );
}

/**
 * The secrets to replace in an exchange: what its request carries as credentials (by meaning)
 * and `secrets` (main's list), eight characters or more, longest first (a secret that contains
 * another is replaced whole). The same list for the screens (redactExchange) and the text index.
 */
export function secretsOfExchange(
  exchange: Pick<ExchangeParts, 'query' | 'requestHeaders' | 'requestTrailers' | 'url'>,
  secrets: readonly string[],
): string[] {
  // A credential sent as a trailer field (Authorization after the body) is one all the same.
  const fields =
    exchange.requestTrailers === undefined
      ? exchange.requestHeaders
      : [...exchange.requestHeaders, ...exchange.requestTrailers];
  return usableSecrets([...secretsOfRequest(exchange.query, fields, exchange.url), ...secrets]);
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
    ...(exchange.requestTrailers === undefined
      ? {}
      : { requestTrailers: redactHeaders(exchange.requestTrailers, known, replace) }),
    responseHeaders:
      exchange.responseHeaders === null ? null : redactHeaders(exchange.responseHeaders, known, replace),
    requestBody: changeBody(exchange.requestBody, known, replace, REDACT_BODY),
    responseBody: changeBody(exchange.responseBody, known, replace, REDACT_BODY),
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
  const headers = (list: HeaderList): HeaderList => list.map(([name, value]) => [name, text(value)]);
  const replaced: T = {
    ...exchange,
    url: exchange.url === null ? null : text(exchange.url),
    ...(typeof exchange.path === 'string' ? { path: text(exchange.path) } : {}),
    query: exchange.query === null ? null : text(exchange.query),
    requestHeaders: headers(exchange.requestHeaders),
    ...(exchange.requestTrailers === undefined ? {} : { requestTrailers: headers(exchange.requestTrailers) }),
    responseHeaders: exchange.responseHeaders === null ? null : headers(exchange.responseHeaders),
    requestBody: changeBody(exchange.requestBody, known, replace, REPLACE_IN_BODY),
    responseBody: changeBody(exchange.responseBody, known, replace, REPLACE_IN_BODY),
  };
  return { exchange: replaced, redacted: changedFrom(exchange, replaced) };
}
