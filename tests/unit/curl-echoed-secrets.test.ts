import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import type { CurlCopy } from '../../src/shared/contract/timeline';
import { startFakeService, json } from './helpers/fake-service';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

// `curl --with-token` resent a record's stored bytes exactly, so a profile token echoed in the
// body (an API token pasted into a description, the notification secret sent back in a
// webhook) was printed, and reached the window in "Copy as cURL" for a webhook. --with-token
// asks for the token a header carries; a profile token elsewhere stays REDACTED unless
// --exact-bytes asks for the stored bytes as they are (the command line only).

const API_TOKEN = 'sk_test_ECHOED_0123456789';
const NOTIFICATION_SECRET = 'notification-secret-ECHOED-42';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJpYXQiOjE3MDAwMDAwMDB9.c2lnbmF0dXJlLXZhbHVl';

let service: Awaited<ReturnType<typeof startFakeService>>;
let core: ConsoleCore;
let dataDir = '';
let dispose: () => Promise<void> = async () => undefined;
let requestId = 0;
let webhookId = 0;
let binaryId = 0;
let rawId = 0;
const cli = (...argv: string[]) => runCliCaptured(['--data-dir', dataDir, 'curl', ...argv]);
const occurrences = (text: string, secret: string) => text.split(secret).length - 1;

beforeAll(async () => {
  service = await startFakeService((_request, res) => json(res, 200, { ok: true }));
  ({ core, dataDir, dispose } = await openTempConsole({ frontDoor: 'desktop', desktopClipboard: () => {} }));
  const sandbox = core.profiles.findByName('Sandbox');
  if (sandbox === undefined) throw new Error('seed profiles missing');
  core.profiles.update(
    sandbox.id,
    { baseUrl: service.url },
    {
      apiToken: { action: 'set', value: API_TOKEN },
      notificationToken: { action: 'set', value: NOTIFICATION_SECRET },
    },
  );
  const sent = await core.merchantApi.sendCheckout({
    profileId: sandbox.id,
    body: { kind: 'json', payload: { order_reference_id: 'REF-1', description: `key ${API_TOKEN}` } },
    injectNotificationUrl: false,
    form: 'general',
  });
  requestId = sent.eventId;
  const webhookParts = {
    kind: 'webhook' as const,
    method: 'POST',
    url: `http://127.0.0.1:4455/hooks?serviceToken=${JWT}`,
    path: '/hooks',
    query: `serviceToken=${JWT}`,
    requestHeaders: [
      ['Content-Type', 'application/json'],
      ['Authorization', `Bearer ${JWT}`],
    ] as [string, string][],
  };
  webhookId = core.recorder.record({
    ...webhookParts,
    requestBody: Buffer.from(JSON.stringify({ echo: NOTIFICATION_SECRET })),
  }).id;
  // Not UTF-8 (0xff): the body goes as base64, where an echoed token hides from a text search.
  binaryId = core.recorder.record({
    ...webhookParts,
    requestBody: Buffer.concat([Buffer.from([0xff]), Buffer.from(` ${NOTIFICATION_SECRET} `)]),
  }).id;
  // Bytes Node could not parse: offered as bytes to send again with nc.
  rawId = core.recorder.record({
    kind: 'webhook',
    method: null,
    url: 'http://127.0.0.1:47101',
    path: null,
    status: 400,
    requestBody: Buffer.from(`GARBAGE ${NOTIFICATION_SECRET}\r\n\r\n`),
  }).id;
});
afterAll(async () => {
  await dispose();
  await service.close();
});

/** Every byte sequence an output carries as base64, decoded. */
const decodedBase64 = (output: string) =>
  [...output.matchAll(/[A-Za-z0-9+/]{16,}={0,2}/g)]
    .map(([run]) => Buffer.from(run, 'base64').toString('latin1'))
    .join('\n');

describe('curl --with-token', () => {
  it('puts the API token in the header only; one echoed in the body stays REDACTED, and says so', async () => {
    const run = await cli(String(requestId), '--with-token');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Authorization: Bearer ${API_TOKEN}`);
    expect(occurrences(run.stdout, API_TOKEN)).toBe(1);
    expect(run.stdout).toContain('key REDACTED');
    expect(run.stderr).toContain('--exact-bytes');
  });

  it('keeps the notification JWT it carried but not a profile token the body echoes', async () => {
    const run = await cli(String(webhookId), '--with-token');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`serviceToken=${JWT}`);
    expect(run.stdout).not.toContain(NOTIFICATION_SECRET);
    expect(run.stderr).toContain('--exact-bytes');
  });

  it('nor inside a body that is not UTF-8, nor in raw bytes it could not parse', async () => {
    const binary = await cli(String(binaryId), '--with-token');
    expect(binary.code, binary.stderr).toBe(0);
    expect(decodedBase64(binary.stdout)).not.toContain(NOTIFICATION_SECRET);
    const raw = await cli(String(rawId), '--with-token');
    expect(`${raw.stdout}${raw.stderr}${decodedBase64(raw.stderr)}`).not.toContain(NOTIFICATION_SECRET);
  });

  it('with --exact-bytes: the stored bytes as they are, with a warning', async () => {
    const run = await cli(String(webhookId), '--with-token', '--exact-bytes');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(NOTIFICATION_SECRET);
    expect(run.stderr).toContain('warning:');
  });
});

describe('Copy as cURL in the window', () => {
  it('never brings an echoed profile token to the window, and refuses exact bytes there', async () => {
    const answer = await core.dispatcher(
      'copyAsCurl',
      { id: webhookId, withToken: true },
      { transport: 'ipc' },
    );
    if (!answer.ok) throw new Error(answer.error.message);
    const copied = answer.data as CurlCopy;
    expect(copied.command).toContain(JWT);
    expect(JSON.stringify(copied)).not.toContain(NOTIFICATION_SECRET);
    for (const transport of ['ipc', 'websocket'] as const) {
      const refused = await core.dispatcher(
        'copyAsCurl',
        { id: webhookId, withToken: true, exactBytes: true },
        { transport },
      );
      expect(refused.ok).toBe(false);
    }
  });
});
