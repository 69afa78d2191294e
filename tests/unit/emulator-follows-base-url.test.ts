import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import { localProfileOf } from '../../src/main/emulator/local-profile-tokens';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

// With `serve` running the emulator for the Local profile on its base URL's port, a
// `profiles set Local --base-url http://127.0.0.1:<other>` from a terminal (or an edit in the
// Profiles view) left the emulator on the old port, while the Emulator view still said it ran
// for the profile and `send` went to the new port, where nothing answered. It now follows the
// base URL's port, as the listener follows its profile's port.

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function listening(): Promise<{ server: Server; port: number }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** A port nothing listens on (taken, then let go). */
async function freePort(): Promise<number> {
  const { server, port } = await listening();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A port something else holds until the test ends. */
async function heldPort(): Promise<number> {
  const { server, port } = await listening();
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return port;
}

const answers = async (port: number): Promise<boolean> => {
  try {
    await fetch(`http://127.0.0.1:${port}/merchants/orders/x`);
    return true;
  } catch {
    return false;
  }
};

const KEEP = { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } } as const;

function setBaseUrl(core: ConsoleCore, port: number) {
  const local = localProfileOf(core.profiles);
  if (local === null) throw new Error('no Local profile');
  core.profiles.update(local.id, { baseUrl: `http://127.0.0.1:${port}` }, KEEP);
}

/** A console as `serve` runs one: background services, the emulator started for the Local profile. */
async function servingConsole(port: number) {
  const opened = await openTempConsole({ background: true, startListener: false, startEmulator: false });
  cleanups.push(() => opened.dispose());
  setBaseUrl(opened.core, port);
  expect((await opened.core.emulator.start()).port).toBe(port);
  return opened;
}

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 5_000) {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the emulator follows the Local profile’s base URL', () => {
  it('moves to the new port when another process changes it (profiles set in a terminal)', async () => {
    const [first, second] = [await freePort(), await freePort()];
    const { core, dataDir } = await servingConsole(first);
    const set = await runCliCaptured([
      '--data-dir',
      dataDir,
      'profiles',
      'set',
      'Local',
      '--base-url',
      `http://127.0.0.1:${second}`,
    ]);
    expect(set.code, set.stderr).toBe(0);
    await until(() => core.emulator.status().port === second, 'the emulator on the new port');
    expect(core.emulator.status()).toMatchObject({
      running: true,
      url: `http://127.0.0.1:${second}`,
      error: null,
      profileName: 'Local',
    });
    expect(await answers(second)).toBe(true);
    expect(await answers(first)).toBe(false);
  });

  it('moves when changed in this console, says why on a held port, and starts once it is free', async () => {
    const [first, second] = [await freePort(), await freePort()];
    const { core } = await servingConsole(first);
    setBaseUrl(core, second);
    await until(() => core.emulator.status().port === second, 'the emulator on the new port');
    expect(await answers(first)).toBe(false);

    const held = await heldPort();
    setBaseUrl(core, held);
    await until(() => !core.emulator.status().running, 'the emulator to leave its port');
    expect(core.emulator.status().error).toContain(`holds port ${held}`);

    const third = await freePort();
    setBaseUrl(core, third);
    await until(() => core.emulator.status().port === third, 'the emulator on a free port again');
    expect(core.emulator.status().error).toBeNull();
  });

  it('stays on a free port it was started on, and stays stopped when stopped', async () => {
    const { core } = await servingConsole(await freePort());
    const started = await core.dispatcher(
      'startEmulator',
      { port: 0, updateLocalProfile: true },
      { transport: 'ipc' },
    );
    if (!started.ok) throw new Error(started.error.message);
    const port = core.emulator.status().port;
    expect(localProfileOf(core.profiles)?.fields.baseUrl).toBe(`http://127.0.0.1:${port}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(core.emulator.status()).toMatchObject({ running: true, port });

    // Started on a port of its own, elsewhere than the profile points: it stays there.
    const own = await core.emulator.start(0);
    setBaseUrl(core, await freePort());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(core.emulator.status()).toMatchObject({ running: true, port: own.port });

    await core.emulator.stop();
    setBaseUrl(core, await freePort());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(core.emulator.status()).toMatchObject({ running: false, error: null });
  });
});
