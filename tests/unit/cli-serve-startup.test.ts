import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeControlFile } from '../../src/main/browser-mode/control-file';
import { runServe } from '../../src/main/cli/commands/serve';
import { launchLinkLines, serveStartupLines } from '../../src/main/cli/console-ready-text';
import { freePort, pointLocalProfile } from '../e2e/fixtures/serve-process';
import { captureCliContext } from './helpers/captured-cli-context';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

// `serve` printed one line, the link, and nothing a first-time user needs: how to stop it,
// whether the link can be used again, where the data is, which profile is active, and whether
// the emulator and the listener came up and where.

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function listening(): Promise<Server> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return server;
}

/** `serve --port 0 --no-open` in this process, on a data directory whose Local emulator uses `emulatorPort`. */
async function serve(emulatorPort: number, before: (dataDir: string) => void = () => undefined) {
  const temp = makeTempDir();
  await pointLocalProfile(temp.dir, { listenerPort: 0, baseUrl: `http://127.0.0.1:${emulatorPort}` });
  before(temp.dir);
  const run = captureCliContext({ dataDir: temp.dir });
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const finished = runServe(run.context, { port: '0', open: false }, stopped);
  cleanups.push(async () => {
    stop();
    await finished;
    temp.remove();
  });
  for (let attempt = 0; attempt < 500 && !run.out().includes('Ctrl+C'); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { dataDir: temp.dir, stdout: run.out(), stderr: run.err(), output: run.out };
}

describe('checkout-console serve: its first lines', () => {
  // With two consoles serving one data directory, the banner's `open` failed: `open` alone asks
  // which ("2 consoles are serving…; pick one with --port"). It names this one's port then.
  it('name this console’s port in the open command when another console serves the same data directory', async () => {
    const run = await serve(await freePort(), (dataDir) =>
      writeControlFile(dataDir, {
        version: 1,
        pid: process.ppid,
        origin: 'http://127.0.0.1:9',
        secret: 'x'.repeat(43),
        startedAt: new Date().toISOString(),
      }),
    );
    const port = /^Console ready at http:\/\/127\.0\.0\.1:(\d+)\//.exec(run.stdout)?.[1];
    expect(run.stdout.split('\n')[1]).toBe(
      `This link works once: the first browser to open it stays signed in until this console stops; for another link, run npx checkout-console --data-dir ${run.dataDir} open --port ${port ?? ''}`,
    );
  });

  it('say the link works once, where the data is, the profile, the emulator and listener, and how to stop', async () => {
    const emulatorPort = await freePort();
    const run = await serve(emulatorPort);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^Console ready at http:\/\/127\.0\.0\.1:\d+\/\?token=\S+$/);
    expect(lines[1]).toBe(
      `This link works once: the first browser to open it stays signed in until this console stops; for another link, run npx checkout-console --data-dir ${run.dataDir} open`,
    );
    expect(lines.slice(2)).toEqual([
      `  Data directory  ${run.dataDir}`,
      '  Profile         Local (local)',
      `  Emulator        http://127.0.0.1:${emulatorPort} (for profile Local)`,
      expect.stringMatching(/^ {2}Listener {8}http:\/\/127\.0\.0\.1:\d+ \(for profile Local\)$/),
      'Press Ctrl+C to stop the console; the emulator and the listener stop with it.',
      '',
    ]);
    // The control secret `open` uses is never printed.
    const controlFile = readdirSync(run.dataDir).find((name) => name.endsWith('.control.json'));
    const control = JSON.parse(readFileSync(join(run.dataDir, controlFile ?? ''), 'utf8')) as {
      secret: string;
    };
    expect(run.stdout + run.stderr).not.toContain(control.secret);
  });

  // The banner kept the emulator's first address after the Local profile's base URL moved it
  // (here or from another process): the terminal showed an address nothing listened at.
  it('says where the emulator went when the Local profile moves it, in a line of its own', async () => {
    const first = await freePort();
    const run = await serve(first);
    const moved = await freePort();
    const set = await runCliCaptured([
      '--data-dir',
      run.dataDir,
      'profiles',
      'set',
      'Local',
      '--base-url',
      `http://127.0.0.1:${moved}`,
    ]);
    expect(set.code).toBe(0);
    const said = `Emulator now http://127.0.0.1:${moved} (for profile Local)\n`;
    for (let attempt = 0; attempt < 1000 && !run.output().includes(said); attempt += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(run.output().slice(run.stdout.length)).toBe(said);
  });

  it('says the emulator is not running, and why, when its port is taken', async () => {
    const taken = await listening();
    const port = (taken.address() as AddressInfo).port;
    const run = await serve(port);
    expect(run.stdout).toMatch(
      new RegExp(`^ {2}Emulator {8}not running: Something else on this machine holds port ${port} `, 'm'),
    );
    expect(run.stdout).toMatch(/^ {2}Listener {8}http:\/\/127\.0\.0\.1:\d+ \(for profile Local\)$/m);
    expect(run.stdout).toContain('Press Ctrl+C to stop the console; the listener stops with it.\n');
  });
});

describe('serveStartupLines', () => {
  const stopped = { running: false, url: null, port: null, error: null, profileName: null };
  const listener = {
    ...stopped,
    configuredPort: 4455,
    publicUrl: null,
    portTakenBy: null,
    profileId: null,
    hasNotificationToken: false,
    notificationTokenUnopened: null,
    notStored: 0,
    notStoredReason: null,
    forwardHold: null,
  };

  it('warns of a live profile, escapes stored names, and claims nothing stops that never ran', () => {
    const text = serveStartupLines({
      dataDir: '/tmp/qa',
      profile: { name: 'Prod\u001b[2J', environment: 'live' },
      emulator: stopped,
      listener,
    });
    expect(text).toContain('  Profile         Prod\\x1b[2J (live: real money)\n');
    expect(text).toContain('  Emulator        not running\n');
    expect(text).toContain('  Listener        not running\n');
    expect(text.endsWith('Press Ctrl+C to stop the console.\n')).toBe(true);
  });

  it('says why a service is not running whole: advice cut mid-word is no advice', () => {
    // The Listener row ended "…then restart the listene…": the row was cut at 400 characters.
    const why =
      "Port 47455 is already in use by checkout-console serve (pid 29584), which runs this data directory's listener there for profile Local: the webhooks it receives are stored here already, so nothing needs doing. To run this console's listener as well, choose another listener port in the profile (0 picks a free one; every console on this data directory shares it), then restart the listener.";
    const text = serveStartupLines({
      dataDir: '/tmp/qa',
      profile: { name: 'Local', environment: 'local' },
      emulator: stopped,
      listener: { ...listener, error: why, portTakenBy: 'console' },
    });
    expect(text).toContain(`  Listener        not running: ${why}\n`);
    expect(text).not.toContain('…');
  });
});

describe('launchLinkLines', () => {
  it('escapes the command it names: a data directory is a path, and a path may hold an escape sequence', () => {
    // The Data directory row was escaped, the "run … open" line beside it was not: a data
    // directory named '/tmp/qa \u001b[2J' cleared the screen under the sign-in link.
    const text = launchLinkLines(
      'http://127.0.0.1:4400/?token=t',
      "npx checkout-console --data-dir '/tmp/qa \u001b[2J' open",
    );
    expect(text).not.toContain('\u001b');
    expect(text).toContain("run npx checkout-console --data-dir '/tmp/qa \\x1b[2J' open\n");
  });
});

// `serve --port 4455` on a fresh data directory said "Port 4455 is in use; pass --port 0 to pick
// a free one." with 4455 free: the console's own listener (the active profile's port) took it
// before the browser server bound, and the same for the emulator's port. The true cause is said.
describe('checkout-console serve --port on a port the console itself takes', () => {
  async function serveOn(which: 'listener' | 'emulator'): Promise<{ port: number; error: unknown }> {
    const temp = makeTempDir();
    cleanups.push(() => temp.remove());
    const listenerPort = await freePort();
    const emulatorPort = await freePort();
    await pointLocalProfile(temp.dir, { listenerPort, baseUrl: `http://127.0.0.1:${emulatorPort}` });
    const port = which === 'listener' ? listenerPort : emulatorPort;
    const { context } = captureCliContext({ dataDir: temp.dir });
    const error = await runServe(context, { port: String(port), open: false }, Promise.resolve()).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    return { port, error };
  }

  it('names the listener, whose port it is', async () => {
    const { port, error } = await serveOn('listener');
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(
      `Port ${port} is the active profile Local's listener port: the console's listener takes it. Pass another --port, or 0 to pick a free one.`,
    );
  });

  it('names the emulator, whose port it is', async () => {
    const { port, error } = await serveOn('emulator');
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(
      `Port ${port} is the Local profile's emulator port: the console's emulator takes it. Pass another --port, or 0 to pick a free one.`,
    );
  });
});
