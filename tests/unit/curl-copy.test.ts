import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import type { CallContext } from '../../src/main/bridge/handlers';
import type { CurlCopy } from '../../src/shared/contract/timeline';
import { startFakeService, json } from './helpers/fake-service';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

const API_TOKEN = 'sk_test_CURLCOPY_0123456789';
const NEW_API_TOKEN = 'sk_test_CURLCOPY_rotated_9876';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJpYXQiOjE3MDAwMDAwMDB9.c2lnbmF0dXJlLXZhbHVl';

interface Setup {
  core: ConsoleCore;
  dataDir: string;
  dispose: () => Promise<void>;
  clipboard: string[];
  /** Every bridge answer and pushed event, as sent. */
  wire: string[];
  requestId: number;
  webhookId: number;
}

let service: Awaited<ReturnType<typeof startFakeService>>;
let setups: Setup[] = [];

beforeEach(async () => {
  service = await startFakeService((_request, res) => json(res, 200, { ok: true }));
});
afterEach(async () => {
  for (const setup of setups) await setup.dispose();
  setups = [];
  await service.close();
});

async function open(mode: 'browser' | 'desktop'): Promise<Setup> {
  const clipboard: string[] = [];
  const { core, dataDir, dispose } = await openTempConsole(
    mode === 'desktop'
      ? { frontDoor: 'desktop', desktopClipboard: (text) => void clipboard.push(text) }
      : { frontDoor: 'browser' },
  );
  const wire: string[] = [];
  core.bus.subscribe((event) => wire.push(JSON.stringify(event)));
  const sandbox = core.profiles.findByName('Sandbox');
  if (sandbox === undefined) throw new Error('seed profiles missing');
  core.profiles.update(
    sandbox.id,
    { baseUrl: service.url },
    { apiToken: { action: 'set', value: API_TOKEN }, notificationToken: { action: 'keep' } },
  );
  const sent = await core.merchantApi.sendCheckout({
    profileId: sandbox.id,
    body: { kind: 'json', payload: { order_reference_id: "REF-'1'" } },
    injectNotificationUrl: false,
    form: 'general',
  });
  const webhook = core.recorder.record({
    kind: 'webhook',
    method: 'POST',
    url: `http://127.0.0.1:4455/hooks?serviceToken=${JWT}`,
    path: '/hooks',
    query: `serviceToken=${JWT}`,
    requestHeaders: [
      ['Content-Type', 'application/json'],
      ['Authorization', `Bearer ${JWT}`],
    ],
    requestBody: Buffer.from('{"event_type":"order_approved"}'),
  });
  const setup = { core, dataDir, dispose, clipboard, wire, requestId: sent.eventId, webhookId: webhook.id };
  setups.push(setup);
  return setup;
}

async function copy(
  setup: Setup,
  input: { id: number; withToken?: boolean },
  transport: CallContext['transport'],
) {
  const result = await setup.core.dispatcher('copyAsCurl', input, { transport });
  setup.wire.push(JSON.stringify(result));
  return result;
}

const data = (result: Awaited<ReturnType<typeof copy>>): CurlCopy => {
  if (!result.ok) throw new Error(result.error.message);
  return result.data as CurlCopy;
};

describe('copyAsCurl in browser mode', () => {
  it('answers redacted commands, notification JWTs when asked, and refuses the API token pointing to the CLI', async () => {
    const setup = await open('browser');
    const redacted = data(await copy(setup, { id: setup.requestId }, 'websocket'));
    expect(redacted).toMatchObject({ copied: false, redacted: true });
    expect(redacted.command).toContain(`${service.url}/checkout`);
    expect(redacted.command).toContain(`--header 'Authorization: Bearer REDACTED'`);
    expect(redacted.command).toContain(`--data-raw '{\n  "order_reference_id": "REF-'\\''1'\\''"\n}'`);

    const webhook = data(await copy(setup, { id: setup.webhookId, withToken: true }, 'websocket'));
    expect(webhook).toMatchObject({ copied: false, redacted: false });
    expect(webhook.command).toContain(`serviceToken=${JWT}`);
    expect(webhook.command).toContain(`Authorization: Bearer ${JWT}`);
    const webhookRedacted = data(await copy(setup, { id: setup.webhookId }, 'websocket'));
    expect(webhookRedacted.command).not.toContain(JWT);

    const refused = await copy(setup, { id: setup.requestId, withToken: true }, 'websocket');
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.code).toBe('unavailable');
    expect(refused.error.message).toContain(
      `npx checkout-console --data-dir ${setup.dataDir} curl ${setup.requestId} --with-token`,
    );
    expect(setup.clipboard).toEqual([]);
    for (const message of setup.wire) expect(message).not.toContain(API_TOKEN);
  });

  it('says which record does not exist, and rejects a bad id by name', async () => {
    const setup = await open('browser');
    const missing = await copy(setup, { id: 9999 }, 'websocket');
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found' } });
    const bad = await copy(setup, { id: -1 }, 'websocket');
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input', issues: [{ path: 'id' }] } });
  });
});

describe('copyAsCurl in the desktop app', () => {
  it('main writes the command with the API token to the clipboard; the answer carries no token', async () => {
    const setup = await open('desktop');
    const copied = data(await copy(setup, { id: setup.requestId, withToken: true }, 'ipc'));
    expect(copied).toEqual({ command: null, copied: true, redacted: false, notes: [] });
    expect(setup.clipboard).toHaveLength(1);
    expect(setup.clipboard[0]).toContain(`--header 'Authorization: Bearer ${API_TOKEN}'`);
    expect(setup.clipboard[0]).not.toContain('••••');
    for (const message of setup.wire) expect(message).not.toContain(API_TOKEN);
  });

  it('uses the current token and says so when it changed since the request was sent', async () => {
    const setup = await open('desktop');
    const sandbox = setup.core.profiles.findByName('Sandbox');
    if (sandbox === undefined) throw new Error('seed profiles missing');
    setup.core.profiles.update(
      sandbox.id,
      {},
      { apiToken: { action: 'set', value: NEW_API_TOKEN }, notificationToken: { action: 'keep' } },
    );
    const copied = data(await copy(setup, { id: setup.requestId, withToken: true }, 'ipc'));
    expect(copied.notes).toEqual([
      `Profile "Sandbox"'s API token has changed since this request was sent (then ••••6789); the command uses the current one.`,
    ]);
    expect(setup.clipboard[0]).toContain(`Bearer ${NEW_API_TOKEN}`);

    setup.core.profiles.update(
      sandbox.id,
      {},
      { apiToken: { action: 'clear' }, notificationToken: { action: 'keep' } },
    );
    const cleared = await copy(setup, { id: setup.requestId, withToken: true }, 'ipc');
    expect(cleared).toMatchObject({ ok: false, error: { code: 'failed' } });
    if (!cleared.ok) expect(cleared.error.message).toContain('Profile "Sandbox" has no API token now');
    for (const message of setup.wire) {
      expect(message).not.toContain(API_TOKEN);
      expect(message).not.toContain(NEW_API_TOKEN);
    }
  });

  it('still refuses a browser tab (WebSocket) and copies nothing for it', async () => {
    const setup = await open('desktop');
    const refused = await copy(setup, { id: setup.requestId, withToken: true }, 'websocket');
    expect(refused).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    expect(setup.clipboard).toEqual([]);
  });

  it('answers redacted and notification-token commands in the window, as in the browser', async () => {
    const setup = await open('desktop');
    const redacted = data(await copy(setup, { id: setup.requestId }, 'ipc'));
    expect(redacted).toMatchObject({ copied: false, redacted: true });
    const webhook = data(await copy(setup, { id: setup.webhookId, withToken: true }, 'ipc'));
    expect(webhook.command).toContain(JWT);
    expect(setup.clipboard).toEqual([]);
  });
});

describe('checkout-console curl', () => {
  it('prints the redacted command, or with --with-token the API token and a warning; bad ids exit 2, unknown 1', async () => {
    const setup = await open('browser');
    await setup.core.close();
    const cli = (...argv: string[]) => runCliCaptured(['--data-dir', setup.dataDir, 'curl', ...argv]);

    const redacted = await cli(String(setup.requestId));
    expect(redacted.code).toBe(0);
    expect(redacted.stdout).toContain('Authorization: Bearer REDACTED');
    expect(redacted.stdout).not.toContain(API_TOKEN);
    expect(redacted.stderr).toContain('note: tokens are REDACTED; add --with-token to include them.');

    const withToken = await cli(String(setup.requestId), '--with-token');
    expect(withToken.code).toBe(0);
    expect(withToken.stdout).toMatch(new RegExp(`^curl --request POST ${service.url}/checkout`));
    expect(withToken.stdout).toContain(`Authorization: Bearer ${API_TOKEN}`);
    expect(withToken.stderr).toContain('warning: this command contains an API token');

    const webhook = await cli(String(setup.webhookId), '--with-token');
    expect(webhook.stdout).toContain(`serviceToken=${JWT}`);
    expect(webhook.stderr).not.toContain('API token');

    expect(await cli('abc')).toMatchObject({ code: 2, stderr: expect.stringContaining('<id>: "abc"') });
    expect(await cli('1', '--bogus')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("unknown option '--bogus'"),
    });
    expect(await cli('4242')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Timeline record 4242 does not exist'),
    });
  });
});
