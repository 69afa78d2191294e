import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openConsole, test, expect } from '../fixtures/console-test';

function get(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

test('a request without the session cookie gets 401', async ({ served, playwright }) => {
  const anonymous = await playwright.request.newContext();
  const response = await anonymous.get(`${served.origin}/`);
  expect(response.status()).toBe(401);
  await anonymous.dispose();
});

test('a foreign Host header gets 403', async ({ served }) => {
  expect(await get(`${served.origin}/`, { Host: `rebound.attacker.example:${served.port}` })).toBe(403);
});

test('the launch token works once', async ({ page, served, browser }) => {
  await openConsole(page, served);
  expect(page.url()).not.toContain('token=');
  const other = await browser.newContext();
  const response = await (await other.newPage()).goto(served.launchUrl);
  expect(response?.status()).toBe(401);
  await other.close();
});

test('a WebSocket from a foreign Origin is refused, even in the logged-in browser', async ({
  page,
  served,
}) => {
  await openConsole(page, served);
  // A page from another origin (same host, other port: same-site, so the cookie IS sent).
  const attacker: Server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!doctype html><title>attacker</title>');
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  const attackerPort = (attacker.address() as AddressInfo).port;
  try {
    const evil = await page.context().newPage();
    await evil.goto(`http://127.0.0.1:${attackerPort}/`);
    const outcome = await evil.evaluate(
      (target) =>
        new Promise<string>((resolve) => {
          const socket = new WebSocket(target);
          socket.onopen = () => resolve('open');
          socket.onerror = () => resolve('refused');
        }),
      `ws://127.0.0.1:${served.port}/bridge`,
    );
    expect(outcome).toBe('refused');
    // The console's own page still has its bridge.
    await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  } finally {
    attacker.close();
  }
});
