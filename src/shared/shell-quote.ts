/** Characters that never need quoting in any POSIX shell (no globbing, expansion or word splitting). */
const SAFE_WORD = /^[A-Za-z0-9_\-.,:/@%+]+$/;

/**
 * One shell word: bare when it is plainly safe, otherwise single-quoted (`'` written as `'\''`).
 * Its own module: the curl command and the console's printed commands (console-command.ts) both
 * quote with it, and curl.ts writes those commands too.
 */
export function shellQuote(value: string): string {
  if (SAFE_WORD.test(value)) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
