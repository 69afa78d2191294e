import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CLI_REFERENCE_COMMAND,
  CLI_REFERENCE_PATH,
  currentCliReference,
} from '../../src/main/cli/cli-reference';

const root = join(import.meta.dirname, '..', '..');

describe('docs/cli.md, the CLI reference', () => {
  const rendered = currentCliReference();

  it('is what the commands’ own help says today', () => {
    const written = readFileSync(join(root, CLI_REFERENCE_PATH), 'utf8');
    expect(
      written,
      `${CLI_REFERENCE_PATH} is out of date with the CLI: run \`${CLI_REFERENCE_COMMAND}\` and commit the result`,
    ).toBe(rendered);
  });

  it('has every command and subcommand, however deep, with its usage line', () => {
    for (const words of ['serve', 'profiles add', 'profiles set', 'jwt verify', 'history', 'import']) {
      expect(rendered).toContain(`## checkout-console ${words}\n`);
      expect(rendered).toContain(`Usage: checkout-console ${words} `);
    }
  });

  it('includes text a command adds after its options (validate’s exit codes)', () => {
    const validate = rendered.slice(rendered.indexOf('## checkout-console validate'));
    expect(validate).toMatch(/^Exit codes: 0 no errors/m);
  });

  it('does not depend on the terminal it is generated in (a wide one with colours)', () => {
    const { isTTY, columns } = process.stdout;
    const stdout: { isTTY: boolean; columns: number } = process.stdout;
    stdout.isTTY = true;
    stdout.columns = 200;
    try {
      expect(currentCliReference()).toBe(rendered);
    } finally {
      stdout.isTTY = isTTY;
      stdout.columns = columns;
    }
  });
});
