import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UNDER_WAY_WORDS } from '../../src/shared/scenarios/scenario-results';
import { CANCELLED_WORDS } from '../../src/shared/scenarios/stored-runs';
import { runCliCaptured } from './helpers/run-cli';
import { SOURCE_CLI } from './helpers/source-cli';
import { makeTempDir } from './helpers/temp-console';

/**
 * A CI job cancelled or timed out stops its steps with SIGTERM. `test` handled only Ctrl+C
 * (SIGINT): on SIGTERM it died at once, its JUnit report never written and its run left
 * "running" until it read as interrupted. It now stops as on Ctrl+C: the run is cancelled and
 * stored so, the report is written, and it exits 1. A second SIGTERM (or Ctrl+C) while it did
 * that ended it with no report (exit 143, or 130 for Ctrl+C): it is now answered on stderr, and
 * the report is written before the console closes.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const temp = makeTempDir('cc-test-terminated-');
afterAll(() => temp.remove());

describe.skipIf(process.platform === 'win32')('test stopped with SIGTERM', () => {
  it('cancels the run, stores it cancelled, writes its report and exits 1, a second SIGTERM included', async () => {
    const suite = join(temp.dir, 'suite');
    mkdirSync(suite);
    writeFileSync(join(suite, 'long.yaml'), 'name: long\nsteps:\n  - step: wait\n    for: 10m\n');
    const dataDir = join(temp.dir, 'data');
    const report = join(temp.dir, 'report.xml');
    const child = spawn(
      process.execPath,
      [SOURCE_CLI, '--data-dir', dataDir, 'test', suite, '--reporter', 'junit', '--out', report],
      {
        cwd: ROOT,
        env: { ...process.env, CHECKOUT_CONSOLE_KEYCHAIN: 'off' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    let sent = 0;
    const ended = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (sent === 0 && output.includes('Running 1 scenario')) sent += Number(child.kill('SIGTERM'));
      // The second once the run is cancelled: while its report is written and its console closes.
      else if (sent === 1 && output.includes(UNDER_WAY_WORDS)) sent += Number(child.kill('SIGTERM'));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    // A regression leaves nothing running: the child is killed outright if it has not ended.
    const guard = setTimeout(() => child.kill('SIGKILL'), 40_000);
    const { code, signal } = await ended.finally(() => clearTimeout(guard));
    expect({ code, signal }, output).toEqual({ code: 1, signal: null });
    expect(sent).toBe(2);
    expect(output).toContain('Already stopping');
    expect(existsSync(report)).toBe(true);
    const runs = await runCliCaptured(['--data-dir', dataDir, 'runs', '--json']);
    expect(JSON.parse(runs.stdout)).toMatchObject([{ status: 'cancelled' }]);
    // Its JUnit report said failures="0" errors="0" (its one scenario skipped): green in CI. It
    // says the run was cancelled, as an error, and so does the report made again by `runs`.
    const again = await runCliCaptured(['--data-dir', dataDir, 'runs', '1', '--reporter', 'junit']);
    for (const xml of [readFileSync(report, 'utf8'), again.stdout]) {
      expect(xml).toMatch(/<testsuites [^>]*tests="2" failures="0" errors="1"/);
      expect(xml).toContain(`<error message="${CANCELLED_WORDS}" type="RunCancelled">`);
    }
  }, 60_000);
});
