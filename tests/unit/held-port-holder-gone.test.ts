import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createConsole, type ConsoleCore } from '../../src/main/app';
import type { PushEvent } from '../../src/shared/contract';
import { processStartOf } from '../../src/main/running-addresses/process-identity';
import { sampleRecord, writtenRecord } from './helpers/address-records';
import { makeTempDir } from './helpers/temp-console';

// A second serve on a data directory found its ports held by the first and said so: "nothing
// needs doing", "that one answers as the same emulator". The first was then killed (kill -9):
// its address record stayed, naming a dead pid, and the second's Listener and Emulator views kept
// naming it as the holder while nothing listened on either port and every webhook was refused.
// docs/listener.md: a record is believed only while its process runs.

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function heldPort(): Promise<{ port: number; free: () => Promise<void> }> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  let freed = false;
  const free = () =>
    freed
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          freed = true;
          server.close(() => resolve());
        });
  cleanups.push(free);
  return { port: address.port, free };
}

/** A process standing in for the first serve: alive until killed. */
async function holderProcess(): Promise<ChildProcess & { pid: number }> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  cleanups.push(() => void child.kill('SIGKILL'));
  await new Promise((resolve) => child.once('spawn', resolve));
  if (child.pid === undefined) throw new Error('no pid');
  return child as ChildProcess & { pid: number };
}

async function waitFor<T>(read: () => T, ok: (value: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * A console whose profile's listener and emulator ports are held, each by the process an address
 * record names as this data directory's serve (alive until the test kills it).
 */
async function consoleBesideHolder() {
  const listenerPort = await heldPort();
  const emulatorPort = await heldPort();
  const temp = makeTempDir();
  cleanups.push(() => temp.remove());
  const setup = await createConsole({ dataDir: temp.dir, frontDoor: 'browser', keychain: 'off' });
  setup.profiles.update(
    setup.profiles.active().id,
    { listenerPort: listenerPort.port, baseUrl: `http://127.0.0.1:${emulatorPort.port}` },
    { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } },
  );
  await setup.close();
  const holder = await holderProcess();
  writtenRecord(
    temp.dir,
    sampleRecord({
      pid: holder.pid,
      processStart: processStartOf(holder.pid),
      listener: { url: `http://127.0.0.1:${listenerPort.port}`, profileId: 1, profileName: 'Local' },
      emulator: { url: `http://127.0.0.1:${emulatorPort.port}` },
    }),
  );
  const core: ConsoleCore = await createConsole({
    dataDir: temp.dir,
    frontDoor: 'browser',
    keychain: 'off',
    background: true,
  });
  cleanups.push(() => core.close());
  const pushed: PushEvent[] = [];
  core.bus.subscribe((event) => pushed.push(event));
  return { listenerPort, emulatorPort, holder, core, pushed };
}

describe('a port held by a console of this data directory that has since died', () => {
  it('the listener and the emulator stop naming it once its process is gone, and say the port is free', async () => {
    const { listenerPort, emulatorPort, holder, core, pushed } = await consoleBesideHolder();
    const named = `checkout-console serve (pid ${holder.pid})`;
    expect(core.listener.status()).toMatchObject({ running: false, portTakenBy: 'console' });
    expect(core.listener.status().error).toContain(named);
    expect(core.emulator.status().error).toContain(`${named} runs this data directory's emulator`);

    // The first serve is killed: its ports are freed with it, its record stays behind.
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    await listenerPort.free();
    await emulatorPort.free();

    const listener = core.listener.status();
    expect(listener).toMatchObject({ running: false, portTakenBy: null });
    expect(listener.error).not.toContain('nothing needs doing');
    expect(listener.error).toBe(
      `Port ${listenerPort.port} was held by ${named}, which ran this data directory's listener there and has stopped since: no console on this data directory listens there now, so webhooks sent to it are not stored. Restart the listener (Listener view) to start this console's listener on it.`,
    );
    // Stopped, with nothing to blame: the view offers Start, and what is owed waits "once the
    // emulator runs" instead of showing a time that console would have kept.
    expect(core.emulator.status()).toMatchObject({ running: false, error: null });

    // Restart listener and Start then work, as the words say.
    expect((await core.listener.restart()).running).toBe(true);
    expect((await core.emulator.start()).running).toBe(true);
    expect(pushed.length).toBeGreaterThan(0);
  });

  it('an open view learns it without reading again: the status is pushed once the holder is gone', async () => {
    const { listenerPort, emulatorPort, holder, pushed } = await consoleBesideHolder();

    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    await listenerPort.free();
    await emulatorPort.free();

    const lastOf = (name: 'listener.status' | 'emulator.changed') =>
      pushed.filter((event) => event.name === name).at(-1);
    const listenerPush = await waitFor(
      () => lastOf('listener.status'),
      (event) => event?.name === 'listener.status' && event.payload.portTakenBy === null,
    );
    expect(listenerPush?.name === 'listener.status' && listenerPush.payload.error).toContain(
      'has stopped since',
    );
    const emulatorPush = await waitFor(
      () => lastOf('emulator.changed'),
      (event) => event?.name === 'emulator.changed' && event.payload.error === null,
    );
    expect(emulatorPush).toMatchObject({ payload: { running: false, error: null } });
  });
});
