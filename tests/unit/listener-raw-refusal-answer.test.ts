import { createServer, connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { TimelineDetail } from '../../src/shared/events';
import { createIngestWriter } from '../../src/main/listener/ingest-writer';
import { recordRawRefusal } from '../../src/main/listener/raw-refusal';
import { sendRaw, trickle } from './helpers/raw-http';
import { answerBody, serveListener, type ServedListener } from './helpers/webhook-server-harness';
import { openTempConsole } from './helpers/temp-console';

let served: ServedListener | null = null;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await served?.dispose();
  served = null;
});

/** The answer's header lines after the status line, as name/value pairs. */
function headerLines(head: string): [string, string][] {
  return head
    .split('\r\n')
    .slice(1)
    .map((line) => {
      const at = line.indexOf(': ');
      return [line.slice(0, at), line.slice(at + 2)];
    });
}

describe('a request refused without parsing is stored with the answer that went out', () => {
  it.each([
    ['a bad request line', 'GARBAGE\r\n\r\n', 400],
    ['headers over the limit', `POST / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
  ])('%s: the stored headers and body are the bytes the client received', async (_case, raw, status) => {
    served = await serveListener({});
    const answer = await sendRaw(served.server.port, Buffer.from(raw));
    expect(answer.status).toBe(status);
    const stored = served.row(answerBody(`\r\n\r\n${answer.body}`).id ?? 0);
    expect(stored?.status).toBe(status);
    expect(stored?.responseHeaders).toEqual(headerLines(answer.headers));
    expect(stored?.responseBody?.text).toBe(answer.body);
  });

  // A well-formed request with a 1,000,000-byte header was answered 'Not a valid HTTP request.'
  // and stored as 65,536 bytes, not truncated ('the raw request as Node's parser saw it').
  it('headers far over the limit: answered and stored as too large, cut, with what arrived', async () => {
    served = await serveListener({});
    const header = 'a'.repeat(1_000_000);
    const raw = Buffer.from(`POST / HTTP/1.1\r\nHost: x\r\nX-Big: ${header}\r\n\r\n{}`);
    const answer = await sendRaw(served.server.port, raw);
    expect(answer.status).toBe(431);
    expect(answer.headers).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    const said = answerBody(`\r\n\r\n${answer.body}`).error ?? '';
    expect(said).toBe(
      'The request headers are larger than the 16 KiB limit (431 Request Header Fields Too Large).',
    );
    const stored = served.row(answerBody(`\r\n\r\n${answer.body}`).id ?? 0);
    expect(stored?.requestBody?.truncated).toBe(true);
    expect(stored?.requestBody?.text?.startsWith('POST / HTTP/1.1\r\nHost: x\r\nX-Big: aaa')).toBe(true);
    // At least what had arrived when the row was written: the client was still sending.
    expect(stored?.requestBody?.size ?? 0).toBeGreaterThanOrEqual(65_536);
    expect(stored?.error).toMatch(
      /^The request headers, at least \S+ [KM]iB \([\d,]+ bytes\), are over the 16 KiB limit; answered 431 and kept the first 64\.0 KiB \(65,536 bytes\)\.$/,
    );
    expect(stored?.error).not.toContain('Not a valid HTTP request');
  });

  it('headers not complete in time: the stored 408 is the one the client received', async () => {
    served = await serveListener({ headersTimeoutMs: 1000 });
    const answer = await trickle(served.server.port, ['POST /slow HTTP/1.1\r\nHost: x\r\n'], 100, 8000);
    const [head = '', body = ''] = answer.split('\r\n\r\n', 2);
    expect(head).toMatch(/^HTTP\/1\.1 408 /);
    const stored = served.row(answerBody(answer).id ?? 0);
    expect(stored?.responseHeaders).toEqual(headerLines(head));
    expect(stored?.responseBody?.text).toBe(body);
  });

  it('a client gone before the answer could be written: the row says nothing was answered', async () => {
    const temp = await openTempConsole();
    cleanups.push(() => temp.dispose());
    const accepted = new Promise<Socket>((resolve) => {
      const server = createServer(resolve).listen(0, '127.0.0.1', () => {
        const address = server.address();
        const client = connect(typeof address === 'object' && address !== null ? address.port : 0);
        client.on('error', () => undefined);
        cleanups.push(() => void client.destroy());
      });
      cleanups.push(() => new Promise<void>((done) => server.close(() => done())));
    });
    const socket = await accepted;
    socket.destroy();
    const stored = new Promise<number>((resolve) =>
      recordRawRefusal(
        {
          writer: createIngestWriter(temp.core.recorder, () => undefined),
          profile: () => ({ id: null, name: null }),
          origin: () => 'http://127.0.0.1:1',
          onWebhook: (summary) => resolve(summary.id),
          logError: () => undefined,
        },
        socket,
        {
          status: 400,
          error: (answered) => `Not a valid HTTP request; ${answered}.`,
          refusal: 'Not a valid HTTP request.',
        },
      ),
    );
    const id = await stored;
    let row: TimelineDetail | undefined;
    for (let tries = 0; tries < 100; tries++) {
      row = temp.core.events.getDetail(id);
      if (row?.status === null) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(row).toMatchObject({
      status: null,
      responseHeaders: null,
      responseBody: null,
      error:
        'Not a valid HTTP request; was to be answered 400. That answer never went out: the client had closed the connection before it could be written.',
    });
  });
});
