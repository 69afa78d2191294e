import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findElectronBinary } from '../../scripts/electron-binary.mjs';
import { freePort, pointLocalProfile } from '../e2e/fixtures/serve-process';
import { makeTempDir } from './helpers/temp-console';

const root = join(import.meta.dirname, '..', '..');

describe('npm start', () => {
  // Where Electron can start, `npm start` opens a window instead; this checks the fallback.
  it.skipIf(findElectronBinary().path !== null)(
    'says in one line why Electron cannot start, then serves browser mode and prints the URL',
    async () => {
      const temp = makeTempDir();
      await onFreePorts(temp.dir);
      const child = spawn(
        process.execPath,
        [join(root, 'scripts', 'start.mjs'), '--port', '0', '--no-open'],
        {
          cwd: root,
          env: {
            ...process.env,
            CHECKOUT_CONSOLE_SKIP_BUILD: '1',
            CHECKOUT_CONSOLE_DATA_DIR: temp.dir,
            CHECKOUT_CONSOLE_KEYCHAIN: 'off',
          },
        },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      try {
        await expect
          .poll(() => output, { timeout: 15_000 })
          .toMatch(/Console ready at http:\/\/127\.0\.0\.1:\d+\/\?token=/);
        const fallbackLines = output
          .split('\n')
          .filter((line) => line.startsWith('Electron cannot start here: '));
        expect(fallbackLines).toHaveLength(1);
        expect(fallbackLines[0]).toMatch(/\. Starting browser mode instead\.$/);
      } finally {
        // A start that already ended (no build in out/: it says so and exits) is not waited for:
        // its exit came before this, and the wait hid what it said behind the test's timeout.
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          await new Promise((resolve) => child.once('exit', resolve));
        }
        temp.remove();
      }
    },
  );
});

// `npm start -- --data-dir ./qa` was honoured by the browser-mode fallback only: the desktop
// window was started without it, on the default data directory, without a word.
describe('npm start with an Electron binary', () => {
  it('opens the desktop window on the --data-dir given, and says which arguments it ignores', async () => {
    const temp = makeTempDir();
    const seen = join(temp.dir, 'seen.json');
    const fake = join(temp.dir, 'electron');
    writeFileSync(
      fake,
      `#!${process.execPath}\nrequire('node:fs').writeFileSync(${JSON.stringify(seen)}, JSON.stringify({ argv: process.argv.slice(2), dataDir: process.env.CHECKOUT_CONSOLE_DATA_DIR ?? null }));\n`,
    );
    chmodSync(fake, 0o755);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      CHECKOUT_CONSOLE_SKIP_BUILD: '1',
      ELECTRON_OVERRIDE_DIST_PATH: temp.dir,
    };
    delete env['CHECKOUT_CONSOLE_DATA_DIR'];
    try {
      const run = spawnSync(
        process.execPath,
        [join(root, 'scripts', 'start.mjs'), '--data-dir', join(temp.dir, 'qa'), '--port', '0'],
        { cwd: root, env, encoding: 'utf8' },
      );
      expect(run.status).toBe(0);
      const got = JSON.parse(readFileSync(seen, 'utf8')) as { argv: string[]; dataDir: string | null };
      expect(got.dataDir).toBe(join(temp.dir, 'qa'));
      expect(got.argv.map((arg) => resolve(arg))).toEqual([resolve(root)]);
      expect(run.stdout).toContain('The desktop window ignores --port 0 (browser mode only).');
    } finally {
      temp.remove();
    }
  });
});

/**
 * Tests run in parallel: the Local profile's listener and emulator of a browser mode started
 * here take free ports, not the defaults another test (or a console of the user's) may hold.
 */
async function onFreePorts(dataDir: string): Promise<void> {
  await pointLocalProfile(dataDir, {
    listenerPort: 0,
    baseUrl: `http://127.0.0.1:${String(await freePort())}`,
  });
}

/** A fake Electron (a shell script) in a folder of its own, found through ELECTRON_OVERRIDE_DIST_PATH. */
function fakeElectron(dir: string, script: string): NodeJS.ProcessEnv {
  writeFileSync(join(dir, 'electron'), `#!/bin/sh\n${script}\n`);
  chmodSync(join(dir, 'electron'), 0o755);
  return { ...process.env, CHECKOUT_CONSOLE_SKIP_BUILD: '1', ELECTRON_OVERRIDE_DIST_PATH: dir };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm start and its Electron child', () => {
  // Stopping `npm start` (SIGTERM from a process manager, an IDE's stop button) left Electron
  // running, orphaned: only browser mode's child was sent the signal.
  it('passes SIGTERM on to Electron and ends with it', async () => {
    const temp = makeTempDir();
    const pidFile = join(temp.dir, 'electron.pid');
    const env = fakeElectron(temp.dir, `echo $$ > ${JSON.stringify(pidFile)}\nexec sleep 300`);
    const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], { cwd: root, env });
    let electronPid = 0;
    try {
      // Started by start.mjs after Node has loaded it: seconds on a loaded machine, not one.
      await expect
        .poll(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '', { timeout: 15_000 })
        .toBe(true);
      electronPid = Number(readFileSync(pidFile, 'utf8').trim());
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await expect.poll(() => alive(electronPid), { timeout: 5_000 }).toBe(false);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      if (electronPid !== 0 && alive(electronPid)) process.kill(electronPid, 'SIGKILL');
      temp.remove();
    }
  });

  // Chromium's own log lines come first on stderr; the cause, and the step that fixes it, below.
  it('says the setup step an Electron that exits at start-up names, not Chromium noise', async () => {
    const temp = makeTempDir();
    const env = fakeElectron(
      temp.dir,
      [
        `echo '[1130/153012.123456:ERROR:bus.cc(407)] Failed to connect to the bus: Could not parse server address' >&2`,
        `echo 'Error: No better-sqlite3 build for Electron 45.4.1 (ABI 140). Run "npm run rebuild:electron-sqlite" (needs network access to Electron'"'"'s headers).' >&2`,
        'exit 1',
      ].join('\n'),
    );
    await onFreePorts(join(temp.dir, 'data'));
    const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs'), '--port', '0', '--no-open'], {
      cwd: root,
      env: { ...env, CHECKOUT_CONSOLE_DATA_DIR: join(temp.dir, 'data'), CHECKOUT_CONSOLE_KEYCHAIN: 'off' },
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    try {
      await expect
        .poll(() => stdout, { timeout: 15_000 })
        .toContain(
          'The desktop window cannot open until you run "npm run rebuild:electron-sqlite": No better-sqlite3 build for Electron 45.4.1 (ABI 140). Starting browser mode instead.\n',
        );
      expect(stdout).not.toContain('Electron cannot start here');
    } finally {
      // Browser mode after the line runs until stopped (or has ended where nothing is built).
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      temp.remove();
    }
  });
});
