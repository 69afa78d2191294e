import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createConsole, type ConsoleCore } from '../../src/main/app';
import { makeTempDir } from './helpers/temp-console';

// `listen` printed "Listening on http://127.0.0.1:P" and then, when the profile's listener port
// was changed in another console on the data directory, moved to the new port without a word:
// the tunnel and the curl pointed at P got "connection refused".

const KEEP = { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } } as const;
const temps: { remove: () => void }[] = [];
const cores: ConsoleCore[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  temps.splice(0).forEach((temp) => temp.remove());
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address !== null ? address.port : 0;
}

describe('a foreground listen keeps the port it said it listens on', () => {
  it('a profile port changed meanwhile does not move it', async () => {
    const temp = makeTempDir();
    temps.push(temp);
    const setup = await createConsole({ dataDir: temp.dir, frontDoor: 'cli', keychain: 'off' });
    const local = setup.profiles.active();
    setup.profiles.update(local.id, { listenerPort: await freePort() }, KEEP);
    await setup.close();
    // As `listen` composes it (cli/commands/listen.ts): the port it binds first is its own.
    const core = await createConsole({
      dataDir: temp.dir,
      frontDoor: 'cli',
      keychain: 'off',
      background: true,
      startEmulator: false,
      listener: { keepPort: true },
    });
    cores.push(core);
    const before = core.listener.status();
    expect(before.running).toBe(true);
    const settled = new Promise<void>((resolve) =>
      core.bus.subscribe((event) => (event.name === 'listener.status' ? resolve() : undefined)),
    );
    core.profiles.update(local.id, { listenerPort: await freePort() }, KEEP);
    await settled;
    expect(core.listener.status()).toMatchObject({ running: true, port: before.port, url: before.url });
    const answer = await fetch(`${before.url ?? ''}/still-here`, { method: 'POST', body: '{}' });
    expect(answer.status).toBe(200);
  });
});
