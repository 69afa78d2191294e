import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { TimelineDetail } from '../../src/shared/events';
import { DEFAULT_LISTENER_SETTINGS } from '../../src/shared/listener';
import type { EventRecorder } from '../../src/main/timeline/event-recorder';
import { forwardRefusal, namesListenerLiterally } from '../../src/main/listener/forward-guard';
import { forwardWebhook } from '../../src/main/listener/forward-webhook';
import { payload } from '../fixtures/hostile-webhooks';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';
import { serveListener, type ServedListener } from './helpers/webhook-server-harness';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A listener whose forward-to is `target(origin)`; its forwards are recorded as the app records them. */
async function forwardingListener(target: (origin: string) => string): Promise<{
  served: ServedListener;
  rowsOf: (kind: string) => TimelineDetail[];
}> {
  let forwardTo = 'http://127.0.0.1:1/';
  let recorder: EventRecorder | null = null;
  const served = await serveListener(
    {},
    {
      settings: () => ({ ...DEFAULT_LISTENER_SETTINGS, forwardTo }),
      forward: (webhook, to) => {
        if (recorder !== null) void forwardWebhook(recorder, webhook, to);
      },
    },
  );
  recorder = served.core.recorder;
  forwardTo = target(served.server.origin);
  cleanups.push(served.dispose);
  return { served, rowsOf: (kind) => served.rows().filter((row) => row.kind === kind) };
}

async function post(origin: string): Promise<number> {
  const response = await fetch(`${origin}/hooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: payload('order_approved'),
  });
  return response.status;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 600));

describe('forwarding never feeds itself', () => {
  it.each([
    'http://127.0.0.1:PORT/',
    'http://localhost:PORT/hooks',
    'http://LOCALHOST.:PORT/',
    'http://api.localhost:PORT/',
    'http://[::1]:PORT/',
    'http://0.0.0.0:PORT/',
    'http://0:PORT/',
    'http://[::]:PORT/',
    'http://127.1.2.3:PORT/',
    'http://2130706433:PORT/',
    'http://[::ffff:127.0.0.1]:PORT/',
    'http://[::ffff:0.0.0.0]:PORT/',
  ])('%s names the listener itself, whatever the spelling', (spelling) => {
    expect(namesListenerLiterally(new URL(spelling.replace('PORT', '4455')), 4455)).toBe(true);
    expect(namesListenerLiterally(new URL(spelling.replace('PORT', '4456')), 4455)).toBe(false);
  });

  it('another host is not the listener; a name needs a lookup, which decides', async () => {
    expect(namesListenerLiterally(new URL('http://10.0.0.5:4455/'), 4455)).toBe(false);
    expect(namesListenerLiterally(new URL('http://merchant.test:4455/'), 4455)).toBeNull();
    // A name that begins like a loopback address is still a name: only its lookup can tell.
    expect(namesListenerLiterally(new URL('http://127.merchant.test:4455/'), 4455)).toBeNull();
    const origin = { port: 4455, hopId: 'aaaaaaaaaaaa' };
    const loopbackName = await forwardRefusal([], new URL('http://merchant.test:4455/'), origin, async () => [
      '127.0.0.1',
    ]);
    expect(loopbackName).toMatchObject({
      failure: 'self',
      message: expect.stringMatching(/resolves to 127\.0\.0\.1, which is this listener itself/),
    });
    expect(
      await forwardRefusal([], new URL('http://merchant.test:4455/'), origin, async () => ['10.1.1.1']),
    ).toBeNull();
    const mappedUnspecified = await forwardRefusal(
      [],
      new URL('http://merchant.test:4455/'),
      origin,
      async () => ['::ffff:0.0.0.0'],
    );
    expect(mappedUnspecified).toMatchObject({ failure: 'self' });
  });

  it('a listener forwarding to itself stores the webhook once and records the refused forward: no loop', async () => {
    const { served, rowsOf } = await forwardingListener((origin) => origin.replace('127.0.0.1', 'localhost'));
    expect(await post(served.server.origin)).toBe(200);
    await settle();
    expect(rowsOf('webhook')).toHaveLength(1);
    const forwards = rowsOf('forward');
    expect(forwards).toHaveLength(1);
    expect(forwards[0]).toMatchObject({
      status: null,
      details: { failure: { kind: 'self', code: null } },
      error: expect.stringMatching(
        /^Not forwarded to http:\/\/localhost:\d+\/hooks: localhost:\d+ is this listener itself/,
      ),
    });
  });

  it('a chain through another hop comes back marked: stored, not forwarded again, and recorded so', async () => {
    // A relay that re-posts whatever it gets to the listener, headers and all (a tunnel, say).
    let listenerOrigin = '';
    const relay: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const onward = request(
          `${listenerOrigin}${req.url ?? '/'}`,
          { method: req.method, headers: req.headers },
          (answer) => {
            answer.resume();
            res.writeHead(answer.statusCode ?? 502).end();
          },
        );
        onward.end(Buffer.concat(chunks));
      });
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => relay.close(() => resolve())));
    const relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
    const { served, rowsOf } = await forwardingListener(() => relayUrl);
    listenerOrigin = served.server.origin;

    expect(await post(served.server.origin)).toBe(200);
    await settle();
    const webhooks = rowsOf('webhook');
    expect(webhooks).toHaveLength(2);
    const returned = webhooks.find((row) =>
      row.requestHeaders.some(([name]) => /^x-checkout-console-forwarded$/i.test(name)),
    );
    expect(returned).toBeDefined();
    // The copy is the listener's forward, not the service's own: it may not move the order again.
    expect(returned?.provenance).toBe('forward');
    expect(returned?.details).toMatchObject({
      forwardedCopy: { reason: expect.stringMatching(/a console listener's forward/i) },
    });
    expect(webhooks.find((row) => row !== returned)?.provenance).toBe('service');
    const forwards = rowsOf('forward');
    expect(forwards).toHaveLength(2);
    expect(forwards.find((row) => row.status === 200)).toBeDefined();
    expect(forwards.find((row) => row.relatedId === returned?.id)).toMatchObject({
      status: null,
      details: { failure: { kind: 'loop', code: null } },
      error: expect.stringMatching(
        /is a forward this listener sent earlier, come back through 0 other hop\(s\)/,
      ),
    });
  });
});

describe('forward-to that names the listener is refused where it is set', () => {
  let open: ListeningConsole | null = null;
  afterEach(async () => {
    await open?.dispose();
    open = null;
  });

  it('in the listener settings (app and browser mode): a clear error, nothing saved', async () => {
    open = await openListeningConsole();
    const { port } = new URL(open.origin);
    const listening = open;
    expect(() => listening.core.listener.updateSettings({ forwardTo: `http://[::1]:${port}/x` })).toThrow(
      /is this listener itself \(port \d+\): every webhook would be forwarded back to it without end/,
    );
    expect(open.core.listener.settings().forwardTo).toBeNull();
  });

  it('in listen --forward-to: exit 2 with the reason', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.remove);
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    await new Promise((resolve) => blocker.close(resolve));
    const run = await runCliCaptured([
      '--data-dir',
      temp.dir,
      'listen',
      '--port',
      String(port),
      '--forward-to',
      `http://localhost:${port}/`,
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--forward-to http:\/\/localhost:\d+\/ is this listener itself/);
  });
});
