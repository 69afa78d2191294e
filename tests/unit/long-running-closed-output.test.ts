import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freePort, pointLocalProfile } from '../e2e/fixtures/serve-process';
import { startCli, waitForOutput, type CliProcess } from './helpers/cli-process';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

/**
 * `listen --port P | head -2`, then five webhooks: the first one or two were answered and
 * stored, then the process was gone (connection refused for the rest), nothing said, exit 0. The
 * webhook whose line found the reader gone ended the listener, as Ctrl+C does. A command that
 * runs until stopped (`listen`, `emulator`, `serve`) prints a view of what it serves; the
 * serving is its job. It now goes on serving once its standard output is gone, and says once
 * on standard error that its lines are no longer printed (nothing when standard error is gone
 * too); Ctrl+C or SIGTERM still stops it, exit 0 (the reader left of its own accord).
 */
const temp = makeTempDir('cc-long-running-closed-output-');
const started: CliProcess[] = [];
afterEach(() => {
  // A regression leaves a process serving: never one left behind.
  for (const run of started.splice(0)) if (run.child.exitCode === null) run.child.kill('SIGKILL');
});
afterAll(() => temp.remove());

/** `checkout-console <args>` in its own process, with its standard error kept apart. */
function start(args: readonly string[]): CliProcess & { stderr: () => string } {
  const run = startCli(args);
  started.push(run);
  let stderr = '';
  run.child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { ...run, stderr: () => stderr };
}

/** Its exit code once it is stopped as Ctrl+C would; killed outright if it does not end. */
async function stopped(run: CliProcess): Promise<number | null> {
  if (run.child.exitCode !== null) return run.child.exitCode;
  run.child.kill('SIGTERM');
  const guard = setTimeout(() => run.child.kill('SIGKILL'), 20_000);
  try {
    return await run.exited;
  } finally {
    clearTimeout(guard);
  }
}

/** Each webhook's status, or `refused` once nobody listens; spaced as a service sends them. */
async function postWebhooks(port: number, count: number): Promise<(number | 'refused')[]> {
  const answers: (number | 'refused')[] = [];
  for (let sent = 1; sent <= count; sent += 1) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    answers.push(
      await fetch(`http://127.0.0.1:${port}/gone${sent}`, { method: 'POST', body: '{}' }).then(
        (response) => response.status,
        () => 'refused' as const,
      ),
    );
  }
  return answers;
}

/** The webhooks stored on the data directory, read by another process as `history` does. */
async function storedWebhooks(dataDir: string): Promise<string[]> {
  const history = await runCliCaptured(['--data-dir', dataDir, 'history', '--kind', 'webhook', '--json']);
  return (JSON.parse(history.stdout) as { path: string }[]).map((row) => row.path).sort();
}

/** Polls until `check` holds, or fails naming what the process said (serve from source takes ~20 s on a busy machine). */
async function eventually(run: CliProcess, check: () => boolean | Promise<boolean>, what: string) {
  const end = Date.now() + 60_000;
  while (!(await check())) {
    if (run.child.exitCode !== null)
      throw new Error(`exited (${run.child.exitCode}) before ${what}:\n${run.output()}`);
    if (Date.now() > end) throw new Error(`never ${what}:\n${run.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const NOTE = /no longer printed/;
const SENT = ['/gone1', '/gone2', '/gone3', '/gone4', '/gone5'];

describe.skipIf(process.platform === 'win32')(
  'a command that runs until stopped, once its reader is gone',
  () => {
    it('listen goes on answering and storing every webhook, and says once that its lines are no longer printed', async () => {
      const dataDir = join(temp.dir, 'listen');
      const port = await freePort();
      const listen = start([
        '--data-dir',
        dataDir,
        'listen',
        '--port',
        String(port),
        '--notification-token',
        'x',
      ]);
      await waitForOutput(listen, new RegExp(`Listening on http://127\\.0\\.0\\.1:${port}`));
      // `| head -1`: the reader has its line and leaves; the next line's write finds the pipe closed.
      listen.child.stdout?.destroy();
      expect(await postWebhooks(port, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(listen.child.exitCode, listen.output()).toBeNull();
      expect(await storedWebhooks(dataDir)).toEqual(SENT);
      expect(listen.stderr().split('no longer printed'), listen.stderr()).toHaveLength(2);
      expect(listen.stderr()).toContain(
        "listen's lines are no longer printed, and it goes on receiving and storing webhooks",
      );
      expect(await stopped(listen)).toBe(0);
      expect(listen.stderr()).not.toContain('error');
    }, 90_000);

    it('listen goes on silently when standard error is gone too (`2>&1 | head -1`)', async () => {
      const dataDir = join(temp.dir, 'listen-both');
      const port = await freePort();
      const listen = start([
        '--data-dir',
        dataDir,
        'listen',
        '--port',
        String(port),
        '--notification-token',
        'x',
      ]);
      await waitForOutput(listen, new RegExp(`Listening on http://127\\.0\\.0\\.1:${port}`));
      listen.child.stdout?.destroy();
      listen.child.stderr?.destroy();
      expect(await postWebhooks(port, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(listen.child.exitCode).toBeNull();
      expect(await storedWebhooks(dataDir)).toEqual(SENT);
      expect(await stopped(listen)).toBe(0);
    }, 90_000);

    it('emulator goes on answering when its first lines find the reader gone', async () => {
      const dataDir = join(temp.dir, 'emulator');
      const port = await freePort();
      const emulator = start(['--data-dir', dataDir, 'emulator', '--port', String(port)]);
      // Closed before the process has started: its banner is the write that finds it gone.
      emulator.child.stdout?.destroy();
      await eventually(emulator, () => NOTE.test(emulator.stderr()), 'said its lines are no longer printed');
      const answered = await fetch(`http://127.0.0.1:${port}/`).then((response) => response.status);
      expect(answered).toBeGreaterThanOrEqual(200);
      expect(emulator.child.exitCode).toBeNull();
      expect(await stopped(emulator)).toBe(0);
    }, 90_000);

    it('serve goes on serving when its first lines find the reader gone', async () => {
      const dataDir = join(temp.dir, 'serve');
      const [listenerPort, emulatorPort] = [await freePort(), await freePort()];
      await pointLocalProfile(dataDir, { listenerPort, baseUrl: `http://127.0.0.1:${emulatorPort}` });
      const serve = start(['--data-dir', dataDir, 'serve', '--port', '0', '--no-open']);
      serve.child.stdout?.destroy();
      await eventually(serve, () => NOTE.test(serve.stderr()), 'said its lines are no longer printed');
      expect(await postWebhooks(listenerPort, 2)).toEqual([200, 200]);
      expect(serve.child.exitCode).toBeNull();
      expect(await stopped(serve)).toBe(0);
    }, 90_000);
  },
);
