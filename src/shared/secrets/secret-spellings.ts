import { escapeRegExp } from '../escape-regexp';
import type { Replace } from './replace-with';

/** Every occurrence of the given secrets replaced (exports scrub profile tokens with this, always). */
export function replaceSecrets(text: string, secrets: readonly string[], replace: Replace): string {
  let out = text;
  // Most texts hold none of them: a look is cheaper than a split that finds nothing.
  for (const secret of secrets)
    if (secret.length >= 8 && out.includes(secret)) out = out.split(secret).join(replace(secret));
  return out;
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

/**
 * Secrets as every mask takes them: once each, eight characters or more (a shorter value is
 * never taken for one), longest first (a secret that contains another is replaced whole).
 */
export function usableSecrets(secrets: readonly string[]): string[] {
  return [...new Set(secrets)].filter((secret) => secret.length >= 8).sort((a, b) => b.length - a.length);
}
