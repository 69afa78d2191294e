import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { forwardHeaders, forwardTargetUrl, forwardWebhook } from '../../src/main/listener/forward-webhook';
import { payload, signWith } from '../fixtures/hostile-webhooks';
import { buildRawRequest, sendRaw } from './helpers/raw-http';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';
import { receivedWebhook } from './helpers/received-webhook';
import { withConsoleFile } from './helpers/console-file';
import { openTempConsole } from './helpers/temp-console';

interface Received {
  method: string;
  url: string;
  rawHeaders: string[];
  body: Buffer;
}

let open: ListeningConsole | null = null;
const servers: Server[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await open?.dispose();
  open = null;
  for (const cleanup of cleanups.splice(0)) await cleanup();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A stand-in merchant endpoint on loopback that records what reached it. */
async function merchant(answer: (req: IncomingMessage) => { status: number; body: string } | null) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        rawHeaders: req.rawHeaders,
        body: Buffer.concat(chunks),
      });
      const reply = answer(req);
      if (reply === null) return; // never answers: a timeout
      res.writeHead(reply.status, { 'Content-Type': 'text/plain', 'X-Merchant': 'yes' });
      res.end(reply.body);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { received, url: `http://127.0.0.1:${port}` };
}

/** The forward of a webhook once completed (it is written pending, before it leaves). */
async function waitForForward(listening: ListeningConsole, webhookId: number) {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const row = withConsoleFile(listening.core.dataDir, (db) =>
      db
        .prepare<[number], { id: number }>(
          "SELECT id FROM events WHERE kind = 'forward' AND related_id = ? AND (status IS NOT NULL OR error IS NOT NULL)",
        )
        .get(webhookId),
    );
    if (row !== undefined) return listening.core.events.getDetail(row.id);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no forward record');
}

describe('forward-to', () => {
  it('re-sends the exact bytes, headers (minus hop-by-hop) and query, and records the outcome', async () => {
    const endpoint = await merchant(() => ({ status: 202, body: 'merchant says ok' }));
    open = await openListeningConsole();
    open.core.listener.updateSettings({ forwardTo: `${endpoint.url}/hooks` });
    const port = Number(new URL(open.origin).port);
    const token = await signWith(open.secret, {});
    const body = Buffer.concat([Buffer.from(payload('order_captured')), Buffer.from([0x0a])]);
    const exchange = await sendRaw(
      port,
      buildRawRequest(port, {
        target: `/notify/v1?serviceToken=${token}&x=%20y`,
        headers: [
          ['Content-Type', 'application/json'],
          ['Authorization', `Bearer ${token}`],
          ['X-Trace', 'a'],
          ['x-trace', 'b'],
          ['Keep-Alive', 'timeout=5'],
          ['Proxy-Authorization', 'secret'],
        ],
        body,
      }),
    );
    const webhookId = (JSON.parse(exchange.body) as { id: number }).id;
    const forward = await waitForForward(open, webhookId);

    const [got] = endpoint.received;
    expect(got?.method).toBe('POST');
    expect(got?.url).toBe(`/hooks/notify/v1?serviceToken=${token}&x=%20y`);
    expect(got?.body.equals(body)).toBe(true);
    const pairs = (got?.rawHeaders ?? []).flatMap((value, index, all) =>
      index % 2 === 0 ? [[value, all[index + 1]]] : [],
    );
    expect(pairs).toEqual([
      ['Host', new URL(endpoint.url).host],
      ['Content-Type', 'application/json'],
      ['Authorization', `Bearer ${token}`],
      ['X-Trace', 'a'],
      ['x-trace', 'b'],
      // Marks it as a forward of this listener, so it is not forwarded again if it comes back.
      ['X-Checkout-Console-Forwarded', expect.stringMatching(/^[0-9a-f]{12}$/)],
      ['Content-Length', String(body.byteLength)],
      ['Connection', 'keep-alive'],
    ]);

    expect(forward).toMatchObject({
      kind: 'forward',
      relatedId: webhookId,
      status: 202,
      method: 'POST',
      url: `${endpoint.url}/hooks/notify/v1?serviceToken=${token}&x=%20y`,
      orderId: '6f1c0a8e-2f7b-4c1e-9d3a-5b8e7c6d4a21',
      eventType: 'order_captured',
      error: null,
      responseBody: { text: 'merchant says ok' },
    });
    expect(forward?.durationMs).toBeGreaterThan(0);
    expect(forward?.responseHeaders).toContainEqual(['X-Merchant', 'yes']);
    // The listener's own answer does not wait for the merchant.
    expect(exchange.status).toBe(200);
  });

  it('says why an answer that is not 2xx failed, as a replay does, and does not follow a redirect', async () => {
    const endpoint = await merchant((req) =>
      req.url?.startsWith('/moved') === true
        ? { status: 302, body: '' }
        : req.url?.startsWith('/fine') === true
          ? { status: 204, body: '' }
          : { status: 500, body: 'down' },
    );
    const webhook = receivedWebhook('test-listener');
    const temp = await openTempConsole();
    cleanups.push(temp.dispose);
    const { recorder } = temp.core;
    const failed = await forwardWebhook(recorder, webhook, endpoint.url);
    expect(failed).toMatchObject({ status: 500, error: 'The target answered 500.' });
    const moved = await forwardWebhook(recorder, webhook, `${endpoint.url}/moved`);
    expect(moved).toMatchObject({
      status: 302,
      error: 'The target answered 302 (a redirect, not followed).',
    });
    // Not followed: the merchant saw one request per forward.
    expect(endpoint.received).toHaveLength(2);
    expect(await forwardWebhook(recorder, webhook, `${endpoint.url}/fine`)).toMatchObject({
      status: 204,
      error: null,
    });
  });

  it('records a refused connection, naming what failed', async () => {
    const closed = await merchant(() => ({ status: 200, body: '' }));
    await new Promise((resolve) => servers.pop()?.close(resolve));
    open = await openListeningConsole();
    open.core.listener.updateSettings({ forwardTo: closed.url });
    const response = await sendRaw(
      Number(new URL(open.origin).port),
      buildRawRequest(Number(new URL(open.origin).port), { target: '/', body: '{}' }),
    );
    const forward = await waitForForward(open, (JSON.parse(response.body) as { id: number }).id);
    expect(forward).toMatchObject({
      status: null,
      details: { failure: { kind: 'refused', code: 'ECONNREFUSED' } },
    });
    expect(forward?.error).toMatch(/Connection refused/);
  });

  it('records a timeout and a TLS failure', async () => {
    const silent = await merchant(() => null);
    const webhook = receivedWebhook('test-listener');
    const temp = await openTempConsole();
    cleanups.push(temp.dispose);
    const { recorder } = temp.core;
    const timedOut = await forwardWebhook(recorder, webhook, silent.url, 200);
    expect(timedOut).toMatchObject({
      kind: 'forward',
      relatedId: 1,
      // Written whole, never answered: the merchant may have acted on it.
      details: { failure: { kind: 'timeout_after_sending' } },
    });
    expect(timedOut.error).toMatch(/no answer came within 0.2 s/);

    const plain = await merchant(() => ({ status: 200, body: 'plain http' }));
    const tls = await forwardWebhook(recorder, webhook, plain.url.replace('http:', 'https:'), 2000);
    expect(tls.details).toMatchObject({ failure: { kind: 'tls' } });
    // The same words as every outbound exchange (outbound/network-failure.ts): an https URL at a
    // plain-HTTP server in one sentence, never OpenSSL's dump.
    expect(tls.error).toBe(
      `${new URL(plain.url).host} answered in plain HTTP, not TLS: use http:// for it. (${String((tls.details as { failure: { code: string } }).failure.code)})`,
    );
  });

  it('builds the target like a tunnel and drops hop-by-hop headers (and those Connection names)', () => {
    expect(forwardTargetUrl('http://127.0.0.1:3000/hooks/', '/notify?a=1').href).toBe(
      'http://127.0.0.1:3000/hooks/notify?a=1',
    );
    expect(forwardTargetUrl('http://127.0.0.1:3000/hooks', '/').href).toBe('http://127.0.0.1:3000/hooks');
    expect(forwardTargetUrl('http://127.0.0.1:3000/?k=v', '/n?a=1').href).toBe(
      'http://127.0.0.1:3000/n?k=v&a=1',
    );
    const headers = forwardHeaders(
      [
        ['Host', 'old'],
        ['Connection', 'keep-alive, X-Drop'],
        ['X-Drop', '1'],
        ['TE', 'trailers'],
        ['Transfer-Encoding', 'chunked'],
        ['X-Keep', '2'],
      ],
      new URL('http://127.0.0.1:3000'),
      5,
    );
    expect(headers).toEqual([
      ['Host', '127.0.0.1:3000'],
      ['X-Keep', '2'],
      ['Content-Length', '5'],
    ]);
  });
});
