import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createConsole, type ConsoleCore } from '../../src/main/app';
import { runListen } from '../../src/main/cli/commands/listen';
import { payload, signWith } from '../fixtures/hostile-webhooks';
import { captureCliContext } from './helpers/captured-cli-context';
import { rawRequest } from './helpers/http';
import { runCliCaptured } from './helpers/run-cli';
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

  // The token is set, but this process cannot open it: "has no notification token" (listen's
  // warning, the Listener view) named the wrong cause, and the wrong way out.
  it('the listener says its token cannot be opened, not that there is none; so does listen', async () => {
    const core = await consoleWithLostKey();
    const status = core.listener.status();
    expect(status.hasNotificationToken).toBe(false);
    expect(status.notificationTokenUnopened).toMatch(/Local's notification token cannot be opened here/);
    const dataDir = core.dataDir;
    await core.close();
    const run = captureCliContext({ dataDir });
    let stop: () => void = () => undefined;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const listening = runListen(run.context, { port: '0' }, stopped);
    for (let attempt = 0; attempt < 500 && !run.out().includes('Listening on'); attempt += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    stop();
    await listening;
    expect(run.err()).toMatch(
      /warning: the notification token of profile "Local" cannot be opened here \(Local's notification token cannot be opened here/,
    );
    expect(run.err()).not.toContain('has no notification token');
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

// A damaged key file (emptied, or holding something else than a key) made every command fail
// ("vault.key does not hold a 32-byte key"): listen and serve did not start, so webhooks went
// unrecorded, where a lost key let the console start. Now a damaged key is a lost one for
// starting, and the file is kept as it is.
describe.each([
  ['emptied', '', /vault\.key is empty/],
  ['written over', 'abc', /vault\.key does not hold a 32-byte key; it may be damaged/],
])('a vault.key %s', (_how, content, damage) => {
  async function consoleWithDamagedKey(): Promise<{ dir: string; core: ConsoleCore }> {
    const temp = makeTempDir();
    cleanups.push(temp.remove);
    const setup = await createConsole({ dataDir: temp.dir, frontDoor: 'browser', keychain: 'off' });
    setup.profiles.update(setup.profiles.active().id, { listenerPort: 0 }, KEEP);
    await setup.close();
    writeFileSync(join(temp.dir, 'vault.key'), content);
    const core = await createConsole({
      dataDir: temp.dir,
      frontDoor: 'browser',
      keychain: 'off',
      background: true,
      startEmulator: false,
    });
    cleanups.push(() => core.close());
    return { dir: temp.dir, core };
  }

  it('the console starts, its listener stores each webhook unverified naming the damage, the file kept', async () => {
    const { dir, core } = await consoleWithDamagedKey();
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
    expect(JSON.stringify(detail)).toMatch(damage);
    // Settings says what is wrong and the way out, at every start.
    const warning = core.appInfo().vault.warning ?? '';
    expect(warning).toMatch(damage);
    expect(warning).toMatch(/move it aside .*profiles forget-secret/);
    expect(core.appInfo().vault.warningIsNew).toBe(true);
    expect(readFileSync(join(dir, 'vault.key'), 'utf8')).toBe(content);
  });

  it('commands answer, a token cannot be set (saying why), and moved aside a new key is made', async () => {
    const { dir, core } = await consoleWithDamagedKey();
    await core.close();
    const listed = await runCliCaptured(['--data-dir', dir, 'history']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stderr).toMatch(damage);
    const set = await runCliCaptured(['--data-dir', dir, 'profiles', 'set', 'Local', '--api-token', 'new']);
    expect(set.code).toBe(1);
    expect(set.stderr).toMatch(damage);
    expect(set.stderr).toMatch(/No token can be set here: .*move it aside/);
    expect(readFileSync(join(dir, 'vault.key'), 'utf8')).toBe(content);
    renameSync(join(dir, 'vault.key'), join(dir, 'vault.key.damaged'));
    const forgot = await runCliCaptured(['--data-dir', dir, 'profiles', 'forget-secret', 'Local', '--yes']);
    expect(forgot.code, forgot.stderr).toBe(0);
    const again = await runCliCaptured(['--data-dir', dir, 'profiles', 'set', 'Local', '--api-token', 'new']);
    expect(again.code, again.stderr).toBe(0);
    expect(readFileSync(join(dir, 'vault.key.damaged'), 'utf8')).toBe(content);
  });
});
