import { createServer, type Server } from 'node:http';
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
