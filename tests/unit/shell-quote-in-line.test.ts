import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellQuote, shellQuoteInLine } from '../../src/shared/shell-quote';
import { escapeUnsafeInLine } from '../../src/shared/terminal-unsafe';

/** What bash makes of one word, as bytes read as UTF-8 (no rc files, the C locale). */
const bashReads = (word: string): string =>
  execFileSync('bash', ['--norc', '--noprofile', '-c', `printf '%s' ${word}`], {
    env: { PATH: process.env['PATH'] ?? '' },
  }).toString('utf8');

// With `--data-dir $'/tmp/x/new\nline'`, the commands the console printed said
// `--data-dir '/tmp/x/new\nline'`: single quotes keep a line feed, but a line on the terminal
// shows it escaped, and what is pasted back is a backslash and an n, another folder (which
// `profiles list` then made). A word said within a line goes in ANSI-C quotes when it holds one.
describe('shellQuoteInLine', () => {
  it.each(['new\nline', 'tab\there', 'esc\u001b[31m', "both ' and \\ and \r", 'c1 \u009b, é and \u202e'])(
    'writes %j so bash reads it back, with nothing a terminal must not be handed',
    (value) => {
      const word = shellQuoteInLine(value);
      expect(word).toMatch(/^\$'.*'$/s);
      expect(escapeUnsafeInLine(word)).toBe(word);
      expect(bashReads(word)).toBe(value);
    },
  );

  it('quotes what holds nothing unsafe as shellQuote does', () => {
    for (const value of ['plain', 'a b', `it's`, '$HOME `id`', 'back\\slash', 'unicode: مرحبا 💳', ''])
      expect(shellQuoteInLine(value)).toBe(shellQuote(value));
  });
});
