import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from './helpers/run-cli';
import { SOURCE_CLI } from './helpers/source-cli';
import { makeTempDir } from './helpers/temp-console';

/**
 * A scenario folder holding a named pipe called *.yaml, or a checkout step whose `file:` is a
 * device (/dev/zero), a pipe or a huge file: the size checked before reading said 0 bytes for
 * the first two, and the synchronous read then waited for a writer for ever, or read zeros
 * until memory ran out: `test` hung, and in browser mode the whole console with it. Such a
 * file is now refused before it is read, naming it, as any file that cannot be read. The CLI
 * runs in a child process here, so a regression fails the test instead of hanging the suite.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const run = promisify(execFile);
const temp = makeTempDir('cc-special-files-');
afterAll(() => temp.remove());

async function cliInChild(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [SOURCE_CLI, ...args], {
      cwd: ROOT,
      env: { ...process.env, CHECKOUT_CONSOLE_KEYCHAIN: 'off' },
      // Well inside the test's own time: a child left running past the test hangs on (or, on
      // /dev/zero, eats memory) after the suite.
      timeout: 15_000,
      killSignal: 'SIGKILL',
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: unknown; killed?: boolean; stdout: string; stderr: string };
    if (failed.killed === true) throw new Error(`the CLI did not end: ${failed.stderr}`);
    return { code: Number(failed.code), stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe.skipIf(process.platform === 'win32')('a file that is not a regular file', () => {
  it('in a scenario folder (a named pipe) is a problem of that file, not a run that never ends', async () => {
    const suite = join(temp.dir, 'with-pipe');
    mkdirSync(suite);
    execFileSync('mkfifo', [join(suite, 'pipe.yaml')]);
    writeFileSync(join(suite, 'ok.yaml'), 'name: ok\nsteps:\n  - step: wait\n    for: 1ms\n');
    const result = await cliInChild(['--data-dir', join(temp.dir, 'data-1'), 'test', suite]);
    expect(result.stderr).toContain(
      'pipe.yaml: cannot be read: it is not a regular file (a device, a named pipe or a socket)',
    );
    expect(result.code).toBe(2);
  }, 30_000);

  // A pipe rather than /dev/zero, which a regression would read into gigabytes of memory.
  it("as a payload file (a named pipe) is the step's error, naming it", async () => {
    const suite = join(temp.dir, 'pipe-payload');
    mkdirSync(suite);
    execFileSync('mkfifo', [join(suite, 'payload.json')]);
    writeFileSync(
      join(suite, 'pipe.yaml'),
      'name: pipe\nsteps:\n  - step: checkout\n    file: payload.json\n',
    );
    const result = await cliInChild(['--data-dir', join(temp.dir, 'data-2'), 'test', suite]);
    expect(result.stdout).toContain(
      'file payload.json cannot be read: it is not a regular file (a device, a named pipe or a socket)',
    );
    expect(result.code).toBe(1);
  }, 30_000);
});

describe('a payload file larger than a draft may be', () => {
  it('is refused before it is read, with its size and the limit', async () => {
    const suite = join(temp.dir, 'huge-payload');
    mkdirSync(suite);
    writeFileSync(join(suite, 'huge.json'), `{"pad": "${'x'.repeat(5 * 1024 * 1024)}"}`);
    writeFileSync(join(suite, 'huge.yaml'), 'name: huge\nsteps:\n  - step: checkout\n    file: huge.json\n');
    const result = await runCliCaptured(['--data-dir', join(temp.dir, 'data-3'), 'test', suite]);
    expect(result.stdout).toContain(
      'file huge.json cannot be read: it is 5.00001 MiB (5,242,891 bytes); a payload file is at most 4.00 MiB (4,194,304 bytes), as a file the builder imports',
    );
    expect(result.code).toBe(1);
  });
});
