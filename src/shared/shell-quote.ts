import { TERMINAL_UNSAFE } from './terminal-unsafe';

/** Characters that never need quoting in any POSIX shell (no globbing, expansion or word splitting). */
const SAFE_WORD = /^[A-Za-z0-9_\-.,:/@%+]+$/;

/**
 * One shell word: bare when it is plainly safe, otherwise single-quoted (`'` written as `'\''`).
 * Its own module: the curl command and the console's printed commands (console-command.ts) both
 * quote with it, and curl.ts writes those commands too. A line feed stays as it is, for a
 * command copied whole (curl's body); a word said within a line of text takes shellQuoteInLine.
 */
export function shellQuote(value: string): string {
  if (SAFE_WORD.test(value)) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * One shell word for a command said within a line on a terminal (`npx checkout-console
 * --data-dir … profiles list` in a message): as shellQuote, but a word holding what a terminal
 * must not be handed raw (a line feed, an escape, a bidi override: terminal-unsafe.ts's list)
 * goes in ANSI-C quotes, `$'…'`, each such character written as its UTF-8 bytes (`\x0a`), which
 * bash, zsh and ksh read back whatever the locale. In single quotes the terminal is shown it
 * escaped (`\n`), and that text, pasted, is a backslash and an n: `--data-dir '/tmp/new\nline'`
 * named another folder, which the command then made.
 */
export function shellQuoteInLine(value: string): string {
  TERMINAL_UNSAFE.lastIndex = 0;
  if (!TERMINAL_UNSAFE.test(value)) return shellQuote(value);
  TERMINAL_UNSAFE.lastIndex = 0;
  const escaped = value
    .replace(/[\\']/g, (char) => `\\${char}`)
    .replace(TERMINAL_UNSAFE, (char) =>
      [...new TextEncoder().encode(char)].map((byte) => `\\x${byte.toString(16).padStart(2, '0')}`).join(''),
    );
  return `$'${escaped}'`;
}
