import { layOutJsonText } from '../json-text';
import { jsonEscapeOf, TERMINAL_UNSAFE_IN_JSON } from '../terminal-unsafe';

/**
 * What a sender can hide in a claim: what a terminal must not be handed raw (bidirectional
 * overrides, C1 controls, separators, the byte order mark), and the characters that show as
 * nothing at all (zero-width space, direction marks, word joiner and invisible operators).
 * Joiners (U+200C, U+200D) are left: Arabic, Persian and emoji text needs them.
 */
const HIDDEN = new RegExp(`${TERMINAL_UNSAFE_IN_JSON.source}|[\\u061c\\u200e\\u200f\\u2061-\\u2064]`, 'g');

const codePoint = (char: string) => `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * JSON text from JSON.stringify with every hidden character written as a \u escape: the same
 * JSON (it parses back to the same strings), shown in the inspector and by `jwt decode` alike.
 */
export function visibleJson(json: string): string {
  return json.replace(HIDDEN, jsonEscapeOf);
}

/**
 * A value a sender wrote, quoted in a token's reason or warning as JSON writes it, hidden
 * characters as \u escapes: the one way those words quote it, so the window says what `jwt
 * verify` prints (`"\u200b"`), never a quoted character that shows as nothing.
 */
export function quotedVisibly(value: unknown): string {
  return visibleJson(JSON.stringify(value) ?? String(value));
}

/** `U+200B, U+202E`: the hidden characters in a value's JSON, each once, in order of appearance. */
export function hiddenCharacters(json: string): string[] {
  return [...new Set(json.match(HIDDEN) ?? [])].map(codePoint);
}

/**
 * A decoded token's header or claims as the inspector and `jwt decode` show them: the JSON text
 * the token carries, laid out (`indent` spaces a level; 0: one line) with its numbers and names
 * as written, hidden characters escaped. Only values known (a stored record's token): written
 * from them.
 */
export function shownTokenPart(
  decoded: { header: unknown; claims: unknown; json: { header: string; claims: string } | null },
  part: 'header' | 'claims',
  indent: number,
): string {
  const text =
    decoded.json === null
      ? JSON.stringify(decoded[part], null, indent === 0 ? undefined : indent)
      : layOutJsonText(decoded.json[part], indent);
  return visibleJson(text);
}
