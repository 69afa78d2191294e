import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

let dir: { dir: string; remove: () => void };
beforeAll(async () => {
  dir = makeTempDir();
  // A data directory the commands read (they never make one): made as a console makes it.
  expect((await runCliCaptured(['--data-dir', dir.dir, 'profiles', 'list'])).code).toBe(0);
});
afterAll(() => dir.remove());
const dataDir = () => dir.dir;

describe('the filter flags of history --json and export', () => {
  it.each([
    [
      ['history', '--json', '--search', 'x'.repeat(501)],
      '--search: The search text is at most 500 characters',
    ],
    [['history', '--json', '--order', ' '], '--order: Enter an order id'],
    [['export', '--format', 'json', '--order', ' '], '--order: Enter an order id'],
    [
      ['export', '--format', 'har', '--event', 'e'.repeat(101)],
      '--event: must be at most 100 characters long',
    ],
  ])("%j gets the contract's filter message, named as the flag (exit 2)", async (argv, message) => {
    const run = await runCliCaptured(['--data-dir', dataDir(), ...argv]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`error: ${message}\n`);
    expect(run.stdout).toBe('');
  });
});

describe('--verdict with a token verdict and a body verdict', () => {
  // `--verdict malformed,too_large` printed "No matching records." though each alone matched:
  // they are two fields of the timeline's filter, and every field narrows. The help says so.
  it.each([['history'], ['export']])('%s --help says both are required', async (command) => {
    const run = await runCliCaptured([command, '--help']);
    expect(run.stdout.replace(/\s+/g, ' ')).toContain(
      'a record needs one of the token verdicts given and one of the body verdicts given',
    );
  });
});
