import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isProcessAlive, readControlFiles } from '../../src/main/browser-mode/control-file';
import { freePort, pointLocalProfile } from '../e2e/fixtures/serve-process';
import { makeTempDir } from './helpers/temp-console';

const root = join(import.meta.dirname, '..', '..');

/** Whether something accepts a connection on 127.0.0.1:`port` now. */
function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

// `npm start` runs start.mjs under `sh -c`; a SIGTERM to npm (a process manager, CI killing it
// by its pid) ends npm and the shell, which does not pass it on: start.mjs and browser mode were
// left running, re-parented to init, their ports held. start.mjs now ends what it started once
// the process that started it is gone.
describe('npm start whose parent is gone', () => {
  it('stops browser mode when the shell that ran it ends without passing the signal on', async () => {
    const temp = makeTempDir();
    // An empty folder as Electron's: browser mode, wherever an Electron binary exists or not.
    const command = `"${process.execPath}" "${join(root, 'scripts', 'start.mjs')}" --data-dir "${temp.dir}" --port 0 --no-open; true`;
    const shell = spawn('sh', ['-c', command], { cwd: root, env: await browserModeEnv(temp.dir) });
    const output = collected(shell);
    let port = 0;
    try {
      await expect.poll(output, { timeout: 15_000 }).toMatch(READY);
      port = Number(READY.exec(output())?.[1]);
      expect(await accepting(port)).toBe(true);
      const exited = new Promise((resolve) => shell.once('exit', resolve));
      shell.kill('SIGTERM');
      await exited;
      await expect.poll(() => accepting(port), { timeout: 8_000 }).toBe(false);
    } finally {
      // Whatever is left is found by its data directory on its command line, and ended.
      spawn('pkill', ['-f', temp.dir]).once('exit', () => undefined);
      await new Promise((resolve) => setTimeout(resolve, 200));
      temp.remove();
    }
  });
});

// start.mjs killed outright (SIGKILL, or a SIGTERM while its signal handlers were being handed
// from Electron to browser mode) ran none of its own code: browser mode went on, orphaned, its
// ports and data directory held. It now ends when the link to the process that started it closes.
describe('npm start killed', () => {
  it('takes browser mode with it, however it ends', async () => {
    const temp = makeTempDir();
    const start = spawn(
      process.execPath,
      [join(root, 'scripts', 'start.mjs'), '--data-dir', temp.dir, '--port', '0', '--no-open'],
      { cwd: root, env: await browserModeEnv(temp.dir) },
    );
    const output = collected(start);
    let servePid = 0;
    try {
      await expect.poll(output, { timeout: 15_000 }).toMatch(READY);
      // The control file is written before the line is printed; the one there is browser mode's.
      const served = readControlFiles(temp.dir).flatMap((entry) => (entry.ok ? [entry.control.pid] : []));
      expect(served).toHaveLength(1);
      servePid = served[0] ?? 0;
      const exited = new Promise((resolve) => start.once('exit', resolve));
      start.kill('SIGKILL');
      await exited;
      await expect
        .poll(() => isProcessAlive(servePid), {
          timeout: 5_000,
          message: `browser mode (pid ${servePid}) outlived npm start`,
        })
        .toBe(false);
    } finally {
      if (start.exitCode === null && start.signalCode === null) start.kill('SIGKILL');
      if (servePid !== 0 && isProcessAlive(servePid)) process.kill(servePid, 'SIGKILL');
      temp.remove();
    }
  });
});

const READY = /Console ready at http:\/\/127\.0\.0\.1:(\d+)\//;

/**
 * npm start's environment for browser mode: an empty folder as Electron's (browser mode,
 * wherever an Electron binary exists or not), and the Local profile's listener and emulator on
 * free ports, as tests run in parallel.
 */
async function browserModeEnv(dataDir: string): Promise<NodeJS.ProcessEnv> {
  await pointLocalProfile(dataDir, {
    listenerPort: 0,
    baseUrl: `http://127.0.0.1:${String(await freePort())}`,
  });
  return {
    ...process.env,
    CHECKOUT_CONSOLE_SKIP_BUILD: '1',
    CHECKOUT_CONSOLE_KEYCHAIN: 'off',
    ELECTRON_OVERRIDE_DIST_PATH: dataDir,
  };
}

/** What a child prints, both streams, as it arrives. */
function collected(child: ChildProcess): () => string {
  let output = '';
  const add = (chunk: Buffer) => (output += chunk.toString());
  child.stdout?.on('data', add);
  child.stderr?.on('data', add);
  return () => output;
}
