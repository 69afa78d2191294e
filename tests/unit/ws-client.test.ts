import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONNECTION_LOST,
  createWebSocketTransport,
  NOT_CONNECTED,
  type ConnectionState,
} from '../../src/renderer/src/bridge/ws-client';
import { failureTitle } from '../../src/renderer/src/bridge/bridge-error';
import { FELL_BEHIND_CLOSE_CODE } from '../../src/shared/wire';
import { FakeWebSocket } from './helpers/fake-websocket';

const OPEN_COMMAND = "npx checkout-console --data-dir '/tmp/qa' open";

/** What answers GET /session: the console (by id), one that no longer knows the tab, or nothing. */
let sessionAnswer: { console: string } | 401 | 'down' = { console: 'first' };
const sessionChecks: string[] = [];

beforeEach(() => {
  FakeWebSocket.made = [];
  sessionAnswer = { console: 'first' };
  sessionChecks.length = 0;
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.stubGlobal('fetch', async (url: string) => {
    sessionChecks.push(url);
    if (sessionAnswer === 'down') throw new TypeError('fetch failed');
    if (sessionAnswer === 401) return new Response('not signed in', { status: 401 });
    return Response.json({ console: sessionAnswer.console, openCommand: OPEN_COMMAND });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const failure = (message: string) => ({ ok: false, error: { code: 'unavailable', message, issues: [] } });

/** A transport, its states as they were reported, and its first socket (made once /session answered). */
async function connected() {
  const states: ConnectionState[] = [];
  const transport = createWebSocketTransport({
    bridgeUrl: 'ws://127.0.0.1:4400/bridge',
    sessionUrl: 'http://127.0.0.1:4400/session',
  });
  transport.onConnectionState((state) => states.push(state));
  await vi.advanceTimersByTimeAsync(0);
  return { transport, states, socket: FakeWebSocket.latest() };
}

/** Lets the transport's reconnect timer run once (the backoff is at most 5 s). */
async function waitForRetry(): Promise<void> {
  await vi.advanceTimersByTimeAsync(5000);
}

describe('the browser-mode transport never sends a call it reported as failed', () => {
  it('a call made while the connection is lost fails at once and is not sent on reconnect', async () => {
    const { transport, socket } = await connected();
    socket.open();
    sessionAnswer = 'down';
    socket.drop();

    // "Send to Local" while serve is gone: the panel says "Not sent".
    await expect(transport.call('sendCheckout', { profileId: 1 })).resolves.toEqual(failure(NOT_CONNECTED));
    await expect(transport.call('saveProfile', {})).resolves.toEqual(failure(NOT_CONNECTED));

    sessionAnswer = { console: 'first' };
    await waitForRetry();
    const again = FakeWebSocket.latest();
    expect(again).not.toBe(socket);
    // A call made during the new attempt is down-time too: not held for the attempt.
    await expect(transport.call('replayEvent', {})).resolves.toEqual(failure(NOT_CONNECTED));
    again.open();
    expect(again.sent).toEqual([]);
  });

  it('a call in flight when the socket drops fails, and is not sent again', async () => {
    const { transport, socket } = await connected();
    socket.open();
    const inFlight = transport.call('sendCheckout', { profileId: 1 });
    expect(socket.sentCommands()).toEqual(['sendCheckout']);
    socket.drop();
    await expect(inFlight).resolves.toEqual(failure(CONNECTION_LOST));
    // It reached the console, which may have acted on it: never titled "Not sent".
    expect(failureTitle(CONNECTION_LOST)).toBe('No answer: it may have been sent');
    expect(failureTitle(NOT_CONNECTED)).toBe('Not sent');

    await waitForRetry();
    const again = FakeWebSocket.latest();
    again.open();
    expect(again.sent).toEqual([]);
  });

  it('calls made while the page first connects wait for it and go out when it opens', async () => {
    const { transport, socket } = await connected();
    const answer = transport.call('getAppInfo', {});
    socket.open();
    expect(socket.sentCommands()).toEqual(['getAppInfo']);
    socket.answer(1, { version: 'x' });
    await expect(answer).resolves.toEqual({ ok: true, data: { version: 'x' } });
  });

  it('a call held for a first connection that fails is failed and dropped, never sent later', async () => {
    const { transport, socket } = await connected();
    const held = transport.call('getAppInfo', {});
    socket.drop();
    await expect(held).resolves.toEqual(failure(NOT_CONNECTED));

    await waitForRetry();
    const again = FakeWebSocket.latest();
    again.open();
    expect(again.sent).toEqual([]);
  });

  it('after a reconnect, new calls go out on the new socket', async () => {
    const { transport, socket, states } = await connected();
    socket.open();
    socket.drop();
    await waitForRetry();
    const again = FakeWebSocket.latest();
    again.open();
    void transport.call('listProfiles', {});
    expect(again.sentCommands()).toEqual(['listProfiles']);
    expect(states.map((state) => state.status)).toEqual(['open', 'closed', 'open']);
  });
});

describe('a tab the console closed for falling behind its pushes', () => {
  it('says so, reconnects at once, and resumes (its views then reload what they show)', async () => {
    const { transport, socket, states } = await connected();
    socket.open();
    const inFlight = transport.call('sendCheckout', { profileId: 1 });
    socket.drop(
      FELL_BEHIND_CLOSE_CODE,
      'This page stopped reading: over 8 MiB of updates waiting. Reconnect to catch up',
    );
    await expect(inFlight).resolves.toEqual(failure(CONNECTION_LOST));
    await vi.advanceTimersByTimeAsync(250);
    const again = FakeWebSocket.latest();
    expect(again).not.toBe(socket);
    again.open();
    expect(states).toEqual([{ status: 'open' }, { status: 'closed', fellBehind: true }, { status: 'open' }]);
  });
});

describe('the browser-mode transport tells a stopped console from one that forgot the tab', () => {
  it('keeps trying while nothing answers, and says "closed"', async () => {
    const { socket, states } = await connected();
    socket.open();
    sessionAnswer = 'down';
    socket.drop();
    await waitForRetry();
    await waitForRetry();
    expect(sessionChecks.length).toBeGreaterThanOrEqual(3);
    expect(FakeWebSocket.made).toHaveLength(1);
    expect(states).toEqual([{ status: 'open' }, { status: 'closed' }]);
  });

  it('stops trying once a console answers 401 (serve restarted), and names the open command', async () => {
    const { transport, socket, states } = await connected();
    socket.open();
    sessionAnswer = 'down';
    socket.drop();
    await waitForRetry();
    sessionAnswer = 401;
    await waitForRetry();
    const checks = sessionChecks.length;
    await waitForRetry();
    await waitForRetry();
    expect(sessionChecks).toHaveLength(checks);
    expect(FakeWebSocket.made).toHaveLength(1);
    expect(states.at(-1)).toEqual({ status: 'refused', openCommand: OPEN_COMMAND, signedIn: false });
    await expect(transport.call('sendCheckout', {})).resolves.toEqual(failure(NOT_CONNECTED));
  });

  it('does not resume on another console even when the browser is signed in to it (a new link)', async () => {
    const { transport, socket, states } = await connected();
    socket.open();
    socket.drop();
    // serve restarted on the same port and `open` signed this browser in again: the cookie is
    // valid, but for a process that never knew this tab.
    sessionAnswer = { console: 'second' };
    await waitForRetry();
    expect(FakeWebSocket.made).toHaveLength(1);
    // Said, so the tab can offer the reload that opens it.
    expect(states.at(-1)).toEqual({ status: 'refused', openCommand: OPEN_COMMAND, signedIn: true });
    await expect(transport.call('createCheckout', {})).resolves.toEqual(failure(NOT_CONNECTED));
  });
});

// A refused tab stopped asking, so a new link opened in another tab changed nothing in it.
describe('a refused tab asks again when told to (it is looked at again, or "Check again")', () => {
  async function refused() {
    const connection = await connected();
    connection.socket.open();
    sessionAnswer = 401;
    connection.socket.drop();
    await waitForRetry();
    expect(connection.states.at(-1)).toEqual({
      status: 'refused',
      openCommand: OPEN_COMMAND,
      signedIn: false,
    });
    return connection;
  }

  it('signed in again on the console it was opened on (its cookie was lost), it connects and goes on', async () => {
    const { transport, states } = await refused();
    sessionAnswer = { console: 'first' };
    await transport.recheck();
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWebSocket.made).toHaveLength(2);
    FakeWebSocket.latest().open();
    expect(states.at(-1)).toEqual({ status: 'open' });
    void transport.call('listProfiles', {});
    expect(FakeWebSocket.latest().sentCommands()).toEqual(['listProfiles']);
  });

  it('signed in to another console (serve restarted, a new link opened), it says so and does not connect', async () => {
    const { transport, states } = await refused();
    sessionAnswer = { console: 'second' };
    await transport.recheck();
    expect(states.at(-1)).toEqual({ status: 'refused', openCommand: OPEN_COMMAND, signedIn: true });
    expect(FakeWebSocket.made).toHaveLength(1);
    await expect(transport.call('sendCheckout', {})).resolves.toEqual(failure(NOT_CONNECTED));
  });

  it('still signed out, or nothing answering, it stays as it was and keeps no timer going', async () => {
    const { transport, states } = await refused();
    await transport.recheck();
    expect(states.at(-1)).toEqual({ status: 'refused', openCommand: OPEN_COMMAND, signedIn: false });
    sessionAnswer = 'down';
    await transport.recheck();
    expect(states.at(-1)).toEqual({ status: 'refused', openCommand: OPEN_COMMAND, signedIn: false });
    const checks = sessionChecks.length;
    await waitForRetry();
    expect(sessionChecks).toHaveLength(checks);
    expect(FakeWebSocket.made).toHaveLength(1);
  });
});
