import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { withServiceToken } from '../../src/main/emulator/notification-url';
import { performHttpExchange } from '../../src/main/outbound/http-exchange';

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

/** A server that keeps the headers and body of each request it gets. */
async function recordingServer() {
  const seen: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, seen };
}

describe('what goes out is framed as the service and its client frame it', () => {
  it('a body goes with its Content-Length, not chunked', async () => {
    const server = await recordingServer();
    const outcome = await performHttpExchange({
      method: 'POST',
      url: server.url,
      headers: [['Content-Type', 'application/json']],
      body: Buffer.from('{"order_id":"é"}'),
      timeoutMs: 5000,
    });
    expect(outcome.status).toBe(200);
    expect(server.seen[0]?.headers['content-length']).toBe(String(Buffer.byteLength('{"order_id":"é"}')));
    expect(server.seen[0]?.headers['transfer-encoding']).toBeUndefined();
    expect(server.seen[0]?.body).toBe('{"order_id":"é"}');
  });

  it('a request that frames its body itself is sent as it says (a negative test may want chunked)', async () => {
    const server = await recordingServer();
    await performHttpExchange({
      method: 'POST',
      url: server.url,
      headers: [['Transfer-Encoding', 'chunked']],
      body: Buffer.from('{}'),
      timeoutMs: 5000,
    });
    expect(server.seen[0]?.headers['transfer-encoding']).toBe('chunked');
    expect(server.seen[0]?.headers['content-length']).toBeUndefined();
  });

  it('a request without a body has no Content-Length', async () => {
    const server = await recordingServer();
    await performHttpExchange({ method: 'GET', url: server.url, headers: [], body: null, timeoutMs: 5000 });
    expect(server.seen[0]?.headers['content-length']).toBeUndefined();
    expect(server.seen[0]?.headers['transfer-encoding']).toBeUndefined();
  });
});

describe('serviceToken is added to the notification URL as the merchant wrote it', () => {
  it('keeps the query byte for byte and appends the token', () => {
    expect(withServiceToken('http://127.0.0.1:4455/notify?shop=1&x=a%20b', 'h.p.s').href).toBe(
      'http://127.0.0.1:4455/notify?shop=1&x=a%20b&serviceToken=h.p.s',
    );
  });

  it('adds a query where there is none', () => {
    expect(withServiceToken('http://127.0.0.1:4455/notify', 'h.p.s').href).toBe(
      'http://127.0.0.1:4455/notify?serviceToken=h.p.s',
    );
  });

  it('replaces a serviceToken the URL already has, and sends none without a token', () => {
    expect(
      withServiceToken('http://127.0.0.1:4455/n?serviceToken=old&a=1', 'new').searchParams.getAll(
        'serviceToken',
      ),
    ).toEqual(['new']);
    expect(withServiceToken('http://127.0.0.1:4455/n?x=a%20b', null).href).toBe(
      'http://127.0.0.1:4455/n?x=a%20b',
    );
    expect(withServiceToken('http://127.0.0.1:4455/n?x=a%20b&serviceToken=old&y=~', null).href).toBe(
      'http://127.0.0.1:4455/n?x=a%20b&y=~',
    );
    expect(withServiceToken('http://127.0.0.1:4455/n?serviceToken=old&x=a%20b', 'new').href).toBe(
      'http://127.0.0.1:4455/n?x=a%20b&serviceToken=new',
    );
  });
});
