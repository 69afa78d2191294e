import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createConsole, type ConsoleCore } from '../../src/main/app';
import { payload, signWith } from '../fixtures/hostile-webhooks';
import { rawRequest } from './helpers/http';
import { makeTempDir } from './helpers/temp-console';

// A data directory whose key file was lost or replaced (or whose tokens the desktop app sealed)
// made `serve` exit at its start ("Local's API token cannot be opened here"): the console, its
// history and its listener were all out of reach until the token was forgotten. Now the console
// starts; the listener stores every webhook, its verdict saying why it was not verified, and the
// emulator, which cannot know the token to accept, says why it does not run.

const KEEP = { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } } as const;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function consoleWithLostKey(): Promise<ConsoleCore> {
  const temp = makeTempDir();
  cleanups.push(temp.remove);
  const setup = await createConsole({ dataDir: temp.dir, frontDoor: 'browser', keychain: 'off' });
  setup.profiles.update(setup.profiles.active().id, { listenerPort: 0 }, KEEP);
  await setup.close();
  // Another key than the one that sealed the tokens, as after a restore without vault.key.
  rmSync(join(temp.dir, 'vault.key'));
  writeFileSync(join(temp.dir, 'vault.key'), randomBytes(32).toString('base64'), { mode: 0o600 });
  const core = await createConsole({
    dataDir: temp.dir,
    frontDoor: 'browser',
    keychain: 'off',
    background: true,
    startEmulator: false,
  });
  cleanups.push(() => core.close());
  return core;
}

describe("the Local profile's tokens cannot be opened here", () => {
  it('the console starts, and its listener stores each webhook, unverified, saying why', async () => {
    const core = await consoleWithLostKey();
    const status = core.listener.status();
    expect(status.error).toBeNull();
    expect(status.url).not.toBeNull();
    const token = await signWith('whatever-the-service-signs-with', {});
    const answer = await rawRequest(`${status.url ?? ''}/notify?serviceToken=${token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: payload('order_approved'),
    });
    expect(answer.status).toBe(200);
    const detail = core.events.getDetail((JSON.parse(answer.body) as { id: number }).id);
    expect(detail).toMatchObject({ kind: 'webhook', tokenVerdict: 'no_secret' });
    expect(JSON.stringify(detail)).toMatch(/Local's notification token cannot be opened here/);
  });

  it('the emulator does not start, and its status says which token and the way out', async () => {
    const core = await consoleWithLostKey();
    const status = await core.emulator.start(0);
    expect(status.running).toBe(false);
    expect(status.error).toMatch(
      /^The emulator cannot start: Local's API token cannot be opened here: .*forget-secret Local/,
    );
  });
});
