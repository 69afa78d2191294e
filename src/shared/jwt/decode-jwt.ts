import { z } from 'zod';
import { describeJsonProblem, parseBoundedJson } from '../bounded-json';
import { findDuplicateKeys } from '../json-duplicate-keys';
import { childPath, locateJsonValues } from '../json-locations';
import { readPastedToken } from './pasted-token';
import { hiddenCharacters, quotedVisibly } from './visible-json';

/** A NumericDate claim (`iat`, `exp`, `nbf`) as seconds and as an ISO 8601 date. */
export const timeClaimSchema = z.object({ seconds: z.number(), iso: z.string() });
export type TimeClaim = z.infer<typeof timeClaimSchema>;

export const decodedJwtSchema = z.object({
  /** True when the header and the claims are both JSON objects. */
  ok: z.boolean(),
  header: z.record(z.string(), z.unknown()).nullable(),
  claims: z.record(z.string(), z.unknown()).nullable(),
  /**
   * The header and the claims as JSON text, as the token carries them: what is shown, since
   * the values read from them cannot always be written back as sent (`1e999` reads as infinity
   * and writes as null; a `__proto__` name is dropped by a copy). Null when only values are
   * known (a stored record's token, taken apart when it arrived).
   */
  json: z.object({ header: z.string(), claims: z.string() }).nullable().default(null),
  /** The third segment as sent (empty for an unsecured `alg: none` token). */
  signature: z.string(),
  /** Why the token could not be decoded, as a sentence; null when it could. */
  problem: z.string().nullable(),
  /** Claims that are present but of the wrong type (`exp` that is not a number…). */
  claimProblems: z.array(z.string()),
  /**
   * Names given twice in the header or the claims: the last counts (RFC 7515 and 7519 allow a
   * parser that keeps the last), but `{"alg":"none","alg":"HS256"}` deserves saying.
   */
  nameWarnings: z.array(z.string()).default([]),
  /** Characters in the header or claims that are invisible or reorder text (shown escaped). */
  textWarnings: z.array(z.string()).default([]),
  /** Time claims that look like milliseconds (no verdict depends on it: RFC 7519 allows any number). */
  timeWarnings: z.array(z.string()).default([]),
  /**
   * What the console took out of a pasted token before reading it (whitespace around it or
   * inside it: pasted-token.ts); always empty for a token a request carried.
   */
  pasteWarnings: z.array(z.string()).default([]),
  times: z.object({
    iat: timeClaimSchema.nullable(),
    exp: timeClaimSchema.nullable(),
    nbf: timeClaimSchema.nullable(),
  }),
});
export type DecodedJwt = z.infer<typeof decodedJwtSchema>;

const BASE64URL = /^[A-Za-z0-9_-]*$/;
// ignoreBOM keeps a leading byte order mark in the text: shown as carried, and warned of (the
// official client's json_decode refuses it), never dropped unseen.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const BOM = '\ufeff';

/** Why a segment that is not base64url-encoded UTF-8 is not, in words (asked only once it failed). */
function notBase64Url(segment: string, name: string): string {
  if (/^[A-Za-z0-9_-]+=+$/.test(segment))
    return `The ${name} ends with "=" padding, which a JWT leaves out: remove the "=" signs.`;
  // Only when it has one: a base64url segment of a length base64 never has is said below.
  if (/[+/]/.test(segment) && /^[A-Za-z0-9+/_-]+=*$/.test(segment))
    return `The ${name} has "+" or "/": it is standard base64, where a JWT uses base64url ("-" and "_" instead).`;
  const bad = /[^A-Za-z0-9_-]/.exec(segment);
  if (bad !== null)
    return `The ${name} has ${quotedVisibly(bad[0])} at character ${bad.index + 1}, which base64url does not use.`;
  const long = `${segment.length} character${segment.length === 1 ? '' : 's'}`;
  return `The ${name} is ${long} long, a length base64url never has (one character missing or extra?).`;
}

function base64UrlToText(segment: string, name: string): { text: string } | { problem: string } {
  if (!BASE64URL.test(segment) || segment.length % 4 === 1) return { problem: notBase64Url(segment, name) };
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  let binary: string;
  try {
    binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  } catch {
    return { problem: notBase64Url(segment, name) };
  }
  // A plain loop: Uint8Array.from with a mapping callback was a tenth of judging a webhook.
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  try {
    return { text: utf8.decode(bytes) };
  } catch {
    return { problem: `The ${name} decodes to bytes that are not UTF-8 text.` };
  }
}

/** `a JSON array`, `JSON null`: what a segment holds instead of an object. */
function jsonKind(value: unknown): string {
  if (value === null) return 'JSON null';
  if (Array.isArray(value)) return 'a JSON array';
  return `a JSON ${typeof value}`;
}

function decodeSegment(
  segment: string,
  name: string,
): { value: Record<string, unknown>; text: string; carried: string } | { problem: string } {
  const decoded = base64UrlToText(segment, name);
  if ('problem' in decoded) return decoded;
  const carried = decoded.text;
  // Read past a BOM as jose does (its TextDecoder drops it); `carried` keeps it to be shown.
  const text = carried.startsWith(BOM) ? carried.slice(1) : carried;
  // Bounded: decoded claims are shown, stored with a webhook's verdict and walked.
  const read = parseBoundedJson(text);
  if (!read.ok && read.problem.kind === 'not_json')
    return { problem: `The ${name} is not JSON (${read.problem.message}).` };
  if (!read.ok) return { problem: `The ${name} cannot be read: ${describeJsonProblem(read.problem)}.` };
  const value = read.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { problem: `The ${name} is ${jsonKind(value)}, not the JSON object a JWT carries.` };
  return { value: { ...value }, text, carried };
}

/** `The header gives "alg" 2 times; the last one counts.` for each name given more than once. */
function duplicateNames(text: string, name: string): string[] {
  return findDuplicateKeys(text)
    .filter((duplicate) => duplicate.path.length === 1)
    .map(
      (duplicate) =>
        `The ${name} gives ${quotedVisibly(String(duplicate.path[0]).slice(0, 40))} ${duplicate.count} times; the last one counts.`,
    );
}

/** A time claim's value read as a date, or what it is instead (the words after "present but "). */
export type TimeClaimReading = { time: TimeClaim } | { fault: string };

/**
 * How the claims text writes the value of top-level claim `name` (the last, where it is given
 * twice, as JSON.parse keeps it); null without the text. Asked only of a claim that is no date,
 * so a webhook's good token never pays for the walk.
 */
export function writtenClaim(claimsText: string | null, name: string): string | null {
  if (claimsText === null) return null;
  const at = locateJsonValues(claimsText).get(childPath('', name));
  return at === undefined ? null : claimsText.slice(at.from, at.to);
}

/**
 * The one reading of a NumericDate value: the claim problem below and the inspector's timing
 * line both say what it is, so the line under a `malformed` verdict never calls it absent. A
 * number is quoted as `written` (the claims text) writes it: the value read from it is not the
 * claim (99999999999999999999 reads 100000000000000000000, 1e21 reads 1e+21, 1e999 infinity).
 */
export function readTimeClaim(value: unknown, written: string | null = null): TimeClaimReading {
  if (typeof value !== 'number') return { fault: `not a number: ${quotedVisibly(value)}` };
  const date = new Date(value * 1000);
  if (Number.isNaN(date.getTime()))
    return {
      fault:
        written !== null
          ? `not a representable date: ${written}`
          : // JSON.parse reads 1e400 as Infinity, which JSON.stringify writes as null.
            Number.isFinite(value)
            ? `not a representable date: ${value}`
            : 'a number too large to be a date',
    };
  return { time: { seconds: value, iso: date.toISOString() } };
}

function timeClaim(
  claims: Record<string, unknown>,
  name: string,
  problems: string[],
  claimsText: string | null,
): TimeClaim | null {
  const value = claims[name];
  if (value === undefined) return null;
  // A date reads the same whatever its text: the claims are walked for how they write it only
  // once it is no date (two walks of the claims were an eighth of judging a webhook, issue 20).
  const asDate = readTimeClaim(value);
  if ('time' in asDate) return asDate.time;
  const written = typeof value === 'number' ? writtenClaim(claimsText, name) : null;
  if (typeof value !== 'number')
    problems.push(`The "${name}" claim must be a number of seconds since 1970, not ${quotedVisibly(value)}.`);
  else if (written === null && !Number.isFinite(value))
    problems.push(
      `The "${name}" claim must be a number of seconds since 1970, not a number too large to be a date.`,
    );
  else problems.push(`The "${name}" claim ${written ?? value} is not a representable date.`);
  return null;
}

/** Seconds past the year 5000: no issuer means that; Date.now() written for seconds is about 1.8e12. */
const MILLISECONDS_FROM = 1e11;

function inMilliseconds(times: DecodedJwt['times']): string[] {
  return (['iat', 'nbf', 'exp'] as const).flatMap((name) => {
    const time = times[name];
    if (time === null || time.seconds < MILLISECONDS_FROM) return [];
    const year = new Date(time.iso).getUTCFullYear();
    const asMilliseconds = new Date(time.seconds).toISOString();
    return [
      `The "${name}" claim ${time.seconds} is in the year ${year}: it looks like milliseconds, where a JWT's times are seconds since 1970 (as milliseconds it is ${asMilliseconds}).`,
    ];
  });
}

const EMPTY_TIMES = { iat: null, exp: null, nbf: null };

/**
 * What is around a pasted token that is not part of it, said instead of the decoding failure it
 * causes ("The header is not valid base64url…" named neither the cause nor what to paste). Asked
 * only of a token that failed, so a webhook's valid token never pays for it.
 */
function pastedAround(token: string, whitespaceRemoved: boolean): string | null {
  const scheme = /^(bearer)\s+/i.exec(token);
  if (scheme !== null)
    return `It starts with "${scheme[1]} ", the Authorization header's scheme, which is not part of the token: paste only what follows it.`;
  if (token.includes('serviceToken='))
    return 'It is a URL or query with serviceToken= in it, not a token: paste only the value after serviceToken=.';
  if (/^["'`]|["'`],?$/.test(token))
    return 'It has a quotation mark at its start or end, which is not part of the token: copy it without its quotes.';
  // A paste is read without its whitespace (readPastedToken): that is then not what failed.
  const space = whitespaceRemoved ? null : /\s/.exec(token);
  if (space !== null)
    return `A JWT has no spaces or line breaks; this one has one after character ${space.index} (a wrapped copy?).`;
  return null;
}

/**
 * Text that may hold a hidden character once read: one written as it is (all are past U+007E)
 * or as a \u escape. Without either, no value read from it holds one, and the common token's
 * parts are not written again to be searched.
 */
const MAY_HIDE = /[\u007f-\uffff]|\\u/;

/** The sentence for a segment holding characters that are invisible or reorder text, if any. */
function hiddenIn(value: Record<string, unknown>, text: string, name: string): string[] {
  if (!MAY_HIDE.test(text)) return [];
  const found = hiddenCharacters(JSON.stringify(value));
  return found.length === 0
    ? []
    : [
        `The ${name} holds characters that are invisible or reorder text (${found.join(', ')}); they are shown as \\u escapes.`,
      ];
}

/**
 * Takes a compact JWS apart without verifying it. Never throws: a broken token says why.
 * `pasted`: a token pasted by a person (the inspector, `jwt decode`/`verify`), read without the
 * whitespace a copy brings and saying so (pasteWarnings); otherwise one a request carried,
 * judged as sent (around it trimmed: the listener says that itself, find-notification-tokens.ts).
 */
export function decodeJwt(
  input: string,
  options: { nameWarnings?: boolean; pasted?: boolean } = {},
): DecodedJwt {
  const pasted = options.pasted === true;
  const read = pasted ? readPastedToken(input) : { token: input.trim(), warnings: [] };
  const token = read.token;
  const failed = (problem: string, header: Record<string, unknown> | null = null): DecodedJwt => ({
    ok: false,
    header,
    claims: null,
    json: null,
    signature: '',
    // Asked of the text as pasted: "Bearer eyJ…" is said, not the "Bearereyj…" it reads as.
    problem: pastedAround(input.trim(), pasted) ?? problem,
    claimProblems: [],
    nameWarnings: [],
    textWarnings: [],
    timeWarnings: [],
    pasteWarnings: [],
    times: EMPTY_TIMES,
  });
  if (token === '') return failed('The token is empty.');
  const parts = token.split('.');
  if (parts.length !== 3) {
    return failed(
      `A JWT has three dot-separated parts (header.claims.signature); this one has ${parts.length}.`,
    );
  }
  const [rawHeader = '', rawClaims = '', signature = ''] = parts;
  const header = decodeSegment(rawHeader, 'header');
  if ('problem' in header) return failed(header.problem);
  const claims = decodeSegment(rawClaims, 'claims part');
  if ('problem' in claims) return failed(claims.problem, header.value);
  if (!BASE64URL.test(signature)) return failed(notBase64Url(signature, 'signature'), header.value);

  const decoded = decodedFromParts(header.value, claims.value, signature, claims.text);
  decoded.json = { header: header.carried, claims: claims.carried };
  decoded.pasteWarnings = read.warnings;
  if (options.nameWarnings !== false)
    decoded.nameWarnings = [
      ...duplicateNames(header.text, 'header'),
      ...duplicateNames(claims.text, 'claims part'),
    ];
  if (options.nameWarnings !== false)
    decoded.textWarnings = [
      ...hiddenIn(header.value, header.text, 'header'),
      ...hiddenIn(claims.value, claims.text, 'claims part'),
    ];
  return decoded;
}

/**
 * A token already taken apart (the listener stores each token's header and claims): its time
 * claims read and checked as decodeJwt does. The signature is left out unless given, so a
 * record's token cannot be put back together from what reaches a screen.
 */
export function decodedFromParts(
  header: Record<string, unknown>,
  claims: Record<string, unknown>,
  signature = '',
  /** The claims as the token writes them, so a reason quotes a claim as written; null: values only. */
  claimsText: string | null = null,
): DecodedJwt {
  const claimProblems: string[] = [];
  const times = {
    iat: timeClaim(claims, 'iat', claimProblems, claimsText),
    exp: timeClaim(claims, 'exp', claimProblems, claimsText),
    nbf: timeClaim(claims, 'nbf', claimProblems, claimsText),
  };
  const iss = claims['iss'];
  if (iss !== undefined && typeof iss !== 'string')
    claimProblems.push(`The "iss" claim must be a string, not ${quotedVisibly(iss)}.`);
  return {
    ok: true,
    header,
    claims,
    json: null,
    signature,
    problem: null,
    claimProblems,
    nameWarnings: [],
    textWarnings: [],
    timeWarnings: inMilliseconds(times),
    pasteWarnings: [],
    times,
  };
}
