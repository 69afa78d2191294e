import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from './helpers/run-cli';
import { SOURCE_CLI } from './helpers/source-cli';
import { makeTempDir } from './helpers/temp-console';

/**
 * A Ctrl+C in `test`'s first second, while the CLI loads and the console is reached, ended it
 * with exit 130 and not a word: whether a run was stored, or anything sent, was left to guess.
 * It now says, in one line on stderr, that it stopped before any step ran and that nothing was
 * sent or stored, and keeps the exit a shell gives the signal (130; 143 for SIGTERM).
 */
const ROOT = join(import.meta.dirname, '..', '..');
const temp = makeTempDir('cc-test-stopped-starting-');
afterAll(() => temp.remove());

/** The two honest answers: stopped while the CLI loaded, or once `test` began but before its run. */
const STOPPED_LINE =
  /^(Stopped while starting, before anything ran: nothing was sent or stored\.|Stopped before any step ran: nothing was sent, and no run was stored\.)\n$/;

/**
 * Loaded before the CLI (`node --import`), it writes a line to fd 3 once a SIGTERM listener has
 * been added (after the code adding it, which adds SIGINT's first): the earliest moment the CLI
 * listens for a stop, a point the test can wait for without a race (the CLI prints nothing
 * before its run has started). The CLI itself is unchanged.
 */
const STOP_LISTENER_PROBE = `data:text/javascript,${encodeURIComponent(
  "import { writeSync } from 'node:fs';\n" +
    "process.on('newListener', (event) => {\n" +
    "  if (event === 'SIGTERM') queueMicrotask(() => writeSync(3, 'listening\\n'));\n" +
    '});\n',
)}`;

/** The runs stored in `dataDir`: none when the stop came before the data directory was made. */
async function storedRuns(dataDir: string): Promise<unknown> {
  if (!existsSync(dataDir)) return [];
  const runs = await runCliCaptured(['--data-dir', dataDir, 'runs', '--json']);
  return JSON.parse(runs.stdout) as unknown;
}

describe.skipIf(process.platform === 'win32')('test stopped before its run has started', () => {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)
    it(`says so on ${signal}: nothing sent, no run stored, exit ${code}`, async () => {
      const suite = join(temp.dir, `suite-${signal}`);
      mkdirSync(suite);
      writeFileSync(join(suite, 'long.yaml'), 'name: long\nsteps:\n  - step: wait\n    for: 10m\n');
      const dataDir = join(temp.dir, `data-${signal}`);
      const child = spawn(
        process.execPath,
        [`--import=${STOP_LISTENER_PROBE}`, SOURCE_CLI, '--data-dir', dataDir, 'test', suite],
        {
          cwd: ROOT,
          env: { ...process.env, CHECKOUT_CONSOLE_KEYCHAIN: 'off' },
          stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const ended = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
        child.once('exit', (exitCode, exitSignal) => resolve({ code: exitCode, signal: exitSignal })),
      );
      // A regression leaves nothing running: the child is killed outright if it has not ended.
      const guard = setTimeout(() => child.kill('SIGKILL'), 40_000);
      const probe = child.stdio[3];
      if (probe === null || probe === undefined || !('once' in probe)) throw new Error('no probe pipe');
      probe.once('data', () => child.kill(signal));
      const end = await ended.finally(() => clearTimeout(guard));
      const output = `stdout: ${stdout}\nstderr: ${stderr}`;
      expect(end, output).toEqual({ code, signal: null });
      expect(stderr, output).toMatch(STOPPED_LINE);
      expect(stdout, output).toBe('');
      expect(await storedRuns(dataDir)).toEqual([]);
    }, 60_000);
});
