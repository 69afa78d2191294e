import type { AddressInfo, Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import type { Dispatcher } from '../../src/main/bridge/dispatch';
import { serveBridgeOverWebSocket } from '../../src/main/bridge/ws';
import { createEventBus, type EventBus } from '../../src/main/event-bus';
import { FELL_BEHIND_CLOSE_CODE, PUSH_BACKLOG_MAX_BYTES } from '../../src/shared/wire';

let wss: WebSocketServer;
let bus: EventBus;
let url: string;
const opened: WebSocket[] = [];

/** An answer larger than the cap: a record whose body is 10 MiB is one. */
const LARGE_ANSWER = 'x'.repeat(2 * PUSH_BACKLOG_MAX_BYTES);
const dispatch: Dispatcher = async (command) => ({
  ok: true,
  data: command === 'getLargeRecord' ? LARGE_ANSWER : command,
});

beforeEach(async () => {
  wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => wss.once('listening', resolve));
  bus = createEventBus();
  serveBridgeOverWebSocket(wss, dispatch, bus, { secretsHere: () => ({ secrets: [], unopened: [] }) });
  url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
});
afterEach(async () => {
  opened.forEach((socket) => socket.terminate());
  opened.length = 0;
  await new Promise((resolve) => wss.close(resolve));
});

async function connect(): Promise<WebSocket> {
  const socket = new WebSocket(url);
  opened.push(socket);
  await new Promise((resolve) => socket.once('open', resolve));
  return socket;
}

/** The client's TCP socket: pausing it is a page that stopped reading (a frozen tab). */
const tcpOf = (socket: WebSocket) => (socket as unknown as { _socket: Socket })._socket;

/** One push of about 64 KiB (`orders.changed` with a thousand ids). */
const ORDER_IDS = Array.from({ length: 1000 }, (_, index) => `${index}`.padStart(64, 'o'));
const PUSH_BYTES = JSON.stringify({
  type: 'event',
  event: { name: 'orders.changed', payload: { orderIds: ORDER_IDS } },
}).length;

const callAnswered = (socket: WebSocket, id: number, command = 'getAppInfo') =>
  new Promise<unknown>((resolve) => {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; id?: number };
      if (message.type === 'result' && message.id === id) resolve(message);
    });
    socket.send(JSON.stringify({ type: 'call', id, command, input: {} }));
  });

describe('a bridge socket whose page stopped reading', () => {
  it('is closed once its pushes waiting to be written pass the cap; a reading socket keeps every push', async () => {
    const stalled = await connect();
    const healthy = await connect();
    tcpOf(stalled).pause();
    let healthyPushes = 0;
    healthy.on('message', (data) => {
      if ((JSON.parse(String(data)) as { type: string }).type === 'event') healthyPushes += 1;
    });
    const stalledClose = new Promise<{ code: number; reason: string }>((resolve) =>
      stalled.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );

    // Four times the cap, published as webhooks arrive (between them the sockets write).
    const pushes = Math.ceil((4 * PUSH_BACKLOG_MAX_BYTES) / PUSH_BYTES);
    let mostWaiting = 0;
    for (let index = 0; index < pushes; index += 1) {
      bus.publish('orders.changed', { orderIds: ORDER_IDS });
      for (const socket of wss.clients) mostWaiting = Math.max(mostWaiting, socket.bufferedAmount);
      await new Promise((resolve) => setImmediate(resolve));
    }

    // serve's memory for the stalled page stays bounded by the cap (and the push that passed it).
    expect(mostWaiting).toBeLessThanOrEqual(PUSH_BACKLOG_MAX_BYTES + PUSH_BYTES);
    // The page reads again: what was written before the close, then the close, naming why.
    tcpOf(stalled).resume();
    const answer = callAnswered(stalled, 1);
    const outcome = await Promise.race([stalledClose, answer.then(() => 'answered, not closed')]);
    expect(outcome).toEqual({
      code: FELL_BEHIND_CLOSE_CODE,
      reason: expect.stringMatching(/stopped reading.*reconnect/i) as unknown as string,
    });

    // The reading socket got every push, and is still served.
    await expect(callAnswered(healthy, 2)).resolves.toMatchObject({ type: 'result', id: 2 });
    expect(healthyPushes).toBe(pushes);
  }, 30_000);

  it('a reading page is not closed for a large answer it asked for, with pushes behind it', async () => {
    const reading = await connect();
    let closed = false;
    reading.on('close', () => (closed = true));
    let pushesRead = 0;
    reading.on('message', (data) => {
      if (String(data).startsWith('{"type":"event"')) pushesRead += 1;
    });
    const answer = callAnswered(reading, 1, 'getLargeRecord');
    // The answer is being written when webhooks arrive: their pushes queue behind it.
    while (![...wss.clients].some((socket) => socket.bufferedAmount > PUSH_BACKLOG_MAX_BYTES))
      await new Promise((resolve) => setImmediate(resolve));
    for (let index = 0; index < 10; index += 1) bus.publish('orders.changed', { orderIds: ORDER_IDS });

    await expect(answer).resolves.toMatchObject({ id: 1, result: { ok: true, data: LARGE_ANSWER } });
    await expect(callAnswered(reading, 2)).resolves.toMatchObject({ id: 2 });
    expect(pushesRead).toBe(10);
    expect(closed).toBe(false);
  });
});
