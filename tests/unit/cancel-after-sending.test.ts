import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { performHttpExchange } from '../../src/main/outbound/http-exchange';
import { networkFailureTitle } from '../../src/shared/merchant-api';

// "Cancel request" on a send a slow server had already read (it answers after 8 s; Cancel after
// 1.5 s) said "Network failure: cancelled · Cancelled before an answer arrived.", as if nothing
// had gone: a real service may have created the order. A cancel after the request was written
// now says it was sent and may have been carried out; one before says nothing was sent.
describe('a cancelled exchange says whether the request had gone', () => {
  let server: Server | null = null;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    server = null;
  });

  const body = new TextEncoder().encode('{"order_reference_id":"R-1"}');

  it('cancelled once the server had the whole request: sent, may have been carried out', async () => {
    const controller = new AbortController();
    server = createServer((req) => {
      // The whole body read, as a service that goes on to create the order; no answer yet.
      req.resume();
      req.on('end', () => controller.abort());
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const outcome = await performHttpExchange({
      method: 'POST',
      url: `http://127.0.0.1:${port}/checkout`,
      headers: [['Content-Type', 'application/json']],
      body,
      timeoutMs: 10_000,
      signal: controller.signal,
    });
    expect(outcome.failure).toEqual({
      kind: 'cancelled_after_sending',
      message:
        'Cancelled after the request was sent, before an answer arrived: it may have been carried out, so look on the timeline for what followed.',
      code: null,
    });
    expect(networkFailureTitle(outcome.failure ?? { kind: 'other' })).toBe(
      'No answer: it was sent, and may have been carried out',
    );
  });

  it('cancelled before anything was written: not sent', async () => {
    server = createServer(() => undefined);
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const controller = new AbortController();
    controller.abort();
    const outcome = await performHttpExchange({
      method: 'POST',
      url: `http://127.0.0.1:${port}/checkout`,
      headers: [],
      body,
      timeoutMs: 10_000,
      signal: controller.signal,
    });
    expect(outcome.failure).toEqual({
      kind: 'cancelled',
      message: 'Cancelled before the request was sent whole, so the service cannot have acted on it.',
      code: null,
    });
    expect(networkFailureTitle(outcome.failure ?? { kind: 'other' })).toBe('Not sent: cancelled');
    expect(networkFailureTitle({ kind: 'reset' })).toBe('Network failure: reset');
  });
});

// A server that read the whole request and never answered, past the timeout, read "Network
// failure: timeout" and `failed`, as if nothing had gone: it may have created the order as a
// cancel after sending may. A request written whole that then times out, or whose connection is
// closed before an answer, is said as sent and maybe carried out; one never written whole is not.
describe('a timeout or a closed connection says whether the request had gone', () => {
  let server: Server | null = null;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    server = null;
  });

  const listening = async (handle: (req: IncomingMessage) => void): Promise<string> => {
    server = createServer(handle);
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/checkout`;
  };
  const send = (url: string, sent: Uint8Array) =>
    performHttpExchange({ method: 'POST', url, headers: [], body: sent, timeoutMs: 400 });
  const SENT_TITLE = 'No answer: it was sent, and may have been carried out';
  const body = new TextEncoder().encode('{"order_reference_id":"R-2"}');

  it('timed out once the server had the whole request: sent, may have been carried out', async () => {
    // The whole body read, as a service that goes on to create the order; no answer ever.
    const url = await listening((req) => req.resume());
    const outcome = await send(url, body);
    expect(outcome.failure).toEqual({
      kind: 'timeout_after_sending',
      message:
        'The whole request was sent, and no answer came within 0.4 s (timeout): it may have been carried out, so look on the timeline for what followed.',
      code: null,
    });
    expect(networkFailureTitle(outcome.failure ?? { kind: 'other' })).toBe(SENT_TITLE);
  });

  it('closed once the server had the whole request: sent, may have been carried out', async () => {
    const url = await listening((req) => {
      req.resume();
      req.on('end', () => req.socket.destroy());
    });
    const outcome = await send(url, body);
    expect(outcome.failure?.kind).toBe('reset_after_sending');
    expect(outcome.failure?.message).toMatch(
      /^127\.0\.0\.1:\d+ closed the connection after the whole request was sent, before answering \((ECONNRESET|socket hang up)\): it may have been carried out, so look on the timeline for what followed\.$/,
    );
    expect(networkFailureTitle(outcome.failure ?? { kind: 'other' })).toBe(SENT_TITLE);
  });

  it('timed out before the request was written whole: a network failure, as before', async () => {
    // Never read: 16 MiB fill the socket's buffers, so the request is never written whole.
    const url = await listening(() => undefined);
    const outcome = await send(url, new Uint8Array(16 * 1024 * 1024));
    expect(outcome.failure).toEqual({
      kind: 'timeout',
      message: 'No answer within 0.4 s (timeout).',
      code: null,
    });
    expect(networkFailureTitle(outcome.failure ?? { kind: 'other' })).toBe('Network failure: timeout');
  });
});
