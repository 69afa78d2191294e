import {
  jsonEscapeOf,
  TERMINAL_UNSAFE,
  TERMINAL_UNSAFE_IN_JSON,
  TERMINAL_UNSAFE_KEEPING_LINES,
} from '../../shared/terminal-unsafe';

/**
 * Text from records (a webhook's event type, an order id, a service's answer, a file being
 * imported) reaches the terminal through these, so a sender cannot clear the screen, move the
 * cursor or forge a line such as "FAKE LINE token=valid". What shared/terminal-unsafe.ts lists
 * is escaped, and so visible.
 */

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\u001b': '\\x1b' };

function escapeChar(char: string): string {
  const named = NAMED[char];
  if (named !== undefined) return named;
  const code = char.charCodeAt(0);
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
}

export interface TerminalTextOptions {
  /** A block of text (a body): line feeds and tabs stay, everything else is escaped. */
  keepLines?: boolean;
  /** Longer text is cut here with "…" (a 900 KB order id must not flood the terminal). */
  maxChars?: number;
}

/** One value from a record, safe to print. */
export function terminalSafe(text: string, options: TerminalTextOptions = {}): string {
  const max = options.maxChars ?? Number.POSITIVE_INFINITY;
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return cut.replace(
    options.keepLines === true ? TERMINAL_UNSAFE_KEEPING_LINES : TERMINAL_UNSAFE,
    escapeChar,
  );
}

/**
 * JSON text from JSON.stringify, safe to print and still the same JSON: the characters it
 * leaves raw are written as \u escapes, which parse back to the same strings.
 */
export function terminalSafeJson(json: string): string {
  return json.replace(TERMINAL_UNSAFE_IN_JSON, jsonEscapeOf);
}
