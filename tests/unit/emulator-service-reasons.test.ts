import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { emulatorPortOf } from '../../src/main/emulator/emulator-port';
import { createConsole } from '../../src/main/app';
import { openTempConsole } from './helpers/temp-console';

// The emulator's reasons, as the Emulator view, the Builder's notice and `serve` show them, said
// "the Local profile" of whichever local profile it stood in for, and "another program" of a port
// whose holder it cannot know (a second console on the data directory holds it as often).

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function holdAPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function consoleWithLocalProfile(name: string, baseUrl: string) {
  const opened = await openTempConsole({ startEmulator: false });
  cleanups.push(() => opened.dispose());
  const { core } = opened;
  const local = core.profiles.active();
  core.profiles.update(
    local.id,
    { name, baseUrl },
    { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } },
  );
  return core;
}

describe("the emulator's reasons name what they are about", () => {
  it('a base URL it cannot stand behind names the profile it was read from', () => {
    expect(emulatorPortOf('https://checkout.example', 'Dev box')).toEqual({
      error:
        'The base URL of profile Dev box, https://checkout.example is not http://127.0.0.1:PORT, so the emulator is not started for it.',
    });
    expect(emulatorPortOf('http://127.0.0.1:4321', 'Dev box')).toEqual({ port: 4321 });
  });

  it('a local profile not called Local is named when its base URL is not the emulator', async () => {
    const core = await consoleWithLocalProfile('Dev box', 'https://checkout.example');
    const status = await core.emulator.start();
    expect(status.running).toBe(false);
    expect(status.error).toBe(
      'The base URL of profile Dev box, https://checkout.example is not http://127.0.0.1:PORT, so the emulator is not started for it.',
    );
  });

  it('a port held by a process it does not know is said as that, not as "another program"', async () => {
    const port = await holdAPort();
    const core = await consoleWithLocalProfile('Local', `http://127.0.0.1:${port}`);
    const status = await core.emulator.start();
    expect(status.running).toBe(false);
    expect(status.error).toBe(
      `Something else on this machine holds port ${port} (which process is not known here), so this console's emulator is not running, and whatever holds the port answers in its place: no console on this data directory says it runs its emulator there (one that did would be named here). Start it on a free port, or free the port.`,
    );
    // It said "(another console on this data directory answers as the same emulator)" of a holder
    // it had just looked for among this data directory's consoles and not found.
    expect(status.error).not.toContain('answers as the same emulator');
  });

  it('a port held by another console on this data directory names that console, from its address record', async () => {
    const port = await holdAPort();
    await cleanups.pop()?.(); // free again: the first console's emulator takes it
    const opened = await openTempConsole({ startEmulator: false });
    cleanups.push(() => opened.dispose());
    const { core: first, dataDir } = opened;
    first.profiles.update(
      first.profiles.active().id,
      { baseUrl: `http://127.0.0.1:${port}` },
      { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } },
    );
    expect((await first.emulator.start()).running).toBe(true);
    const second = await createConsole({
      dataDir,
      frontDoor: 'browser',
      keychain: 'off',
      startEmulator: false,
    });
    cleanups.push(() => second.close());
    const status = await second.emulator.start();
    expect(status.running).toBe(false);
    expect(status.error).toBe(
      `checkout-console serve (pid ${process.pid}) runs this data directory's emulator on port ${port}, so this console's emulator is not started there; that one answers as the same emulator (the same orders and settings). Start this one on a free port, or use that one.`,
    );
  });
});
