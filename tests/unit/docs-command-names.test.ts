import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { currentCliReference } from '../../src/main/cli/cli-reference';
import { manualFiles } from './helpers/markdown-links';

const root = join(import.meta.dirname, '..', '..');

/** The top-level commands the CLI has, as its reference (docs/cli.md) lists them. */
const commands = new Set(
  [...currentCliReference().matchAll(/^## checkout-console ([a-z][a-z-]*)$/gm)].map((match) => match[1]),
);

/** Words that come before "command" in the manual and name no command of the CLI's. */
const NOT_NAMES = new Set(['same', 'checkout-console']);

/**
 * Where the manual names a command: "the `open` command", "the settings command", and a
 * command line written out (`npx checkout-console history`, `checkout-console replay 41`).
 */
function namedCommands(text: string): { word: string; line: number }[] {
  const found: { word: string; line: number }[] = [];
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(/\bthe `?([a-z][a-z-]*)`? command\b/g))
      if (!NOT_NAMES.has(match[1] ?? '')) found.push({ word: match[1] ?? '', line: index + 1 });
    for (const match of line.matchAll(/(?:npx |`)checkout-console(?: --data-dir \S+)? ([a-z][a-z-]*)/g))
      found.push({ word: match[1] ?? '', line: index + 1 });
  });
  return found;
}

describe('the manual (README.md and docs/**/*.md)', () => {
  it('names only commands the CLI has', () => {
    expect(commands.has('listen')).toBe(true);
    const unknown = manualFiles(root).flatMap((file) =>
      namedCommands(readFileSync(join(root, file), 'utf8'))
        .filter(({ word }) => !commands.has(word))
        .map(({ word, line }) => `${file}:${line}: no command "${word}"`),
    );
    expect(unknown).toEqual([]);
  });
});
