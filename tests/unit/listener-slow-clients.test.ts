import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { payload } from '../fixtures/hostile-webhooks';
import type { ListenerLimits } from '../../src/main/listener/listener-limits';
import type { TimelineDetail } from '../../src/shared/events';
import { sendRaw, trickle } from './helpers/raw-http';
import { answerBody, serveListener, type ServedListener } from './helpers/webhook-server-harness';

let served: ServedListener | null = null;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await served?.dispose();
  served = null;
});

async function serve(limits: Partial<ListenerLimits>): Promise<ServedListener> {
  served = await serveListener(limits);
  return served;
}

/** A connection that sends the start of a request and then nothing (it holds its place). */
async function holdOpen(port: number, start = 'POST /held HTTP/1.1\r\nHost: x\r\n'): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write(start);
  return socket;
}

const drip = (bytes: number) => Array.from({ length: bytes }, () => 'x');

async function postWebhook(origin: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${origin}/hooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: payload('order_approved'),
  });
  await response.text();
  return { status: response.status, ms: performance.now() - started };
}

describe('slow clients are answered in bounded time, with the right status and words', () => {
  it('headers dripped a byte at a time: 408 Request Timeout after the header timeout, and a row', async () => {
    const { server, row } = await serve({ headersTimeoutMs: 1000 });
    const started = performance.now();
    const answer = await trickle(
      server.port,
      ['POST /drip HTTP/1.1\r\nHost: x\r\nX-Slow: ', ...drip(100)],
      100,
      15_000,
    );
    expect(performance.now() - started).toBeLessThan(4000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    const { id, received } = answerBody(answer);
    expect(received).toBe(false);
    expect(row(id ?? 0)).toMatchObject({
      status: 408,
      error: expect.stringMatching(
        /^The request headers were not complete 1 s after the request started; answered 408\./,
      ),
    });
  });

  it('a body dripped within the idle timeout but past the body timeout: 408 Request Timeout, not 400', async () => {
    const { server, row } = await serve({ bodyIdleTimeoutMs: 1000, bodyTimeoutMs: 1500 });
    const started = performance.now();
    const head = 'POST /drip HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n';
    const answer = await trickle(server.port, [head, ...drip(100)], 200, 15_000);
    expect(performance.now() - started).toBeLessThan(4000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(row(answerBody(answer).id ?? 0)).toMatchObject({
      status: 408,
      error: expect.stringMatching(
        /^The body was not complete 1\.5 s after the headers \(\d+ bytes arrived\); answered 408\./,
      ),
    });
  });

  it('over the connection cap: the newcomer gets 503 and a row; those already open are served', async () => {
    const { server, rows } = await serve({ maxConnections: 3, headersTimeoutMs: 10_000 });
    const held = [await holdOpen(server.port), await holdOpen(server.port), await holdOpen(server.port)];
    const answer = await sendRaw(
      server.port,
      Buffer.from('POST /late HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}'),
    );
    expect(answer.status).toBe(503);
    expect(answer.headers).toMatch(/^Retry-After: 1$/m);
    const refused = rows().find((record) => record.id === answerBody(`\r\n\r\n${answer.body}`).id);
    expect(refused).toMatchObject({
      status: 503,
      error: expect.stringMatching(
        /^3 connections were already open \(at most 3\); this one was answered 503/,
      ),
    });
    // One of those held finishes its request: served as usual.
    const first = held[0] as Socket;
    const reply = new Promise<string>((resolve) => first.once('data', (chunk) => resolve(String(chunk))));
    first.write('Content-Length: 2\r\nConnection: close\r\n\r\n{}');
    expect(await reply).toMatch(/^HTTP\/1\.1 200 OK/);
  });

  it('past the cap on slow connections, newcomers that are slow get 408 at once; a healthy sender is not held up', async () => {
    const { server, rows } = await serve({
      maxSlowConnections: 2,
      slowAfterMs: 300,
      headersTimeoutMs: 20_000,
    });
    const answers = [1, 2, 3, 4].map(() =>
      trickle(server.port, ['POST /slow HTTP/1.1\r\nHost: x\r\nX-Slow: ', ...drip(200)], 100, 3000),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const healthy = await postWebhook(server.origin);
    expect(healthy.status).toBe(200);
    expect(healthy.ms).toBeLessThan(1000);
    const settled = await Promise.all(answers);
    const refused = settled.filter((answer) => /^HTTP\/1\.1 408 Request Timeout/.test(answer));
    expect(refused).toHaveLength(2);
    const refusedRows = rows().filter((record) =>
      /other connections were also sending slowly/.test(record.error ?? ''),
    );
    expect(refusedRows).toHaveLength(2);
    expect(refusedRows[0]).toMatchObject({
      status: 408,
      error: expect.stringMatching(
        /^The request headers were still arriving 0\.3 s after the request started, while 2 other connections were also sending slowly \(at most 2 at once\)/,
      ),
    });
  });

  it('a slow body past the cap on slow connections is answered 408 with what arrived; the first is served', async () => {
    const { server, row } = await serve({ maxSlowConnections: 1, slowAfterMs: 300, bodyIdleTimeoutMs: 5000 });
    const head = 'POST /slow-body HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n';
    // Connection: close, so the first's answer ends when it is served: kept alive, it was read
    // only when trickle gave up 10 s in (the 200 came at 5 s).
    const first = trickle(
      server.port,
      [head.replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n'), ...drip(100)],
      50,
      10_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = await trickle(server.port, [head, ...drip(40)], 100, 8000);
    expect(second).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
    expect(row(answerBody(second).id ?? 0)).toMatchObject({
      status: 408,
      error: expect.stringMatching(
        /^The body was still arriving 0\.3 s after the request started, while 1 other connections/,
      ),
    });
    // The one that was slow first is served to the end.
    expect(await first).toMatch(/^HTTP\/1\.1 200 OK/);
  });
});

/** Resolves with the first stored row that matches, polling the store (a hang-up has no answer to wait on). */
async function rowWhere(
  listener: ServedListener,
  match: (record: TimelineDetail) => boolean,
  giveUpMs = 5000,
): Promise<TimelineDetail> {
  const until = performance.now() + giveUpMs;
  for (;;) {
    const found = listener.rows().find(match);
    if (found !== undefined) return found;
    if (performance.now() > until) throw new Error('No such row was stored');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Sends `bytes`, then ends (a half-close) or resets the connection; resolves with anything answered. */
async function sendThenLeave(port: number, bytes: string, leave: 'end' | 'reset'): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  socket.on('error', () => undefined);
  let answer = '';
  socket.on('data', (chunk) => {
    answer += String(chunk);
  });
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  await new Promise<void>((resolve) => socket.write(bytes, () => resolve()));
  // Long enough for the listener to have read the bytes before the client leaves.
  await new Promise((resolve) => setTimeout(resolve, 200));
  if (leave === 'end') socket.end();
  else socket.resetAndDestroy();
  await new Promise((resolve) => socket.once('close', resolve));
  return answer;
}

describe('a request that never gets past its headers: one row that says what happened', () => {
  const stalled = 'POST /slowone?serviceToken=abc HTTP/1.1\r\nHost: x\r\nX-Sender: evidence\r\n';
  const size = Buffer.byteLength(stalled);
  const noBytes = ' Node does not hand over the bytes of headers that never completed, so none are kept.';

  it('headers that stall past the header timeout: 408, and the row says how much arrived', async () => {
    const { server, row } = await serve({ headersTimeoutMs: 1000 });
    const answer = await trickle(server.port, [stalled], 100, 8000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(row(answerBody(answer).id ?? 0)).toMatchObject({
      status: 408,
      error: `The request headers were not complete 1 s after the request started; answered 408.${noBytes}`,
    });
  });

  it('the rest of the headers sent after the 408: not served, one row, and only the 408 answered', async () => {
    const listener = await serve({ headersTimeoutMs: 1000 });
    // Half-open, as the tester's script: it reads the FIN and still writes the rest.
    const socket = connect({ port: listener.server.port, host: '127.0.0.1', allowHalfOpen: true });
    sockets.push(socket);
    socket.on('error', () => undefined);
    let answer = '';
    socket.on('data', (chunk) => {
      answer += String(chunk);
    });
    const closed = new Promise((resolve) => socket.once('close', resolve));
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write('POST /slow2 HTTP/1.1\r\nHost: a\r\n');
    // The 408 is out before the rest comes (the tester's script waited past the timeout).
    await new Promise<void>((resolve) => socket.once('data', () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.end('Content-Length: 2\r\n\r\n{}');
    await closed;
    // Long enough for a request served from those bytes to have been stored (it was, as a 200).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(answer.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    const { id } = answerBody(answer);
    expect(listener.rows().map((record) => [record.id, record.status])).toEqual([[id, 408]]);
  });

  it('a hang-up during the headers: no status, nothing answered (it read "answered 400")', async () => {
    const listener = await serve({ headersTimeoutMs: 10_000 });
    const answer = await sendThenLeave(listener.server.port, stalled, 'end');
    expect(answer).toBe('');
    const stored = await rowWhere(listener, () => true);
    expect(stored).toMatchObject({
      status: null,
      error: `The client closed the connection after ${size} bytes, before the request headers were complete; nothing could be answered.${noBytes}`,
    });
    expect(listener.rows()).toHaveLength(1);
  });

  it('a reset during the headers is stored the same way; a connection that sent nothing is not', async () => {
    const listener = await serve({ headersTimeoutMs: 10_000 });
    await sendThenLeave(listener.server.port, '', 'reset');
    await sendThenLeave(listener.server.port, stalled, 'reset');
    const stored = await rowWhere(listener, () => true);
    expect(stored).toMatchObject({
      status: null,
      error: expect.stringMatching(
        /^The client closed the connection after \d+ bytes, before the request headers/,
      ),
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(listener.rows()).toHaveLength(1);
  });

  it('a slow-headers refusal past the cap on slow connections, then a hang-up: one row per connection', async () => {
    const { server, rows } = await serve({
      maxSlowConnections: 1,
      slowAfterMs: 300,
      headersTimeoutMs: 20_000,
    });
    const start = 'POST /crowd HTTP/1.1\r\nHost: x\r\nX-Slow: ';
    const answers = [1, 2].map(() => trickle(server.port, [start, ...drip(30)], 100, 3500));
    const settled = await Promise.all(answers);
    expect(settled.filter((answer) => /^HTTP\/1\.1 408/.test(answer))).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const refused = rows().filter((record) =>
      /other connections were also sending slowly/.test(record.error ?? ''),
    );
    expect(refused).toHaveLength(1);
    expect(refused[0]?.error).toMatch(/answered 408 after \d+ bytes\./);
    // The other connection hung up at the end of its trickle: its own row, no status.
    expect(
      rows()
        .map((record) => record.status)
        .sort(),
    ).toEqual([408, null]);
  });
});

describe('every request that reaches the port gets a row and an answer', () => {
  it('CONNECT: 405 with Allow: POST, stored with its target', async () => {
    const { server, row } = await serve({});
    const answer = await sendRaw(
      server.port,
      Buffer.from('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'),
    );
    expect(answer.status).toBe(405);
    expect(answer.headers).toMatch(/^Allow: POST$/m);
    expect(row(answerBody(`\r\n\r\n${answer.body}`).id ?? 0)).toMatchObject({
      method: 'CONNECT',
      url: 'example.com:443',
      status: 405,
      error: expect.stringMatching(/CONNECT is not accepted/),
    });
  });

  it('a malformed request pipelined after a valid one: both stored, the valid one answered, then closed', async () => {
    const { server, rows } = await serve({});
    const valid = `POST /first HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload('order_approved'))}\r\n\r\n${payload('order_approved')}`;
    const answer = await sendRaw(server.port, Buffer.from(`${valid}GARBAGE / HTTP/1.1\r\n\r\n`), {
      timeoutMs: 5000,
    });
    expect(answer.status).toBe(200);
    expect(answerBody(`\r\n\r\n${answer.body}`).received).toBe(true);
    const stored = rows();
    expect(stored).toHaveLength(2);
    expect(stored.find((record) => record.path === '/first')).toMatchObject({
      status: 200,
      bodyVerdict: 'event',
    });
    expect(stored.find((record) => record.path !== '/first')).toMatchObject({
      status: null,
      error: expect.stringMatching(
        /^Not a valid HTTP request \(HPE_INVALID_METHOD.*the connection was closed after the answer to the request before it/,
      ),
      requestBody: expect.objectContaining({ text: expect.stringContaining('GARBAGE') }),
    });
  });

  // A tester's POST pipelined in front of a CONNECT got only the CONNECT's 405; its own record
  // said "The client closed the connection before the answer was sent", which it had not.
  it('a CONNECT pipelined after a valid POST: the POST answered whole, then closed; both stored', async () => {
    const { server, rows } = await serve({});
    const valid = `POST /first HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload('order_approved'))}\r\n\r\n${payload('order_approved')}`;
    const answer = await sendRaw(
      server.port,
      Buffer.from(`${valid}CONNECT a:1 HTTP/1.1\r\nHost: a:1\r\n\r\n`),
      {
        timeoutMs: 5000,
      },
    );
    expect(answer.status).toBe(200);
    expect(answerBody(`\r\n\r\n${answer.body}`).received).toBe(true);
    const stored = rows();
    expect(stored).toHaveLength(2);
    expect(stored.find((record) => record.path === '/first')).toMatchObject({ status: 200, error: null });
    expect(stored.find((record) => record.method === 'CONNECT')).toMatchObject({
      status: null,
      error: expect.stringMatching(
        /^CONNECT is not accepted \(webhooks are POSTed\); the connection was closed after the answer to the request before it/,
      ),
    });
  });

  it.each([
    ['no Host header', 'POST /no-host HTTP/1.1\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}'],
    [
      'an Expect Node does not know',
      'POST /expect HTTP/1.1\r\nHost: x\r\nExpect: teapot\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
    ],
    ['HTTP/1.0', 'POST /old HTTP/1.0\r\nContent-Length: 2\r\n\r\n{}'],
  ])('%s: stored and answered by the listener, not by Node', async (_case, raw) => {
    const { server, rows } = await serve({});
    const answer = await sendRaw(server.port, Buffer.from(raw));
    expect(answer.status).toBe(200);
    expect(answerBody(`\r\n\r\n${answer.body}`)).toMatchObject({ received: true });
    expect(rows()).toHaveLength(1);
  });
});
