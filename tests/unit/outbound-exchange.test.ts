import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { HeaderList } from '../../src/shared/events';
import { networkFailureTitle } from '../../src/shared/merchant-api';
import { forwardWebhook } from '../../src/main/listener/forward-webhook';
import { performHttpExchange } from '../../src/main/outbound/http-exchange';
import { replayRequestSchema } from '../../src/shared/replay';
import { payload, signWith } from '../fixtures/hostile-webhooks';
import { openEmulator, until, validPayload } from './helpers/emulator-harness';
import { openListeningConsole } from './helpers/listening-console';
import { receivedWebhook } from './helpers/received-webhook';
import { openTempConsole } from './helpers/temp-console';

// Issue 17, seam 1: every kind that goes out (request, forward, delivery, replay) goes through
// outbound/http-exchange.ts, so an answer's headers are stored as the merchant sent them: names
// in their case, in order, duplicates kept. (Deliveries and replays used fetch, which lower-cases
// names and merges duplicates: this test failed on them before.)

/** The answer every kind gets: mixed case, two Set-Cookie lines, a name given twice. */
const ANSWER_HEADERS: HeaderList = [
  ['Content-Type', 'application/json'],
  ['X-Request-ID', 'abc-123'],
  ['Set-Cookie', 'a=1; Path=/'],
  ['Set-Cookie', 'b=2; Path=/'],
  ['x-lower-case', 'kept'],
  ['X-Twice', 'first'],
  ['X-Twice', 'second'],
];

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function merchant(): Promise<string> {
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, ANSWER_HEADERS.flat());
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
}

/** The merchant's headers in the stored list, in the merchant's order (Node adds Date and the rest). */
const merchantsOwn = (headers: HeaderList | null | undefined) =>
  (headers ?? []).filter(([name]) => ANSWER_HEADERS.some(([own]) => own === name));

describe('one outbound exchange: answers stored as sent, whatever the kind', () => {
  it('request: the exchange itself hands back raw names, order and duplicates', async () => {
    const url = await merchant();
    const outcome = await performHttpExchange({
      method: 'POST',
      url,
      headers: [['Content-Type', 'application/json']],
      body: Buffer.from('{}'),
      timeoutMs: 5000,
    });
    expect(outcome.failure).toBeNull();
    expect(merchantsOwn(outcome.headers)).toEqual(ANSWER_HEADERS);
    expect(outcome.responseBytes).toBe('{"ok":true}'.length);
  });

  it('forward', async () => {
    const url = await merchant();
    const temp = await openTempConsole();
    cleanups.push(temp.dispose);
    const forward = await forwardWebhook(temp.core.recorder, receivedWebhook('outbound-test'), url);
    expect(forward.status).toBe(200);
    expect(merchantsOwn(forward.responseHeaders)).toEqual(ANSWER_HEADERS);
  });

  it("delivery: the emulator's notification", async () => {
    const url = await merchant();
    const emulator = await openEmulator();
    cleanups.push(() => emulator.dispose());
    const created = await emulator.call('POST', '/checkout', validPayload(url));
    expect(created.status).toBe(200);
    const orderId = String(created.json['order_id']);
    expect((await emulator.call('POST', `/_emulator/orders/${orderId}/pay`)).status).toBe(200);
    const deliveries = () =>
      emulator.core.eventsQuery
        .page({ kinds: ['delivery'] }, { limit: 10 })
        .items.filter((row) => row.status === 200);
    await until(() => deliveries().length > 0, 'the delivery');
    const stored = emulator.core.events.getDetail(deliveries()[0]?.id ?? 0);
    expect(merchantsOwn(stored?.responseHeaders)).toEqual(ANSWER_HEADERS);
  });

  it('replay', async () => {
    const url = await merchant();
    const open = await openListeningConsole();
    cleanups.push(() => open.dispose());
    const now = Math.floor(Date.now() / 1000);
    const token = await signWith(open.secret, { iat: now, exp: now + 900 });
    const response = await fetch(`${open.origin}/hooks?serviceToken=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: payload('order_approved', { order_reference_id: 'OUTBOUND-1' }),
    });
    const { id } = (await response.json()) as { id: number };
    const result = await open.core.replay.run(
      replayRequestSchema.parse({ ids: [id], target: { kind: 'url', url } }),
    );
    expect(result).toMatchObject({ done: 1, failures: 0 });
    const [record] = open.core.eventsQuery.page({ kinds: ['replay'] }, { limit: 10 }).items;
    const stored = open.core.events.getDetail(record?.id ?? 0);
    expect(merchantsOwn(stored?.responseHeaders)).toEqual(ANSWER_HEADERS);
  });
});

describe('the one HTTP exchange never throws', () => {
  const base = { method: 'POST', headers: [] as HeaderList, body: null, timeoutMs: 2_000 };
  it.each([
    ['a protocol it cannot speak', { url: 'ftp://127.0.0.1/x' }, /ftp/i],
    ['text that is no URL', { url: 'not a url' }, /URL/i],
    [
      'a header value with a line break',
      { url: 'http://127.0.0.1:9/x', headers: [['X-Bad', 'a\r\nb']] as HeaderList },
      /header/i,
    ],
    [
      // A send from the builder or the CLI carries a signal (Cancel, Ctrl+C): the refusal once
      // reached the signal's listener before it was declared ("Cannot access 'onAbort'").
      'a header Node will not write (a zero-width space in a token), on a send that can be cancelled',
      {
        url: 'http://127.0.0.1:9/x',
        headers: [['Authorization', 'Bearer tok_\u200bZZ']] as HeaderList,
        signal: new AbortController().signal,
      },
      /header/i,
    ],
  ])('%s is a failed outcome, not a rejection', async (_name, spec, words) => {
    const outcome = await performHttpExchange({ ...base, ...spec });
    expect(outcome.status).toBeNull();
    // Refused before any connection, nothing of it left: not sent, as a CONNECT is. Kind `other`
    // titled it "Network failure: other" and its record read `failed`.
    expect(outcome.failure?.kind).toBe('not_sent');
    expect(networkFailureTitle(outcome.failure ?? { kind: 'none' })).toBe('Not sent: refused by the console');
    expect(outcome.failure?.message).toMatch(/^Not sent: /);
    expect(outcome.failure?.message).toMatch(words);
  });
});

describe('an answer cut short', () => {
  it('a target that answers 200 and closes mid-body: the failure says it answered, and how far the body got', async () => {
    const server = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"part', () => res.socket?.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
    const { port } = server.address() as AddressInfo;
    const outcome = await performHttpExchange({
      method: 'POST',
      url: `http://127.0.0.1:${port}/close`,
      headers: [],
      body: null,
      timeoutMs: 5_000,
    });
    expect(outcome.failure?.kind).toBe('reset');
    // Not "closed the connection before answering": the status line and 6 body bytes came.
    expect(outcome.failure?.message).toBe(
      `127.0.0.1:${port} answered 200, then closed the connection 6 bytes into a body of 1000 (ECONNRESET).`,
    );
  });
});
