/**
 * What a terminal must never be handed raw, the one list for everything printed or pasted
 * (cli/terminal-text.ts escapes it, curl.ts sends a body holding it through base64): C0
 * controls, DEL, C1 controls (U+009B is a one-character CSI on some terminals), the line and
 * paragraph separators, the bidirectional overrides that reorder what a line appears to say,
 * the byte order mark (invisible: a body that starts with one would look like one that does
 * not), and the zero-width space and word joiner (invisible too, and no script needs them: an
 * order id with one printed as the id without it). Joiners and direction marks that Arabic text
 * and emoji use stay. "Keeping lines" leaves tab and line feed, for a block of text.
 */
const OTHER_UNSAFE = '\\u007f-\\u009f\\u200b\\u2028\\u2029\\u202a-\\u202e\\u2060\\u2066-\\u2069\\ufeff';
export const TERMINAL_UNSAFE = new RegExp(`[\\u0000-\\u001f${OTHER_UNSAFE}]`, 'g');
/** What can still be in JSON.stringify's output: it escapes C0 itself, not the rest. */
export const TERMINAL_UNSAFE_IN_JSON = new RegExp(`[${OTHER_UNSAFE}]`, 'g');
export const TERMINAL_UNSAFE_KEEPING_LINES = new RegExp(
  `[\\u0000-\\u0008\\u000b-\\u001f${OTHER_UNSAFE}]`,
  'g',
);

/** Whether a block of text (tabs and line feeds allowed) holds anything a terminal must not be handed. */
export function hasTerminalUnsafe(text: string): boolean {
  TERMINAL_UNSAFE_KEEPING_LINES.lastIndex = 0;
  return TERMINAL_UNSAFE_KEEPING_LINES.test(text);
}

/** `\u202e`: a character as JSON's escape writes it (parses back to the same string). */
export const jsonEscapeOf = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * Text with what the list names written as \uXXXX (tab and line feed kept): a scenario's name
 * or a check's value read the same in `test`, `runs` and the Scenarios view, where an override
 * would otherwise turn the rest of a line or a card around.
 */
export function escapeUnsafe(text: string): string {
  return text.replace(TERMINAL_UNSAFE_KEEPING_LINES, jsonEscapeOf);
}

/**
 * One line of text with what the list names written as \uXXXX, line feed and tab included: a
 * line of a report (a scenario's name, a file name, a step's title) that held a line feed
 * printed a second line of its own choosing ("✓ forged line").
 */
export function escapeUnsafeInLine(text: string): string {
  return text.replace(TERMINAL_UNSAFE, jsonEscapeOf);
}
