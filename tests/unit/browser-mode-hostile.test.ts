import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { WEBSOCKET_MAX_MESSAGE_BYTES } from '../../src/shared/contract/transfer';
import { openBrowserMode, type BrowserModeHarness } from './helpers/browser-mode-harness';
import { rawRequest } from './helpers/http';
import { sendRaw } from './helpers/raw-http';

let harness: BrowserModeHarness;
beforeEach(async () => {
  harness = await openBrowserMode();
});
afterEach(async () => harness.dispose());

/** The console still serves pages and bridge calls. */
async function expectStillServing(cookie: string): Promise<void> {
  const page = await rawRequest(`${harness.server.origin}/`, { headers: { Cookie: cookie } });
  expect(page.status).toBe(200);
  const socket = await bridgeSocket(cookie);
  const answer = new Promise<unknown>((resolve) =>
    socket.once('message', (data) => resolve(JSON.parse(String(data)))),
  );
  socket.send(JSON.stringify({ type: 'call', id: 1, command: 'listProfiles', input: {} }));
  expect(await answer).toMatchObject({ type: 'result', id: 1, result: { ok: true } });
  socket.close();
}

async function bridgeSocket(cookie: string): Promise<WebSocket> {
  const result = await harness.openSocket({ Cookie: cookie, Origin: harness.server.origin });
  if (!('socket' in result)) throw new Error(`refused with ${result.status}`);
  return result.socket;
}

const closeCode = (socket: WebSocket) =>
  new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));

describe('malformed requests to browser mode', () => {
  it.each([
    ['an absolute URL that does not parse', 'GET http://[::1 HTTP/1.1'],
    ['an upgrade to a URL that does not parse', 'GET http://[::1/bridge HTTP/1.1'],
  ])('%s: answered 400, and the console keeps serving', async (_case, line) => {
    const cookie = await harness.login();
    const { port } = harness.server;
    const upgrade = line.includes('bridge')
      ? `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${Buffer.alloc(16).toString('base64')}\r\nOrigin: ${harness.server.origin}\r\n`
      : 'Connection: close\r\n';
    const answer = await sendRaw(
      port,
      Buffer.from(`${line}\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\n${upgrade}\r\n`),
    );
    expect(answer.status).toBe(400);
    await expectStillServing(cookie);
  });
});

describe('no open redirect when the launch token is traded', () => {
  const location = (answer: { headers: string }) => /^location: (.*)$/im.exec(answer.headers)?.[1]?.trim();
  const get = (target: string, cookie: string) =>
    sendRaw(
      harness.server.port,
      Buffer.from(
        `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${harness.server.port}\r\nCookie: ${cookie}\r\nConnection: close\r\n\r\n`,
      ),
    );

  it.each([
    '/.//evil.example/?token=x',
    '/./\\evil.example/?token=x',
    '/..//evil.example/?token=x',
    '/%2e//evil.example/?token=x',
    '/.///evil.example/?token=x',
  ])('%s (with a session) redirects inside the console', async (target) => {
    const cookie = await harness.login();
    const answer = await get(target, cookie);
    expect(answer.status).toBe(302);
    const to = location(answer) ?? '';
    expect(to).not.toMatch(/^\/[/\\]/);
    expect(new URL(to, harness.server.origin).origin).toBe(harness.server.origin);
    expect(to).toBe('/evil.example/');
  });

  it('the real token still redirects to the clean path it came with', async () => {
    const token = new URL(harness.server.launchUrl).searchParams.get('token') ?? '';
    const answer = await get(`/.//evil.example/?a=1&token=${token}`, '');
    expect(answer.status).toBe(302);
    expect(location(answer)).toBe('/evil.example/?a=1');
  });
});

describe('hostile WebSocket frames', () => {
  const closing = (socket: WebSocket) =>
    new Promise<{ code: number; reason: string }>((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );

  // The two the WebSocket library refuses itself were closed with an empty reason, although
  // docs/limits.md says every close names its cause.
  it.each([
    [
      'a message over the limit',
      Buffer.alloc(WEBSOCKET_MAX_MESSAGE_BYTES + 1, 0x20),
      false,
      1009,
      'Message too big: one message may be at most 8 MiB',
    ],
    [
      'a text frame that is not UTF-8',
      Buffer.from([0x7b, 0xff, 0xfe, 0x7d]),
      false,
      1007,
      'Text message is not valid UTF-8',
    ],
    ['a binary frame', Buffer.from('{}'), true, 1003, 'Expected a JSON text message'],
  ])(
    '%s closes that socket with its close code and a reason naming the cause; the console keeps serving',
    async (_case, bytes, binary, code, reason) => {
      const cookie = await harness.login();
      const socket = await bridgeSocket(cookie);
      const closed = closing(socket);
      socket.send(bytes, { binary });
      expect(await closed).toEqual({ code, reason });
      await expectStillServing(cookie);
    },
  );

  it('other sockets are not affected by one that breaks', async () => {
    const cookie = await harness.login();
    const bystander = await bridgeSocket(cookie);
    const hostile = await bridgeSocket(cookie);
    const closed = closeCode(hostile);
    hostile.send(Buffer.from([0xc3, 0x28]), { binary: false });
    await closed;
    const answer = new Promise<unknown>((resolve) =>
      bystander.once('message', (data) => resolve(JSON.parse(String(data)))),
    );
    bystander.send(JSON.stringify({ type: 'call', id: 2, command: 'getAppInfo', input: {} }));
    expect(await answer).toMatchObject({ type: 'result', id: 2, result: { ok: true } });
    bystander.close();
  });
});

describe('messages that are not bridge calls', () => {
  const closing = (socket: WebSocket) =>
    new Promise<{ code: number; reason: string }>((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );

  // Each was closed with 1008 "Not a bridge call", naming no field.
  it.each([
    ['a negative id', { type: 'call', id: -1, command: 'getAppInfo', input: {} }, 'id: '],
    ['an id given as text', { type: 'call', id: '1', command: 'getAppInfo', input: {} }, 'id: '],
    ['no type', { id: 1, command: 'getAppInfo', input: {} }, 'type: '],
    ['a 200-character command', { type: 'call', id: 1, command: 'x'.repeat(200), input: {} }, 'command: '],
    ['a list', [], '(root): '],
    // Was zod's 'input: missing; expected nonoptional'.
    [
      'no input',
      { type: 'call', id: 1, command: 'listProfiles' },
      'input: listProfiles needs an input object',
    ],
  ])('%s: closed with 1008, the reason naming the field', async (_case, message, named) => {
    const cookie = await harness.login();
    const socket = await bridgeSocket(cookie);
    const closed = closing(socket);
    socket.send(JSON.stringify(message));
    const { code, reason } = await closed;
    expect(code).toBe(1008);
    expect(reason.startsWith(`Not a bridge call: ${named}`)).toBe(true);
    // A close frame's reason holds at most 123 bytes.
    expect(Buffer.byteLength(reason)).toBeLessThanOrEqual(123);
  });

  it('answers a call it accepted before closing for a message that followed it', async () => {
    const cookie = await harness.login();
    const socket = await bridgeSocket(cookie);
    const messages: unknown[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    const closed = closing(socket);
    socket.send(JSON.stringify({ type: 'call', id: 5, command: 'getAppInfo', input: {} }));
    socket.send('{bad');
    const { code, reason } = await closed;
    // Was 1007, which RFC 6455 keeps for data inconsistent with the message's type (text that
    // is not UTF-8): `{bad` is UTF-8 text, only not a bridge call, which is 1008's case.
    expect(code).toBe(1008);
    expect(reason).toMatch(/^Malformed JSON: /);
    expect(Buffer.byteLength(reason)).toBeLessThanOrEqual(123);
    expect(messages).toContainEqual(
      expect.objectContaining({ type: 'result', id: 5, result: expect.objectContaining({ ok: true }) }),
    );
  });
});

// Node drops a CONNECT without a word when no 'connect' handler is set; browser mode is no proxy.
describe('a CONNECT request', () => {
  it('is answered 405 in plain words and closed, and the console keeps serving', async () => {
    const cookie = await harness.login();
    const { port } = harness.server;
    const answer = await sendRaw(
      port,
      Buffer.from('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'),
    );
    expect(answer.status).toBe(405);
    expect(answer.headers).toMatch(/^allow: GET, HEAD/im);
    expect(answer.headers).toMatch(/^content-type: text\/plain/im);
    expect(answer.body).toMatch(/CONNECT/);
    await expectStillServing(cookie);
  });
});
