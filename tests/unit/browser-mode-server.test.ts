import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import type { BrowserModeServer } from '../../src/main/browser-mode/server';
import { openBrowserMode, type BrowserModeHarness } from './helpers/browser-mode-harness';
import { rawRequest } from './helpers/http';
import { sessionAnswerSchema } from '../../src/shared/wire';

let harness: BrowserModeHarness;
let core: ConsoleCore;
let server: BrowserModeServer;

beforeEach(async () => {
  harness = await openBrowserMode();
  ({ core, server } = harness);
});
afterEach(async () => harness.dispose());

const login = () => harness.login();
const openSocket = (headers: Record<string, string>) => harness.openSocket(headers);

describe('browser mode server', () => {
  it('prints a loopback URL with a token, on the real port', () => {
    expect(server.launchUrl).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${server.port}/\\?token=[\\w-]{20,}$`),
    );
    expect(server.port).toBeGreaterThan(0);
  });

  it('answers 401 without the session cookie', async () => {
    expect((await rawRequest(`${server.origin}/`)).status).toBe(401);
    expect((await rawRequest(`${server.origin}/assets/app.js`)).status).toBe(401);
    expect(
      (
        await rawRequest(`${server.origin}/`, {
          headers: { Cookie: `checkout_console_${server.port}=forged` },
        })
      ).status,
    ).toBe(401);
  });

  it('trades the one-time token for a cookie, redirects to a clean URL, and spends the token', async () => {
    const response = await rawRequest(`${server.launchUrl}`);
    expect(response.headers.location).toBe('/');
    const cookie = (response.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
    const page = await rawRequest(`${server.origin}/`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>console</title>');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect((await rawRequest(server.launchUrl)).status).toBe(401);
  });

  it('answers 403 to a foreign Host header (DNS rebinding)', async () => {
    const cookie = await login();
    const response = await rawRequest(`${server.origin}/`, {
      headers: { Host: `attacker.example:${server.port}`, Cookie: cookie },
    });
    expect(response.status).toBe(403);
    expect((await rawRequest(server.launchUrl, { headers: { Host: 'attacker.example' } })).status).toBe(403);
  });

  it('accepts localhost as a name for the loopback address', async () => {
    const cookie = await login();
    const response = await rawRequest(`${server.origin}/`, {
      headers: { Host: `localhost:${server.port}`, Cookie: cookie },
    });
    expect(response.status).toBe(200);
  });

  it('never serves files outside the renderer folder', async () => {
    const cookie = await login();
    const response = await rawRequest(`${server.origin}/..%2f..%2f..%2fetc%2fpasswd`, {
      headers: { Cookie: cookie },
    });
    expect(response.body).not.toMatch(/root:/);
  });

  it('refuses a WebSocket from another Origin, even with the cookie', async () => {
    const cookie = await login();
    const result = await openSocket({ Cookie: cookie, Origin: 'http://attacker.example' });
    expect(result).toEqual({ status: 403 });
    const samehostOtherPort = await openSocket({ Cookie: cookie, Origin: 'http://127.0.0.1:1' });
    expect(samehostOtherPort).toEqual({ status: 403 });
  });

  it('refuses a WebSocket without the session cookie', async () => {
    const result = await openSocket({ Origin: server.origin });
    expect(result).toEqual({ status: 401 });
  });

  it("answers a tab's session check: this console's id and open command, or 401", async () => {
    const cookie = await login();
    const signedIn = await rawRequest(`${server.origin}/session`, { headers: { Cookie: cookie } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const answer = sessionAnswerSchema.parse(JSON.parse(signedIn.body));
    expect(answer.openCommand).toBe('npx checkout-console --data-dir /tmp/a-console open');
    expect(answer.console.length).toBeGreaterThanOrEqual(16);

    // Another process (a restart) is another console, with another id.
    const other = await openBrowserMode();
    try {
      const otherCookie = await other.login();
      const again = await rawRequest(`${other.server.origin}/session`, { headers: { Cookie: otherCookie } });
      expect(sessionAnswerSchema.parse(JSON.parse(again.body)).console).not.toBe(answer.console);
    } finally {
      await other.dispose();
    }

    expect((await rawRequest(`${server.origin}/session`)).status).toBe(401);
  });

  it('serves the contract over the WebSocket and pushes events', async () => {
    const cookie = await login();
    const result = await openSocket({ Cookie: cookie, Origin: server.origin });
    if (!('socket' in result)) throw new Error(`refused with ${result.status}`);
    const messages: unknown[] = [];
    result.socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    result.socket.send(JSON.stringify({ type: 'call', id: 7, command: 'listProfiles', input: {} }));
    const live = core.profiles.findByName('Live');
    result.socket.send(
      JSON.stringify({ type: 'call', id: 8, command: 'activateProfile', input: { id: live?.id } }),
    );
    await expect.poll(() => messages.length).toBeGreaterThanOrEqual(3);
    expect(messages).toContainEqual(
      expect.objectContaining({ type: 'result', id: 7, result: expect.objectContaining({ ok: true }) }),
    );
    expect(messages).toContainEqual(
      expect.objectContaining({
        type: 'event',
        event: expect.objectContaining({ name: 'profiles.changed' }),
      }),
    );
    result.socket.close();
  });

  it('closes a socket that sends something other than a bridge call, and stays up', async () => {
    const cookie = await login();
    const result = await openSocket({ Cookie: cookie, Origin: server.origin });
    if (!('socket' in result)) throw new Error('refused');
    const closed = new Promise<number>((resolve) => result.socket.on('close', (code) => resolve(code)));
    result.socket.send('{not json');
    expect(await closed).toBe(1008);
    expect((await rawRequest(`${server.origin}/`, { headers: { Cookie: cookie } })).status).toBe(200);
  });
});
