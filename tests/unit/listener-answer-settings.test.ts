import { createServer } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LISTENER_SETTINGS, type ListenerSettings } from '../../src/shared/listener';
import type { TimelineDetail } from '../../src/shared/events';
import { withConsoleFile } from './helpers/console-file';
import { openListeningConsole } from './helpers/listening-console';
import { buildRawRequest, sendRaw } from './helpers/raw-http';
import { serveListener, type ServedListener } from './helpers/webhook-server-harness';

// The answer settings at their edges: a status that carries no body, and a long delay that
// the client, or the console itself, does not wait out. The row must say what went out.

let served: ServedListener | null = null;
const sockets: Socket[] = [];
afterEach(async () => {
  sockets.splice(0).forEach((socket) => socket.destroy());
  await served?.dispose();
  served = null;
});

const answering = (settings: Partial<ListenerSettings>) => () => ({
  ...DEFAULT_LISTENER_SETTINGS,
  ...settings,
});

/** A complete webhook written on a connection left open (the answer is not awaited). */
function sendAndHold(port: number): Socket {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.write(buildRawRequest(port, { target: '/held', body: '{}' }));
  sockets.push(socket);
  return socket;
}

async function eventually<T>(read: () => T | undefined, what: string): Promise<T> {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never: ${what}`);
}

describe('a status that carries no body', () => {
  it.each([204, 304])('%i goes out without a body or a Content-Length, and is stored so', async (status) => {
    served = await serveListener({}, { settings: answering({ respondStatus: status }) });
    const { port } = served.server;
    const answer = await sendRaw(port, buildRawRequest(port, { target: '/n', body: '{}' }));
    expect(answer.status).toBe(status);
    expect(answer.headers).not.toMatch(/content-length/i);
    const [row] = served.rows();
    expect(row?.status).toBe(status);
    expect(row?.responseHeaders?.some(([name]) => name.toLowerCase() === 'content-length')).toBe(false);
    expect(row?.responseBody).toBeNull();
  });
  // 205 Reset Content must carry no content either (RFC 9110 15.3.6), but Node frames a body for
  // it as for any status: it went out with the listener's JSON. It now says Content-Length: 0.
  it('205 goes out with Content-Length: 0 and nothing after it', async () => {
    served = await serveListener({}, { settings: answering({ respondStatus: 205 }) });
    const { port } = served.server;
    const answer = await sendRaw(port, buildRawRequest(port, { target: '/n', body: '{}' }));
    expect(answer.status).toBe(205);
    expect(answer.headers).toMatch(/content-length: 0/i);
    expect(answer.body).toBe('');
    expect(served.rows()[0]?.responseBody).toBeNull();
  });
});

describe('a client that half-closes after its request (it sends FIN, then reads)', () => {
  // Node's HTTP server ends a connection whose client half-closed, so an answer not yet written
  // (a token being verified) went nowhere, while its row said 200 was answered: Node still
  // reports such a response finished. The answer now goes out, and the row is true.
  it('still gets its answer when the token takes time to verify, and the row says what went out', async () => {
    served = await serveListener(
      {},
      {
        // As a JWT's HMAC is checked (asynchronously): the FIN is read before the answer is written.
        verification: async () => {
          await new Promise((resolve) => setTimeout(resolve, 150));
          return { key: null, label: 'none' };
        },
      },
    );
    const { port } = served.server;
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      const received: Buffer[] = [];
      socket.on('data', (chunk) => received.push(chunk));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(Buffer.concat(received).toString('utf8')));
      socket.end(buildRawRequest(port, { target: '/half', body: '{}' }));
      sockets.push(socket);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    const [row] = served.rows();
    expect(row).toMatchObject({ status: 200, error: null });
    expect(answer).toContain(row?.responseBody?.text ?? 'no body stored');
  });
});

describe('a response delay not waited out', () => {
  // A console killed (kill -9) during the delay leaves the row as it was written before the
  // delay: that row must hold the request and claim no answer, only the one planned.
  it('the row as stored while the answer waits claims no answer: only the request, and the plan', async () => {
    served = await serveListener({}, { settings: answering({ responseDelayMs: 120_000 }) });
    const current = served;
    sendAndHold(current.server.port);
    const stored = await eventually(() => current.rows()[0], 'the row');
    expect(stored).toMatchObject({
      status: null,
      error: null,
      durationMs: null,
      responseHeaders: null,
      responseBody: null,
      details: { response: { status: 200, delayMs: 120_000 } },
    });
    expect(stored.requestBody?.text).toBe('{}');
  });

  it('an answer that went out after its delay is stored once it went out, as it went out', async () => {
    served = await serveListener({}, { settings: answering({ respondStatus: 202, responseDelayMs: 150 }) });
    const current = served;
    const { port } = current.server;
    const answer = await sendRaw(port, buildRawRequest(port, { target: '/slow', body: '{}' }));
    expect(answer.status).toBe(202);
    const row = await eventually(() => {
      const found = current.rows()[0];
      return found?.status === null ? undefined : found;
    }, 'the answer stored');
    expect(row).toMatchObject({ status: 202, error: null });
    expect(row.responseBody?.text).toBe(answer.body);
    expect(row.responseHeaders).toContainEqual(['Content-Length', String(Buffer.byteLength(answer.body))]);
    expect(row.durationMs).toBeGreaterThanOrEqual(140);
  });

  it('the client leaves during the delay: the row says so at once, not when the delay ends', async () => {
    served = await serveListener({}, { settings: answering({ responseDelayMs: 120_000 }) });
    const current = served;
    const socket = sendAndHold(current.server.port);
    const stored = await eventually(() => current.rows()[0], 'the row');
    socket.destroy();
    const corrected = await eventually(
      () => ((current.row(stored.id)?.error ?? null) === null ? undefined : current.row(stored.id)),
      'the row corrected',
    );
    expect(corrected).toMatchObject({ status: null, responseBody: null, responseHeaders: null });
    expect(corrected.error).toMatch(/closed the connection before the answer was sent/);
  });

  it('many answers waiting out a delay at once raise no MaxListenersExceededWarning', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      served = await serveListener({}, { settings: answering({ responseDelayMs: 120_000 }) });
      const current = served;
      for (let index = 0; index < 15; index += 1) sendAndHold(current.server.port);
      await eventually(() => (current.rows().length === 15 ? true : undefined), 'the rows');
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('the console stops during the delay: the row does not claim an answer went out', async () => {
    const listening = await openListeningConsole();
    let dataDir: string | null = listening.dataDir;
    try {
      listening.core.listener.updateSettings({ responseDelayMs: 120_000 });
      const socket = sendAndHold(Number(new URL(listening.origin).port));
      await eventually(() => (listening.core.events.count() > 0 ? true : undefined), 'the row');
      await listening.core.close();
      const row = withConsoleFile(listening.dataDir, (db) =>
        db
          .prepare<[], Pick<TimelineDetail, 'error' | 'status'> & { response_body: Buffer | null }>(
            'SELECT status, error, response_body FROM events ORDER BY id LIMIT 1',
          )
          .get(),
      );
      expect(row?.status).toBeNull();
      expect(row?.response_body).toBeNull();
      expect(row?.error).toMatch(/stopped before the answer was sent/);
      socket.destroy();
    } finally {
      if (dataDir !== null) {
        const { rmSync } = await import('node:fs');
        rmSync(dataDir, { recursive: true, force: true });
        dataDir = null;
      }
    }
  });

  it('a forward does not wait for the delayed answer: the merchant gets the webhook at once', async () => {
    const paths: string[] = [];
    const merchant = createServer((req, res) => {
      paths.push(req.url ?? '');
      req.resume();
      res.end('ok');
    });
    await new Promise<void>((resolve) => merchant.listen(0, '127.0.0.1', resolve));
    const address = merchant.address();
    const merchantPort = typeof address === 'object' && address !== null ? address.port : 0;
    const listening = await openListeningConsole();
    try {
      listening.core.listener.updateSettings({
        responseDelayMs: 120_000,
        forwardTo: `http://127.0.0.1:${merchantPort}/merchant`,
      });
      sendAndHold(Number(new URL(listening.origin).port));
      await eventually(() => (paths.length > 0 ? true : undefined), 'the forward');
      expect(paths).toEqual(['/merchant/held']);
    } finally {
      sockets.splice(0).forEach((socket) => socket.destroy());
      await listening.dispose();
      await new Promise((resolve) => merchant.close(resolve));
    }
  });
});
