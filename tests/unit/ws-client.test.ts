import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONNECTION_LOST,
  createWebSocketTransport,
  NOT_CONNECTED,
} from '../../src/renderer/src/bridge/ws-client';
import { FakeWebSocket } from './helpers/fake-websocket';

const URL = 'ws://127.0.0.1:4400/bridge';

beforeEach(() => {
  FakeWebSocket.made = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const failure = (message: string) => ({ ok: false, error: { code: 'unavailable', message, issues: [] } });

/** Lets the transport's reconnect timer run: the next socket is made. */
async function nextAttempt(): Promise<FakeWebSocket> {
  const before = FakeWebSocket.made.length;
  await vi.advanceTimersByTimeAsync(5000);
  expect(FakeWebSocket.made.length).toBeGreaterThan(before);
  return FakeWebSocket.latest();
}

describe('the browser-mode transport never sends a call it reported as failed', () => {
  it('a call made while the connection is lost fails at once and is not sent on reconnect', async () => {
    const transport = createWebSocketTransport(URL);
    FakeWebSocket.latest().open();
    FakeWebSocket.latest().drop();

    // "Send to Local" while serve is gone: the panel says "Not sent".
    await expect(transport.call('sendCheckout', { profileId: 1 })).resolves.toEqual(failure(NOT_CONNECTED));
    await expect(transport.call('saveProfile', {})).resolves.toEqual(failure(NOT_CONNECTED));

    const again = await nextAttempt();
    // A call made during a retry attempt is down-time too: not held for the attempt.
    await expect(transport.call('replayEvent', {})).resolves.toEqual(failure(NOT_CONNECTED));
    again.open();
    expect(again.sent).toEqual([]);
  });

  it('a call in flight when the socket drops fails, and is not sent again', async () => {
    const transport = createWebSocketTransport(URL);
    const first = FakeWebSocket.latest();
    first.open();
    const inFlight = transport.call('sendCheckout', { profileId: 1 });
    expect(first.sentCommands()).toEqual(['sendCheckout']);
    first.drop();
    await expect(inFlight).resolves.toEqual(failure(CONNECTION_LOST));

    const again = await nextAttempt();
    again.open();
    expect(again.sent).toEqual([]);
  });

  it('calls made while the page first connects wait for it and go out when it opens', async () => {
    const transport = createWebSocketTransport(URL);
    const answer = transport.call('getAppInfo', {});
    const socket = FakeWebSocket.latest();
    socket.open();
    expect(socket.sentCommands()).toEqual(['getAppInfo']);
    socket.answer(1, { version: 'x' });
    await expect(answer).resolves.toEqual({ ok: true, data: { version: 'x' } });
  });

  it('a call held for a first connection that fails is failed and dropped, never sent later', async () => {
    const transport = createWebSocketTransport(URL);
    const held = transport.call('getAppInfo', {});
    FakeWebSocket.latest().drop();
    await expect(held).resolves.toEqual(failure(NOT_CONNECTED));

    const again = await nextAttempt();
    again.open();
    expect(again.sent).toEqual([]);
  });

  it('after a reconnect, new calls go out on the new socket', async () => {
    const transport = createWebSocketTransport(URL);
    FakeWebSocket.latest().open();
    FakeWebSocket.latest().drop();
    const again = await nextAttempt();
    again.open();
    void transport.call('listProfiles', {});
    expect(again.sentCommands()).toEqual(['listProfiles']);
  });
});
