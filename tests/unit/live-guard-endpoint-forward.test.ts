import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsole, type ConsoleCore } from '../../src/main/app';
import { runListen } from '../../src/main/cli/commands/listen';
import { captureCliContext } from './helpers/captured-cli-context';
import { startRecordingServer, type RecordingServer } from './helpers/http';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

// A replay --to a live profile's address was refused without --yes-live, but check-endpoint sent
// its 18 signed requests there unasked, and listen --forward-to (or the Listener form's Forward
// to) forwarded every webhook there: every send to a live address is guarded alike, in replay's words.

const temp = makeTempDir('cc-live-guard-');
const dataDir = join(temp.dir, 'data');
let live: RecordingServer;
let port = '';
let arrived: string[] = [];

const cli = (...argv: string[]) => runCliCaptured(['--data-dir', dataDir, ...argv]);

beforeAll(async () => {
  live = await startRecordingServer();
  port = String(live.port);
  arrived = live.arrived;
  // Live's public listener URL (a tunnel to the production merchant's endpoint) on the stub.
  expect(
    (await cli('profiles', 'set', 'Live', '--public-listener-url', `http://127.0.0.1:${port}/hooks`)).code,
  ).toBe(0);
});
afterAll(async () => {
  await live.close();
  temp.remove();
});

/** The refusal replay --to gives, for `what` sent to `url`: exit 2, nothing sent. */
function expectRefused(run: { code: number; stdout: string; stderr: string }, url: string, what: string) {
  expect(run.code).toBe(2);
  expect(run.stderr).toContain(
    `error: ${url} belongs to a live profile ("Live", its public listener URL http://127.0.0.1:${port}/hooks): ${what} to it reaches production. Pass --yes-live to confirm it.`,
  );
  expect(run.stderr).not.toContain('in the UI');
  expect(arrived).toEqual([]);
}

describe("check-endpoint to a live profile's address", () => {
  it('is refused without --yes-live (exit 2), however the address is spelled, and sent with it', async () => {
    arrived.splice(0);
    const url = `http://localhost:${port}/hooks`;
    const refused = await cli('check-endpoint', url, '--notification-token', 'anysecret');
    expectRefused(refused, url, 'an endpoint check');
    expect(refused.stdout).toBe('');
    const confirmed = await cli('check-endpoint', url, '--notification-token', 'anysecret', '--yes-live');
    expect(confirmed.stderr).not.toContain('belongs to a live profile');
    expect(arrived.length).toBeGreaterThan(0);
  });
});

describe("listen --forward-to a live profile's address", () => {
  it('is refused without --yes-live (exit 2) before the listener starts', async () => {
    arrived.splice(0);
    const url = `http://[::1]:${port}/fw`;
    const refused = await cli('listen', '--port', '0', '--forward-to', url);
    expectRefused(refused, url, 'forwarding webhooks');
    expect(refused.stdout).not.toContain('Listening on');
  });

  it('starts with --yes-live, and says where it forwards', async () => {
    const run = captureCliContext({ dataDir });
    let stop: () => void = () => undefined;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const finished = runListen(
      run.context,
      { port: '0', forwardTo: `http://127.0.0.1:${port}/fw`, yesLive: true },
      stopped,
    );
    for (let i = 0; i < 500 && !run.out().includes('Listening on'); i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    stop();
    await finished;
    expect(run.out()).toContain('Listening on');
    expect(run.err()).toContain(`Forwarding to http://127.0.0.1:${port}/fw (--forward-to)`);
  });
});

describe('the same guard behind the UI (the contract both front doors call)', () => {
  let core: ConsoleCore;
  beforeAll(async () => {
    core = await createConsole({ dataDir, frontDoor: 'browser', keychain: 'off', startListener: false });
  });
  afterAll(() => core.close());

  it('checkEndpoint is refused unconfirmed, with both ways to confirm', async () => {
    arrived.splice(0);
    const url = `http://127.0.0.1:${port}/hooks`;
    const result = await core.dispatcher(
      'checkEndpoint',
      { url, secret: 'anysecret' },
      { transport: 'direct' },
    );
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'live_confirmation_required',
        message: `${url} belongs to a live profile ("Live", its public listener URL ${url}): an endpoint check to it reaches production. Confirm it in the UI, or pass --yes-live on the command line.`,
      },
    });
    expect(arrived).toEqual([]);
  });

  it('updateListenerSettings refuses a forward-to on a live address unconfirmed, and saves it confirmed', async () => {
    const url = `http://localhost:${port}/fw`;
    const refused = await core.dispatcher(
      'updateListenerSettings',
      { forwardTo: url },
      { transport: 'direct' },
    );
    expect(refused).toMatchObject({ ok: false, error: { code: 'live_confirmation_required' } });
    expect(core.listener.settings().forwardTo).toBeNull();
    const saved = await core.dispatcher(
      'updateListenerSettings',
      { forwardTo: url, confirmLive: true },
      { transport: 'direct' },
    );
    expect(saved).toMatchObject({ ok: true, data: { forwardTo: url } });
    // Another setting saved beside it asks nothing again: only a forward-to given is judged.
    const other = await core.dispatcher(
      'updateListenerSettings',
      { respondStatus: 202 },
      { transport: 'direct' },
    );
    expect(other.ok).toBe(true);
  });
});
