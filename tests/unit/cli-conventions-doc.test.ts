import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/main/cli/cli-context';
import { buildProgram } from '../../src/main/cli/program';

// docs/cli-conventions.md said `emulator`'s token flags did not read "-" from standard input,
// while they did (and said so in their help): what the page lists is held to the commands' own
// help here, as docs/cli.md is (cli-reference.test.ts).

const root = join(import.meta.dirname, '..', '..');
const conventions = readFileSync(join(root, 'docs', 'cli-conventions.md'), 'utf8');

const silentIo: CliIo = {
  stdout: () => undefined,
  stderr: () => undefined,
  readStdin: () => Promise.resolve(''),
};
const program = buildProgram({ io: silentIo, rendererDir: '', dataDirFlag: () => undefined }, silentIo);

/** `jwt verify`: the words after the program's name. */
const pathOf = (command: Command): string =>
  command.parent === null || command.parent.parent === null
    ? command.name()
    : `${pathOf(command.parent)} ${command.name()}`;

const allCommands = (command: Command): Command[] => [
  ...command.commands,
  ...command.commands.flatMap(allCommands),
];

/** The rows of the markdown table that follows `heading` (a bold lead-in or a line of text). */
function tableAfter(heading: string): string[][] {
  const from = conventions.indexOf(heading);
  expect(from, heading).toBeGreaterThan(-1);
  const rows: string[][] = [];
  for (const line of conventions.slice(from).split('\n').slice(1)) {
    const trimmed = line.trim();
    if (!trimmed.startsWith('|')) {
      if (rows.length > 0) break;
      continue;
    }
    rows.push(
      trimmed
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
  }
  return rows.slice(2);
}

/** `profiles add`, `profiles set` → ['profiles add', 'profiles set']. */
const codeSpans = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');

describe('docs/cli-conventions.md', () => {
  it('lists exactly the values the commands read from standard input when given as "-"', () => {
    const fromHelp = new Set<string>();
    for (const command of allCommands(program)) {
      if (/"-" reads the token/.test(command.description())) fromHelp.add(`${pathOf(command)} <token>`);
      for (const option of command.options)
        if (/"-" reads/.test(option.description)) fromHelp.add(`${pathOf(command)} ${option.long ?? ''}`);
    }
    expect(fromHelp).toContain('emulator --api-token');

    const documented = new Set<string>();
    for (const [commands = '', values = ''] of tableAfter('**Tokens from standard input**'))
      for (const command of codeSpans(commands))
        for (const value of codeSpans(values)) documented.add(`${command} ${value}`);
    expect([...documented].sort()).toEqual([...fromHelp].sort());
    expect(conventions).not.toMatch(/do not yet/);
  });

  it('names every command in its table of what the commands are for', () => {
    const named = tableAfter('## What the commands are for')
      .flatMap(([cell = '']) => codeSpans(cell))
      .map((words) => words.split(/[ /]/)[0]);
    for (const command of program.commands) expect(named).toContain(command.name());
  });
});
