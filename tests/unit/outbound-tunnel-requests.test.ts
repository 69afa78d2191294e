import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { forwardWebhook } from '../../src/main/listener/forward-webhook';
import { performHttpExchange, type HttpOutcome } from '../../src/main/outbound/http-exchange';
import { networkFailureTitle } from '../../src/shared/merchant-api';
import { recordStatusWord } from '../../src/shared/record-status';
import { receivedWebhook } from './helpers/received-webhook';
import { afterThisTest } from './helpers/replay-targets';
import { openTempConsole } from './helpers/temp-console';

// Node's HTTP client never emits 'response' for a CONNECT (it emits 'connect') nor for an answer
// that switches protocols (101 with Upgrade: it emits 'upgrade'); with no listener for either it
// closes the socket and says nothing, so the exchange never settled: a replay's record stayed
// `waiting` and a CLI process ended with exit 13 (a promise left unsettled).

/** Well under every timeout the tests give: an exchange that settles only by it has hung. */
const SETTLES_WITHIN_MS = 3000;

/** The exchange's outcome, or a clear failure when it has not settled in time. */
async function settled<T>(pending: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined = undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} never settled (within ${SETTLES_WITHIN_MS} ms)`)),
      SETTLES_WITHIN_MS,
    );
  });
  try {
    return await Promise.race([pending, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A server of raw bytes: counts its connections and what came on them, and answers each request
 * with `answer` (nothing: it keeps the connection open, unanswered, until the test ends).
 */
async function rawServer(
  answer: string | null,
): Promise<{ url: string; connections: () => number; received: () => string }> {
  let connections = 0;
  let received = '';
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (answer !== null && received.includes('\r\n\r\n')) socket.write(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterThisTest(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    connections: () => connections,
    received: () => received,
  };
}

const SWITCHING =
  'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nX-Target: kept\r\n\r\nnot http';
const ANSWERED_405 = 'HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\nConnection: close\r\n\r\n';

const exchange = (method: string, url: string, headers: [string, string][] = []): Promise<HttpOutcome> =>
  settled(performHttpExchange({ method, url, headers, body: null, timeoutMs: 60_000 }), `a ${method}`);

describe('a CONNECT: a tunnel, not an exchange with an answer', () => {
  it.each(['CONNECT', 'connect'])(
    '%s is refused before anything is sent, saying why in one line',
    async (method) => {
      const target = await rawServer(ANSWERED_405);
      const outcome = await exchange(method, target.url);
      expect(outcome.status).toBeNull();
      // Its own kind, so every screen titles it as not sent, never "Network failure: other".
      expect(outcome.failure).toMatchObject({ kind: 'not_sent', code: null });
      expect(networkFailureTitle(outcome.failure ?? { kind: 'other' })).toMatch(/^Not sent: /);
      expect(outcome.failure?.message).toMatch(/^Not sent: a CONNECT request asks for a tunnel/);
      expect(outcome.failure?.message).not.toContain('\n');
      expect(target.connections()).toBe(0);
    },
  );
});

describe('an answer that switches protocols (101 with Upgrade)', () => {
  it('to a plain POST: the 101 is the answer, its headers kept, the connection closed', async () => {
    const target = await rawServer(SWITCHING);
    const outcome = await exchange('POST', target.url);
    expect(outcome.failure).toBeNull();
    expect(outcome.status).toBe(101);
    expect(outcome.headers).toContainEqual(['X-Target', 'kept']);
    // What follows is another protocol's bytes, not an HTTP body.
    expect(outcome.body?.byteLength).toBe(0);
  });

  it('to a request that asked for it (Upgrade, Connection: upgrade): sent as given, answered 101', async () => {
    const target = await rawServer(SWITCHING);
    const outcome = await exchange('GET', target.url, [
      ['Connection', 'Upgrade'],
      ['Upgrade', 'websocket'],
    ]);
    expect(outcome.status).toBe(101);
    expect(target.received()).toContain('Upgrade: websocket\r\n');
  });

  it('a request that asked for it and got an ordinary answer: that answer', async () => {
    const target = await rawServer(ANSWERED_405);
    const outcome = await exchange('GET', target.url, [
      ['Connection', 'Upgrade'],
      ['Upgrade', 'websocket'],
    ]);
    expect(outcome.status).toBe(405);
  });
});

it('a method Node refuses to write settles at once, naming it', async () => {
  const target = await rawServer(ANSWERED_405);
  const outcome = await exchange('NOT A METHOD', target.url);
  expect(outcome.failure?.message).toContain('NOT A METHOD');
  expect(target.connections()).toBe(0);
});

describe('a forward of such a webhook ends, never `waiting`', () => {
  it('a CONNECT: recorded failed with the reason, nothing sent', async () => {
    const target = await rawServer(ANSWERED_405);
    const temp = await openTempConsole();
    afterThisTest(temp.dispose);
    const webhook = { ...receivedWebhook('tunnel-test'), method: 'CONNECT' };
    const forward = await settled(forwardWebhook(temp.core.recorder, webhook, target.url), 'the forward');
    expect(forward.status).toBeNull();
    expect(forward.error).toMatch(/^Not sent: a CONNECT request asks for a tunnel/);
    expect(recordStatusWord({ status: forward.status ?? null, error: forward.error ?? null })).toBe('failed');
    expect(target.connections()).toBe(0);
  });

  it('a target that answers 101: recorded with that answer, said as not taken', async () => {
    const target = await rawServer(SWITCHING);
    const temp = await openTempConsole();
    afterThisTest(temp.dispose);
    const forward = await settled(
      forwardWebhook(temp.core.recorder, receivedWebhook('switching-test'), target.url),
      'the forward',
    );
    expect(forward.status).toBe(101);
    expect(forward.error).toContain('answered 101');
  });
});
