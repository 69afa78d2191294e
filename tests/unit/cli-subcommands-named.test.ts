import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/main/cli/cli-context';
import { buildProgram } from '../../src/main/cli/program';

// A comment in src/main/emulator named an `emulator orders` command that never existed (the
// emulator's orders are in the Emulator view, and `orders show` says what the emulator holds of
// one): every `<command> <subcommand>` a source comment or a doc names must be one the CLI has.

const root = join(import.meta.dirname, '..', '..');
const silentIo: CliIo = {
  stdout: () => undefined,
  stderr: () => undefined,
  readStdin: () => Promise.resolve(''),
};
const program = buildProgram({ io: silentIo, rendererDir: '', dataDirFlag: () => undefined }, silentIo);

/** Every file under `dir` whose name ends with one of `endings`. */
function filesUnder(dir: string, endings: readonly string[]): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, endings);
    return endings.some((ending) => name.endsWith(ending)) ? [path] : [];
  });
}

describe('subcommands named in src and docs', () => {
  it('name only subcommands the CLI registers', () => {
    const files = [
      ...filesUnder(join(root, 'src'), ['.ts', '.tsx']),
      ...filesUnder(join(root, 'docs'), ['.md']),
      join(root, 'README.md'),
    ];
    const unknown: string[] = [];
    for (const parent of program.commands.filter((command) => command.commands.length > 0)) {
      const known = new Set(parent.commands.map((command) => command.name()));
      const named = new RegExp(`\`(?:checkout-console )?${parent.name()} ([a-z][a-z-]*)`, 'g');
      for (const file of files)
        for (const match of readFileSync(file, 'utf8').matchAll(named))
          if (!known.has(match[1] ?? ''))
            unknown.push(`${relative(root, file)}: ${parent.name()} ${match[1] ?? ''}`);
    }
    expect(unknown).toEqual([]);
  });
});
