import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startRecordingServer, type RecordingServer } from './helpers/http';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

const ORDER = '0f8fad5b-d9cb-469f-a165-70867728950e';

let dataDir = '';
let dispose: () => Promise<void> = async () => undefined;
let webhookIds: number[] = [];
let requestId = 0;
let rawId = 0;
let connectId = 0;
let server: Server;
let target = '';
const received: string[] = [];

const replay = (...argv: string[]) => runCliCaptured(['--data-dir', dataDir, 'replay', ...argv]);

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push(body);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  target = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;

  const opened = await openTempConsole();
  dataDir = opened.dataDir;
  dispose = opened.dispose;
  const webhook = (reference: string, atMs: number) => ({
    kind: 'webhook' as const,
    method: 'POST',
    path: '/hooks',
    status: 200,
    orderId: ORDER,
    eventType: 'order_approved',
    tokenVerdict: 'missing' as const,
    bodyVerdict: 'event' as const,
    requestBody: Buffer.from(
      JSON.stringify({ order_id: ORDER, event_type: 'order_approved', order_reference_id: reference }),
    ),
    atMs,
  });
  const recorded = opened.core.recorder.recordMany([
    webhook('REF-1', Date.parse('2026-01-15T10:00:00Z')),
    webhook('REF-2', Date.parse('2026-01-15T10:01:00Z')),
    {
      kind: 'request',
      method: 'POST',
      path: '/checkout',
      status: 200,
      atMs: Date.parse('2026-01-15T10:02:00Z'),
    },
    // Bytes the listener could not read as HTTP: stored with no method and no target.
    {
      kind: 'webhook',
      url: 'http://127.0.0.1:4455',
      status: 400,
      error: 'Not a valid HTTP request (HPE_INVALID_METHOD: Invalid method encountered); answered 400.',
      requestBody: Buffer.from('GARBAGE LINE\r\n\r\n'),
      atMs: Date.parse('2026-01-15T10:03:00Z'),
    },
    // A CONNECT the listener answered 405 and stored, as it stores one (webhook-server.ts).
    {
      kind: 'webhook',
      method: 'CONNECT',
      url: 'evil:443',
      status: 405,
      error: 'CONNECT is not accepted (webhooks are POSTed); answered 405 and stored it anyway.',
      requestHeaders: [['Host', 'evil:443']],
      atMs: Date.parse('2026-01-15T10:04:00Z'),
    },
  ]);
  webhookIds = recorded.slice(0, 2).map((summary) => summary.id);
  requestId = recorded[2]?.id ?? 0;
  rawId = recorded[3]?.id ?? 0;
  connectId = recorded[4]?.id ?? 0;
  await opened.core.close();
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await dispose().catch(() => undefined);
});

describe('checkout-console replay', () => {
  it('sends the stored webhooks again through the Replay view’s command and prints the summary', async () => {
    const before = received.length;
    const run = await replay(...webhookIds.map(String), '--to', target, '--repeat', '2');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^4 of 4 done \(0 failed\) at \d+\.\d\/s; records \d+, \d+, \d+, \d+\n$/);
    expect(
      received
        .slice(before)
        .map((body) => (JSON.parse(body) as { order_reference_id: string }).order_reference_id),
    ).toEqual(['REF-1', 'REF-2', 'REF-1', 'REF-2']);
  });

  it('says why a send failed: a target where nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const run = await replay(String(webhookIds[0]), '--to', `http://127.0.0.1:${port}/hooks`);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^1 of 1 done \(1 failed\)/);
    expect(run.stderr).toMatch(/^failed: .*refused/im);
  });

  it('prints the finished progress as JSON with --json', async () => {
    const run = await replay(String(webhookIds[0]), '--to', target, '--json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      total: 1,
      done: 1,
      failures: 0,
      finished: true,
      cancelled: false,
      error: null,
    });
    // docs/replay.md lists every field the summary has (it left out `error`).
    const manual = readFileSync(join(import.meta.dirname, '../../docs/replay.md'), 'utf8');
    const listed = /`--json`:\s*`\{ ([^}]*) \}`/.exec(manual)?.[1]?.split(', ');
    expect(listed?.sort()).toEqual(Object.keys(JSON.parse(run.stdout) as object).sort());
  });

  it.each([
    [['--repeat', '1001'], '--repeat: Repeat at most 1000 times (not "1001")'],
    [['--concurrency', '65'], '--concurrency: At most 64 at once (not "65")'],
    [['--delay-ms', '60001'], '--delay-ms: The delay is at most 60000 ms (not "60001")'],
    [['--repeat', 'twice'], '--repeat: must be a whole number (not "twice")'],
    [['--to', 'ftp://example.com/'], '--to: The replay URL must be an http:// or https:// URL'],
    [['--to', 'http://127.0.0.1:99999/hooks'], "--to: The replay URL's port 99999 is not a port (1–65535)"],
    [['--to', 'http://127.0.0.1:abc/hooks'], "--to: The replay URL's port abc is not a port (1–65535)"],
    [
      ['--to', 'http://127.0.0.1:0/hooks'],
      "--to: The replay URL's port 0 is not a port a request can go to (1–65535)",
    ],
    [['--to', 'http://user:pw@127.0.0.1:9/hooks'], '--to: Remove the user name or password from the URL'],
  ])('%j gets the contract’s limit, named as the flag; exit 2 and nothing sent', async (flags, message) => {
    const before = received.length;
    const run = await replay(String(webhookIds[0]), '--to', target, ...flags);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`error: ${message}`);
    expect(run.stdout).toBe('');
    expect(received.length).toBe(before);
  });

  it('names the id argument for a bad id, and says why a record cannot be replayed', async () => {
    expect(await replay('0', '--to', target)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('<id...>: '),
    });
    expect(await replay('abc', '--to', target)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('<id...>: record ids are numbers'),
    });
    // A missing record is a command that ran and failed, said as `curl` says it (exit 1).
    expect(await replay('999999', '--to', target)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Timeline record 999999 does not exist (it may have been removed).'),
    });
    expect(await replay(String(requestId), '--to', target)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('is a request, not a webhook'),
    });
  });

  it('a stored CONNECT in a batch is refused before sending, in one line; the others go and the summary is printed', async () => {
    const before = received.length;
    const run = await replay(String(webhookIds[0]), String(connectId), String(webhookIds[1]), '--to', target);
    expect(run.code).toBe(1);
    // Not sent, in the Replay view's words: never counted as replayed, nor as failed.
    expect(run.stdout).toMatch(/^3 of 3 done \(1 not sent\) at \d+\.\d\/s; records \d+, \d+, \d+\n$/);
    expect(run.stderr).toMatch(/^not sent: a CONNECT request asks for a tunnel[^\n]*\n$/);
    expect(
      received
        .slice(before)
        .map((body) => (JSON.parse(body) as { order_reference_id: string }).order_reference_id),
    ).toEqual(['REF-1', 'REF-2']);
  });

  it('refuses a raw request (bytes the listener could not read as HTTP) rather than make up a POST of them', async () => {
    const before = received.length;
    const run = await replay(String(rawId), '--to', target);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(
      `Webhook #${rawId} is a raw request: the listener stored the bytes that arrived, not a method and a target it could read`,
    );
    expect(run.stderr).toContain('there is no request to replay');
    expect(received.length).toBe(before);
  });
});

// Compared as text, another spelling of a live profile's address was sent with no --yes-live.
describe("replay --to a live profile's address, however it is spelled", () => {
  let live: RecordingServer;
  let port = '';
  let arrived: string[] = [];
  const profiles = (...argv: string[]) => runCliCaptured(['--data-dir', dataDir, 'profiles', ...argv]);

  beforeAll(async () => {
    live = await startRecordingServer();
    port = String(live.port);
    arrived = live.arrived;
  });
  // Each test finds Live as it was (its base URL the placeholder, no public listener URL) and
  // counts only what it sent, whichever of them ran before it.
  const restoreLive = () =>
    profiles('set', 'Live', '--public-listener-url', 'none', '--base-url', 'https://api.example.com');
  beforeEach(async () => {
    expect((await restoreLive()).code).toBe(0);
    arrived.splice(0);
  });
  afterAll(async () => {
    await restoreLive();
    await live.close();
  });

  const expectRefused = async (url: string) => {
    const run = await replay(String(webhookIds[0]), '--to', url);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`error: ${url} belongs to a live profile ("Live", its `);
    // In a terminal the way to confirm is the command's own flag, not "the UI".
    expect(run.stderr).toContain('a replay to it reaches production. Pass --yes-live to confirm it.');
    expect(run.stderr).not.toContain('in the UI');
    expect(run.stdout).toBe('');
    expect(arrived).toEqual([]);
  };

  it.each([
    'http://127.0.0.1:PORT/hook',
    'http://localhost:PORT/hook',
    'http://[::ffff:127.0.0.1]:PORT/hook',
    'http://[::ffff:7f00:1]:PORT/hook',
    'http://localhost.:PORT/hook',
    'http://[::1]:PORT/hook',
  ])('public listener URL http://127.0.0.1:PORT/hook; --to %s needs --yes-live (exit 2)', async (spelled) => {
    expect(
      (await profiles('set', 'Live', '--public-listener-url', `http://127.0.0.1:${port}/hook`)).code,
    ).toBe(0);
    await expectRefused(spelled.replace('PORT', port));
  });

  it('base URL http://localhost:PORT; --to http://localhost.:PORT/x needs --yes-live, and with it is sent', async () => {
    expect(
      (
        await profiles(
          'set',
          'Live',
          '--public-listener-url',
          'none',
          '--base-url',
          `http://localhost:${port}`,
        )
      ).code,
    ).toBe(0);
    await expectRefused(`http://localhost.:${port}/x`);
    const confirmed = await replay(String(webhookIds[0]), '--to', `http://127.0.0.1:${port}/x`, '--yes-live');
    expect(confirmed.code).toBe(0);
    expect(arrived).toEqual(['/x']);
  });
});
