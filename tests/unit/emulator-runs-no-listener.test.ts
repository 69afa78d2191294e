import { readdirSync, readFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runEmulator } from '../../src/main/cli/commands/emulator';
import { localProfileOf } from '../../src/main/emulator/local-profile-tokens';
import { captureCliContext } from './helpers/captured-cli-context';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir, openTempConsole } from './helpers/temp-console';

// `emulator` in a terminal runs no webhook listener (startListener: false), yet a profile edited
// by another process (`profiles set Local --notification-token -`) made its listener follow the
// profile, and follow it from nothing: it bound the Local profile's listener port, said nothing,
// and a later `serve` found that port "in use by checkout-console emulator". A console told not
// to start its listener never starts it, whatever happens later.

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A port nothing listens on (taken, then let go). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const listensOn = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** The listener addresses this data directory's running consoles recorded (running-*.json). */
const recordedListeners = (dataDir: string): unknown[] =>
  readdirSync(dataDir)
    .filter((name) => /^running-.*\.json$/.test(name))
    .map((name) => (JSON.parse(readFileSync(join(dataDir, name), 'utf8')) as { listener?: unknown }).listener)
    .filter((listener) => listener !== undefined && listener !== null);

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 5_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const KEEP = { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } } as const;

describe('a console that runs no listener', () => {
  it('starts none when a profile changes here or a run holds one', async () => {
    const opened = await openTempConsole({ background: true, startListener: false, startEmulator: false });
    cleanups.push(() => opened.dispose());
    const { core } = opened;
    const local = localProfileOf(core.profiles);
    if (local === null) throw new Error('no Local profile');
    const listenerPort = await freePort();
    let announced = 0;
    cleanups.push(
      core.bus.subscribe((event) => {
        if (event.name === 'listener.status') announced++;
      }),
    );

    core.profiles.update(local.id, { listenerPort }, KEEP);
    // The listener says where it stands after each profile change it took.
    await until(() => announced > 0, 'the listener to take the profile change');
    expect(core.listener.status().running).toBe(false);
    expect(await listensOn(listenerPort)).toBe(false);

    const release = core.listener.holdFor(local.id);
    await until(() => announced > 1, 'the listener to take the hold');
    release();
    expect(core.listener.status().running).toBe(false);
    expect(await listensOn(listenerPort)).toBe(false);
  });

  it('`emulator` in a terminal: a token changed by another process starts no listener', async () => {
    const temp = makeTempDir();
    cleanups.push(() => temp.remove());
    const [emulatorPort, listenerPort] = [await freePort(), await freePort()];
    const setPorts = await runCliCaptured([
      ...['--data-dir', temp.dir, 'profiles', 'set', 'Local'],
      ...['--base-url', `http://127.0.0.1:${emulatorPort}`, '--listener-port', String(listenerPort)],
    ]);
    expect(setPorts.code, setPorts.stderr).toBe(0);

    const run = captureCliContext({ dataDir: temp.dir });
    let stop: () => void = () => undefined;
    const stopped = new Promise<void>((resolve) => {
      stop = resolve;
    });
    const running = runEmulator(run.context, {}, stopped);
    cleanups.push(async () => {
      stop();
      await running;
    });
    await until(() => run.out().includes('Emulator listening on'), 'the emulator to start');

    const newToken = 'api-token-set-elsewhere-0123';
    const set = await runCliCaptured(
      ['--data-dir', temp.dir, 'profiles', 'set', 'Local', '--api-token', '-'],
      newToken,
    );
    expect(set.code, set.stderr).toBe(0);
    // The emulator took the change (it accepts the new token): the listener heard it as well.
    await until(async () => {
      const answer = await fetch(`http://127.0.0.1:${emulatorPort}/orders/unknown`, {
        headers: { authorization: `Bearer ${newToken}` },
      });
      return answer.status !== 401;
    }, 'the emulator to take the new token');
    // A listener that was going to start binds within a few milliseconds of that.
    const end = Date.now() + 1_000;
    while (Date.now() < end) {
      expect(await listensOn(listenerPort)).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(recordedListeners(temp.dir)).toEqual([]);
    expect(run.out() + run.err()).not.toMatch(/listener/i);
  });
});
