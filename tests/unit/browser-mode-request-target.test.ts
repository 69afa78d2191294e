import { Buffer } from 'node:buffer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseRequestTarget } from '../../src/main/browser-mode/request-target';
import { openBrowserMode, type BrowserModeHarness } from './helpers/browser-mode-harness';
import { sendRaw } from './helpers/raw-http';

/**
 * A request target is a path (origin form) or a URL (absolute form); browser mode took a host
 * from one beginning `//` (or `/\`, which URL parsing reads as `//`): `GET //evil.example/session`
 * was read as `/session` on evil.example, and answered as this console's `/session`. The emulator
 * reads `//path` literally; browser mode does the same, and never takes a host from the target.
 */

const ORIGIN = 'http://127.0.0.1:5173';

describe('parseRequestTarget', () => {
  it.each([
    ['//evil.example/x', '//evil.example/x'],
    ['/\\evil.example/x', '//evil.example/x'],
    ['///evil.example/x?a=1', '///evil.example/x'],
    ['//evil.example', '//evil.example'],
  ])('%s: a path on our origin (%s)', (target, path) => {
    const url = parseRequestTarget(target, ORIGIN);
    expect(url?.origin).toBe(ORIGIN);
    expect(url?.pathname).toBe(path);
  });

  it('an absolute-form target gives its path and query, never its host', () => {
    const url = parseRequestTarget('http://evil.example/session?a=1', ORIGIN);
    expect(url?.origin).toBe(ORIGIN);
    expect(url?.pathname).toBe('/session');
    expect(url?.search).toBe('?a=1');
  });

  it('as before: a plain path, its query, no target at all, and a target that is not a URL', () => {
    expect(parseRequestTarget('/assets/app.js?v=2', ORIGIN)?.href).toBe(`${ORIGIN}/assets/app.js?v=2`);
    expect(parseRequestTarget(undefined, ORIGIN)?.href).toBe(`${ORIGIN}/`);
    expect(parseRequestTarget('http://[::1', ORIGIN)).toBeNull();
  });
});

let harness: BrowserModeHarness;
beforeEach(async () => {
  harness = await openBrowserMode();
});
afterEach(async () => harness.dispose());

/** One request written on a net.Socket exactly as given (the request line is not normalised). */
const raw = (requestLine: string, headers: string[] = ['Connection: close']) =>
  sendRaw(
    harness.server.port,
    Buffer.from([requestLine, `Host: 127.0.0.1:${harness.server.port}`, ...headers, '', ''].join('\r\n')),
    // An upgrade taken would hold the socket open: a few seconds tell.
    { timeoutMs: 3000 },
  );

const locationOf = (head: string) => /^location: (.*)$/im.exec(head)?.[1]?.trim();

describe('browser mode reads a target beginning // as a path', () => {
  it.each(['//evil.example/session', '/\\evil.example/session', 'http://evil.example//evil.example/session'])(
    'GET %s is not the session answer: the single-page app, as for any unknown route',
    async (target) => {
      const cookie = await harness.login();
      const answer = await raw(`GET ${target} HTTP/1.1`, [`Cookie: ${cookie}`, 'Connection: close']);
      expect(answer.status).toBe(200);
      expect(answer.headers).toMatch(/^content-type: text\/html/im);
      // Sent chunked: the page's text inside its chunk framing.
      expect(answer.body).toContain('<!doctype html><title>console</title>');
      expect(answer.body).not.toContain('openCommand');
    },
  );

  it('GET //evil.example/assets/app.js is not /assets/app.js: 404', async () => {
    const cookie = await harness.login();
    const answer = await raw('GET //evil.example/assets/app.js HTTP/1.1', [
      `Cookie: ${cookie}`,
      'Connection: close',
    ]);
    expect(answer.status).toBe(404);
    expect(answer.body).toContain('Not found');
    expect(locationOf(answer.headers)).toBeUndefined();
  });

  it('as before: /assets/app.js is served', async () => {
    const cookie = await harness.login();
    const answer = await raw('GET /assets/app.js HTTP/1.1', [`Cookie: ${cookie}`, 'Connection: close']);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('console.log(1)');
  });

  it('GET //evil.example/x with the launch token: the redirect stays on this console', async () => {
    const token = new URL(harness.server.launchUrl).searchParams.get('token') ?? '';
    const answer = await raw(`GET //evil.example/x?token=${token} HTTP/1.1`);
    expect(answer.status).toBe(302);
    const to = locationOf(answer.headers) ?? '';
    expect(to).not.toMatch(/^[/\\]{2}/);
    expect(new URL(to, harness.server.origin).origin).toBe(harness.server.origin);
    expect(to).toBe('/evil.example/x');
  });

  it('an upgrade to //evil.example/bridge is not one to /bridge: 404', async () => {
    const cookie = await harness.login();
    const answer = await raw('GET //evil.example/bridge HTTP/1.1', [
      `Cookie: ${cookie}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      'Sec-WebSocket-Version: 13',
      `Sec-WebSocket-Key: ${Buffer.alloc(16).toString('base64')}`,
      `Origin: ${harness.server.origin}`,
    ]);
    expect(answer.status).toBe(404);
  });

  it('the control endpoint is not reached through //evil.example/control/launch-link', async () => {
    const answer = await raw('POST //evil.example/control/launch-link HTTP/1.1', [
      `Authorization: Bearer ${harness.server.controlSecret}`,
      'Content-Length: 0',
      'Connection: close',
    ]);
    expect(answer.status).toBe(405);
    expect(answer.body).not.toContain('token=');
  });
});
