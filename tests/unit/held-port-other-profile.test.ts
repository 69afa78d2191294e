import { afterEach, describe, expect, it } from 'vitest';
import { createConsole, type ConsoleCore } from '../../src/main/app';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

// serve ran this data directory's listener for Local; a second console wanted it for Sandbox
// (a public listener URL, the same port) and was told "the webhooks it receives are stored here
// already, so nothing needs doing". The holder judges with Local's notification token: a Sandbox
// webhook arriving there is judged against the wrong secret, so something does need doing.

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const KEEP = { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } } as const;

/** serve's console, running the listener for Local on a port Sandbox shares. */
async function serveForLocal(): Promise<{ dataDir: string; serve: ConsoleCore; port: number }> {
  const temp = makeTempDir();
  cleanups.push(() => temp.remove());
  const serve = await createConsole({
    dataDir: temp.dir,
    frontDoor: 'browser',
    keychain: 'off',
    background: true,
    startEmulator: false,
    listener: { port: 0, keepPort: true },
  });
  cleanups.push(() => serve.close());
  const port = serve.listener.status().port;
  if (port === null) throw new Error('serve did not listen');
  for (const name of ['Local', 'Sandbox']) {
    const profile = serve.profiles.findByName(name);
    if (profile === undefined) throw new Error(`no ${name}`);
    serve.profiles.update(
      profile.id,
      {
        listenerPort: port,
        ...(name === 'Sandbox' ? { publicListenerUrl: 'https://tunnel.example/notify' } : {}),
      },
      KEEP,
    );
  }
  expect(serve.listener.status()).toMatchObject({ running: true, port, profileName: 'Local' });
  return { dataDir: temp.dir, serve, port };
}

async function secondConsole(dataDir: string, profileId?: number): Promise<ConsoleCore> {
  const core = await createConsole({
    dataDir,
    frontDoor: 'cli',
    keychain: 'off',
    background: true,
    startEmulator: false,
    listener: { callerReportsStartFailure: true, ...(profileId === undefined ? {} : { profileId }) },
  });
  cleanups.push(() => core.close());
  return core;
}

describe("a port held by a console of this data directory for another profile's listener", () => {
  it('says the holder judges with the other profile’s token, and what to do', async () => {
    const { dataDir, serve, port } = await serveForLocal();
    const sandbox = serve.profiles.findByName('Sandbox');
    const second = await secondConsole(dataDir, sandbox?.id);
    const status = second.listener.status();
    expect(status).toMatchObject({ running: false, portTakenBy: 'console', profileName: 'Sandbox' });
    expect(status.error).not.toContain('nothing needs doing');
    expect(status.error).toBe(
      `Port ${port} is already in use by checkout-console serve (pid ${process.pid}), which runs this data directory's listener there for profile Local, not Sandbox: it judges the webhooks it receives with profile Local's notification token, so a webhook meant for profile Sandbox that arrives there is stored but judged against the wrong token. Stop that console or switch its profile to Sandbox, or choose another listener port for profile Sandbox (0 picks a free one; every console on this data directory shares it), then restart the listener.`,
    );
  });

  it('keeps the same-profile words: nothing needs doing', async () => {
    const { dataDir, port } = await serveForLocal();
    const second = await secondConsole(dataDir);
    expect(second.listener.status().error).toBe(
      `Port ${port} is already in use by checkout-console serve (pid ${process.pid}), which runs this data directory's listener there for profile Local: the webhooks it receives are stored here already, so nothing needs doing. To run this console's listener as well, choose another listener port in the profile (0 picks a free one; every console on this data directory shares it), then restart the listener.`,
    );
  });

  it('listen --profile Sandbox says so in its own words', async () => {
    const { dataDir, port } = await serveForLocal();
    const run = await runCliCaptured(['--data-dir', dataDir, 'listen', '--profile', 'Sandbox']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `Port ${port} is already in use by checkout-console serve (pid ${process.pid}), which runs this data directory's listener there for profile Local, not Sandbox: it judges the webhooks it receives with profile Local's notification token, so a webhook meant for profile Sandbox that arrives there is stored but judged against the wrong token. To run Sandbox's listener beside it, pass --port 0.`,
    );
    expect(run.stderr).not.toContain('stored here already');
  });
});
