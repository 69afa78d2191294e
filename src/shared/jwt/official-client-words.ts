import { quotedVisibly } from './visible-json';

/**
 * The one wording of what the official client (tests/official-client/vendor: tamara-solution
 * php-sdk 2.0.6 over firebase/php-jwt 6.9) does otherwise than the console's verdict says. The
 * verdicts follow the spec; where the client differs, a merchant built on it answers otherwise
 * than the verdict suggests, and these warnings say so, citing the client's own lines:
 * - Authenticator.php:17 `TOKEN = 'tamaraToken'`: the only query parameter it reads, and only
 *   without an Authorization header (:39-41);
 * - Authenticator.php:52 `preg_match('/Bearer\s(\S+)/', …)`: "Bearer" as written, then one
 *   whitespace character, else ForbiddenException (403);
 * - Authenticator.php:66 `JWT::decode($token, new Key(…, 'HS256'))` with php-jwt's default
 *   `JWT::$leeway = 0` (JWT.php:41): no clock tolerance at all.
 */

export type WhereLeeway = 'exp' | 'nbf' | 'iat';

const REFUSED_IN_TOLERANCE: Record<WhereLeeway, string> = {
  exp: "php-jwt's ExpiredException",
  nbf: "php-jwt's BeforeValidException (nbf)",
  iat: "php-jwt's BeforeValidException (iat)",
};

/** `the clock tolerance` sentence: a time claim the console lets pass that the client does not. */
export function refusedWithoutLeeway(where: WhereLeeway, when: string, toleranceSeconds: number): string {
  return `It ${when}, within the console's ${toleranceSeconds} s clock tolerance, so the verdict is valid; the official client allows no leeway and refuses it (${REFUSED_IN_TOLERANCE[where]}: Authenticator::decode calls JWT::decode with JWT::$leeway 0), answering 403.`;
}

/** Why php-jwt reads a token the console calls malformed (each found in the token). */
export type PhpJwtLeniency = 'crit' | 'padding' | 'string_time';

const LENIENCY: Record<PhpJwtLeniency, string> = {
  crit: 'it does not check "crit", which RFC 7515 says a verifier must understand or refuse',
  padding: 'it reads "=" padding, which a JWT leaves out, with base64_decode',
  string_time:
    'it compares a time claim written as a string of digits as the number, where RFC 7519 asks for a number',
};

export function phpJwtAccepts(leniencies: readonly PhpJwtLeniency[]): string {
  return `The verdict is malformed, but php-jwt 6.9, with which the official client verifies (Authenticator::decode), accepts it: ${leniencies.map((leniency) => LENIENCY[leniency]).join('; ')}. A merchant built on the client answers 200 to a token the service would never send.`;
}

/** The client's answer to an Authorization header not written "Bearer" then one whitespace character. */
export const CLIENT_REFUSES_BEARER_FORM =
  'the official client refuses this: 403 (Authenticator::getBearerToken matches /Bearer\\s(\\S+)/: "Bearer" as written, then one whitespace character)';

/** The client's answer to a token in ?serviceToken= alone, however it is written. */
export const CLIENT_READS_NO_SERVICE_TOKEN =
  'the official client reads no ?serviceToken= at all (only Authorization, or ?tamaraToken= when no Authorization header is sent: Authenticator.php:17, :35-41), so it refuses this: 403';

/** `"bearer" in lower case`: the scheme as written, in words, since its letters are all that differ. */
function schemeWords(scheme: string): string {
  if (scheme === 'Bearer') return '"Bearer"';
  const quoted = quotedVisibly(scheme);
  if (scheme.toLowerCase() !== 'bearer') return quoted;
  if (scheme === scheme.toLowerCase()) return `${quoted} in lower case`;
  if (scheme === scheme.toUpperCase()) return `${quoted} in capitals`;
  return `${quoted}, capitalised otherwise than "Bearer"`;
}

const SPACE_NAMES: Record<string, [string, string]> = { ' ': ['space', 'spaces'], '\t': ['tab', 'tabs'] };
const COUNTS = ['', 'one', 'two', 'three', 'four', 'five'];

/**
 * `two spaces`, `a tab then a space`: the separator in words. Quoted, it would read as one space
 * wherever HTML collapses whitespace (the Timeline, the inspector), "X, not X".
 */
function separatorWords(separator: string): string {
  const runs = separator.match(/( +|\t+|[^ \t])/g) ?? [];
  return runs
    .map((run) => {
      const names = SPACE_NAMES[run[0] ?? ''];
      if (names === undefined) return quotedVisibly(run);
      const count = COUNTS[run.length] ?? String(run.length);
      return `${count} ${run.length === 1 ? names[0] : names[1]}`;
    })
    .join(' then ');
}

/**
 * The Authorization header in another form than the service's `Bearer <token>`: a scheme
 * written otherwise, or another separator than one space. HTTP calls the scheme case-insensitive,
 * so the verdict stands; the client's regular expression (Authenticator.php:52) does not. The
 * difference is said in words, never by quoting both forms, which differ only in whitespace.
 */
export function nonCanonicalBearer(scheme: string, separator: string, clientAccepts: boolean): string {
  const client = clientAccepts
    ? 'the official client accepts this one (its /Bearer\\s(\\S+)/ takes any one whitespace character), but a merchant that splits on one space may not'
    : CLIENT_REFUSES_BEARER_FORM;
  return `The Authorization header is written ${schemeWords(scheme)} followed by ${separatorWords(separator)} before the token, where the service writes "Bearer" followed by one space; the console reads it all the same, but ${client}.`;
}

/** `a space at its end`: the whitespace the console took off a token, in words. */
function whitespaceWords(lead: string, trail: string): string {
  const one = (text: string) =>
    text === ' ' ? 'a space' : text === '\t' ? 'a tab' : `${quotedVisibly(text)}`;
  return [lead === '' ? null : `${one(lead)} at its start`, trail === '' ? null : `${one(trail)} at its end`]
    .filter((part) => part !== null)
    .join(' and ');
}

export function trimmedFromToken(lead: string, trail: string): string {
  return `?serviceToken= had whitespace around the token (${whitespaceWords(lead, trail)}), which the console trimmed before verifying it; the service sends none, and a merchant that verifies the value as it arrives may refuse it.`;
}

/**
 * Where a pasted token held the whitespace the console took out (pasted-token.ts): in the part
 * php-jwt signs (at its start, or inside the header or claims), only inside the signature, or
 * only after it.
 */
export type PastedWhitespace = 'signed_part' | 'signature' | 'end';

/**
 * What the official client does with the token as pasted, whitespace and all (found with the
 * vendored client, jwt-pasted-whitespace.test.ts): JWT.php:149 verifies the signature over the
 * header and claims segments as sent; JWT.php:414 reads the signature with base64_decode, which
 * skips whitespace; Authenticator.php:52 takes a header's token only up to the first whitespace.
 */
const AS_PASTED: Record<PastedWhitespace, string> = {
  signed_part:
    'as pasted, php-jwt 6.9, with which the official client verifies (Authenticator::decode), would refuse it: it checks the signature over the header and claims as written, whitespace and all (SignatureInvalidException), answering 403',
  signature:
    'as pasted, the official client would refuse it from an Authorization header, which it reads only up to the first whitespace (Authenticator::getBearerToken matches /Bearer\\s(\\S+)/), answering 403, though php-jwt 6.9 alone reads past whitespace in the signature (its base64_decode skips it)',
  end: "as pasted, the official client would accept it all the same (php-jwt 6.9's base64_decode skips whitespace after the signature), though the service sends none",
};

/** The warning of a pasted token the console read without its whitespace (`removed`: what, in words). */
export function removedFromPasted(removed: string, where: PastedWhitespace): string {
  return `The console removed ${removed} before reading it; ${AS_PASTED[where]}.`;
}

/** A value in ?tamaraToken= with none in ?serviceToken=: the client's name, not the spec's. */
export const TAMARA_TOKEN_ONLY =
  "?tamaraToken= holds a value, which the listener does not verify: the spec names ?serviceToken= (and Authorization: Bearer) for the token. The official client reads ?tamaraToken= instead (Authenticator.php: TOKEN = 'tamaraToken'), and only when no Authorization header is sent; the service sends the token as ?serviceToken=.";

/** Why php-jwt's json_decode refuses a part the console reads (each found in the token). */
export type PhpJsonRefusal = { part: 'header' | 'claims part'; why: 'bom' | 'lone_surrogate' };

const JSON_REFUSAL: Record<PhpJsonRefusal['why'], (part: string) => string> = {
  bom: (part) =>
    `The ${part} starts with a UTF-8 byte order mark (U+FEFF) before its JSON, which the console reads past`,
  lone_surrogate: (part) =>
    `The ${part} has a lone UTF-16 surrogate escape (\\ud800 to \\udfff without its pair), which JSON.parse reads`,
};

const JSON_REFUSAL_ERROR: Record<PhpJsonRefusal['why'], string> = {
  bom: 'json_decode: "Syntax error, malformed JSON"',
  lone_surrogate: 'json_decode: JSON_ERROR_UTF16, "Unknown JSON error: 10"',
};

/** A part php-jwt cannot read as JSON (JWT.php's jsonDecode throws DomainException): the client's 403. */
export function phpJwtRefusesJson(refusal: PhpJsonRefusal): string {
  return `${JSON_REFUSAL[refusal.why](refusal.part)}, so the verdict is valid; but php-jwt 6.9, with which the official client verifies (Authenticator::decode), refuses it (${JSON_REFUSAL_ERROR[refusal.why]}), answering 403.`;
}
