import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function scratch(): string {
  const temp = makeTempDir();
  cleanups.push(temp.remove);
  return temp.dir;
}

/** What the commands that only read say of a data directory that is not there. */
const refusal = (dir: string, why: string) =>
  `error: The data directory ${dir} ${why}, and this command only reads one: nothing was created. Check --data-dir and CHECKOUT_CONSOLE_DATA_DIR for a typo; a new data directory is made by a command that sets one up, such as npx checkout-console --data-dir ${dir} profiles list, or serve.\n`;

// A mistyped --data-dir made an empty data directory and answered as if it were the real one:
// export replaced x.json with an export of 0 records, history said "No matching records.",
// retention --apply "Removed 0 records.", all exit 0.
describe('commands that only read refuse a data directory that does not exist', () => {
  it.each([
    ['history'],
    ['history', '--json'],
    ['export', '--format', 'json', '--out', 'OUT', '--force'],
    ['export', '--format', 'ndjson'],
    ['orders'],
    ['orders', 'show', 'ord_1'],
    ['curl', '1'],
    ['runs'],
    ['retention'],
    ['retention', '--apply'],
    ['retention', '--keep-days', '3', '--apply'],
  ])('%s …: exit 1 naming it, nothing created, nothing written', async (...argv) => {
    const root = scratch();
    const typo = join(root, 'typo');
    const out = join(root, 'x.json');
    writeFileSync(out, '{"kept":true}');
    const run = await runCliCaptured(['--data-dir', typo, ...argv.map((arg) => (arg === 'OUT' ? out : arg))]);
    expect(run.stderr).toBe(refusal(typo, 'does not exist'));
    expect(run.stdout).toBe('');
    expect(run.code).toBe(1);
    expect(existsSync(typo)).toBe(false);
    expect(readFileSync(out, 'utf8')).toBe('{"kept":true}');
  });

  it('an empty folder is no data directory either: refused, and left empty', async () => {
    const empty = join(scratch(), 'empty');
    mkdirSync(empty);
    const run = await runCliCaptured(['--data-dir', empty, 'history']);
    expect(run.stderr).toBe(refusal(empty, 'holds no console database (console.sqlite)'));
    expect(run.code).toBe(1);
    expect(readdirSync(empty)).toEqual([]);
  });

  // `history` suggested `--data-dir /tmp/x/otherprog profiles list` for a folder holding another
  // program's files, a command that is then refused ("already holds other files …").
  it('a folder holding another program’s files gets no command that would be refused, but an empty or new folder', async () => {
    const other = join(scratch(), 'otherprog');
    mkdirSync(other);
    writeFileSync(join(other, 'config.json'), '{}');
    const run = await runCliCaptured(['--data-dir', other, 'history']);
    expect(run.stderr).toBe(
      `error: The data directory ${other} holds no console database (console.sqlite), and this command only reads one: nothing was created. Check --data-dir and CHECKOUT_CONSOLE_DATA_DIR for a typo; it already holds other files (config.json) and none of the console's, so no command makes it one: for a new data directory, choose an empty or new folder.\n`,
    );
    expect(run.code).toBe(1);
    expect(readdirSync(other)).toEqual(['config.json']);
  });

  // With `--data-dir $'/tmp/x/new\nline'` the command said `--data-dir '/tmp/x/new\nline'`: the
  // line feed escaped for the terminal inside single quotes, which keep the backslash, so running
  // it made another folder. It is quoted as bash and zsh read a line feed back: $'…\x0a…'.
  it('a path with a line feed is named in the command as the shell reads it back', async () => {
    const typo = join(scratch(), 'new\nline');
    const run = await runCliCaptured(['--data-dir', typo, 'history']);
    expect(run.stderr).toContain(
      `such as npx checkout-console --data-dir $'${typo.replace('\n', '\\x0a')}' profiles list, or serve.`,
    );
    expect(run.code).toBe(1);
  });

  it('a command that sets one up still makes it, and the readers then read it', async () => {
    const dir = join(scratch(), 'new');
    expect((await runCliCaptured(['--data-dir', dir, 'profiles', 'list'])).code).toBe(0);
    expect(existsSync(join(dir, 'console.sqlite'))).toBe(true);
    expect(await runCliCaptured(['--data-dir', dir, 'history'])).toMatchObject({
      code: 0,
      stdout: 'No matching records.\n',
    });
  });
});
