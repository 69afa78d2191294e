import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createConsole } from '../../src/main/app';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

// `test --profile Sandbox` while `serve` ran this data directory's listener for Local on the port
// Sandbox shares was refused with the Local listener's port: "The webhook listener is not running,
// so no webhook can be expected: Port N is already in use by checkout-console serve …, which runs
// this data directory's listener there for profile Local: … nothing needs doing." Sandbox has no
// public listener URL, so the service could reach no listener of it whatever held the port.
const temp = makeTempDir('cc-sandbox-listener-');
afterAll(() => temp.remove());

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });

describe('a sandbox run while another console holds the listener port for Local', () => {
  const scenarios = join(temp.dir, 'scenarios');
  mkdirSync(scenarios);
  writeFileSync(
    join(scenarios, 'one.yaml'),
    'name: one checkout\nsteps:\n  - step: checkout\n    sample: { country: SA }\n',
  );

  it("gives the sandbox run's own reason, not the Local listener's port", async () => {
    const dataDir = join(temp.dir, 'data');
    const port = String(await freePort());
    for (const profile of ['Local', 'Sandbox']) {
      const set = await runCliCaptured([
        '--data-dir',
        dataDir,
        'profiles',
        'set',
        profile,
        '--listener-port',
        port,
      ]);
      expect(set.code, set.stderr).toBe(0);
    }
    const serve = await createConsole({ dataDir, frontDoor: 'browser', keychain: 'off', background: true });
    try {
      expect(serve.listener.status()).toMatchObject({ running: true, profileName: 'Local' });
      const run = await runCliCaptured(['--data-dir', dataDir, 'test', scenarios, '--profile', 'Sandbox']);
      const said = `${run.stdout}${run.stderr}`;
      expect(said).not.toContain(`Port ${port}`);
      // The start line, in the words of the checkout's notification plan; the run goes on, as
      // it does while a listener runs, for nothing it sends depends on one.
      expect(run.stdout).toContain(
        "listener not running (notifications cannot reach it: No listener URL: set the profile's public listener URL (a tunnel) to receive webhooks.)",
      );
      expect(run.stdout).toContain('one checkout');
    } finally {
      await serve.close();
    }
  });
});
