import { jwtVerify } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { runEmulator } from '../../src/main/cli/commands/emulator';
import { captureCliContext } from './helpers/captured-cli-context';
import { startReceiver, until, validPayload } from './helpers/emulator-harness';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir, openTempConsole } from './helpers/temp-console';
import { createServer } from 'node:net';

const temps: { remove: () => void }[] = [];
afterEach(() => temps.splice(0).forEach((temp) => temp.remove()));

/** `emulator` in the foreground until `stop()`, its standard output captured. */
function startEmulator(dataDir: string, flags: Record<string, string>) {
  const run = captureCliContext({ dataDir });
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });
  const running = runEmulator(run.context, { port: '0', ...flags }, stopped);
  return {
    out: run.out,
    async url(): Promise<string> {
      for (let attempt = 0; attempt < 300 && !/listening on/.test(run.out()); attempt++)
        await new Promise((resolve) => setTimeout(resolve, 10));
      return /listening on (\S+)/.exec(run.out())?.[1] ?? '';
    },
    async stop() {
      stop();
      await running;
    },
  };
}

/** A data directory whose Local profile holds the API token `local-api-token-0123`. */
async function dataDirWithLocalToken(): Promise<string> {
  const temp = makeTempDir();
  temps.push(temp);
  const argv = ['--data-dir', temp.dir, 'profiles', 'set', 'Local', '--api-token', 'local-api-token-0123'];
  const set = await runCliCaptured(argv);
  expect(set.code, set.stderr).toBe(0);
  return temp.dir;
}

const ordersOf = (url: string, token: string) =>
  fetch(`${url}/orders/unknown`, { headers: { authorization: `Bearer ${token}` } });

describe('checkout-console emulator', () => {
  // Refused on a held port, it said "Start this one on a free port, or use that one." and never
  // how, where `listen` says "pass --port 0".
  it('refused on a held port, says the flag that starts it on a free one', async () => {
    const opened = await openTempConsole({ startEmulator: false });
    try {
      const held = await opened.core.emulator.start(0);
      const byConsole = await runCliCaptured([
        '--data-dir',
        opened.dataDir,
        'emulator',
        '--port',
        String(held.port),
      ]);
      expect(byConsole.code).not.toBe(0);
      expect(byConsole.stderr).toContain(
        `runs this data directory's emulator on port ${held.port}, so this console's emulator is not started there; that one answers as the same emulator (the same orders and settings). Start this one on a free port (pass --port 0), or use that one.`,
      );
      const other = createServer();
      await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
      const port = (other.address() as { port: number }).port;
      const bySomething = await runCliCaptured([
        '--data-dir',
        opened.dataDir,
        'emulator',
        '--port',
        String(port),
      ]);
      await new Promise<void>((resolve) => other.close(() => resolve()));
      expect(bySomething.stderr).toContain('Start it on a free port (pass --port 0), or free the port.');
    } finally {
      await opened.dispose();
    }
  });

  // Two emulators on one data directory share its outbox: each printed every delivery, the
  // other's too, as if it had made it.
  it('prints only the deliveries it made itself', async () => {
    const dataDir = await dataDirWithLocalToken();
    const first = startEmulator(dataDir, {});
    const second = startEmulator(dataDir, {});
    const receiver = await startReceiver();
    try {
      const url = await first.url();
      await second.url();
      const auth = { authorization: 'Bearer local-api-token-0123' };
      const created = await fetch(`${url}/checkout`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(validPayload(receiver.url)),
      });
      expect(created.status).toBe(200);
      const orderId = String(((await created.json()) as Record<string, unknown>)['order_id']);
      const paid = await fetch(`${url}/_emulator/orders/${orderId}/pay`, { method: 'POST', headers: auth });
      expect(paid.status).toBe(200);
      await until(() => receiver.received.length === 1, 'the notification');
      const printed = () =>
        [first.out(), second.out()].filter((out) => out.includes(`delivery  order_approved  ${orderId}`));
      await until(() => printed().length > 0, 'the line of the emulator that made it');
      // The other sees that delivery at its next look at what other processes wrote (once a second).
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(printed()).toHaveLength(1);
    } finally {
      await first.stop();
      await second.stop();
      await receiver.close();
    }
  });

  it("accepts the Local profile's API token, read from the one console it runs on, and masks it", async () => {
    const dataDir = await dataDirWithLocalToken();
    const emulator = startEmulator(dataDir, {});
    try {
      const url = await emulator.url();
      expect((await ordersOf(url, 'local-api-token-0123')).status).toBe(404);
      expect((await ordersOf(url, 'another-token')).status).toBe(401);
      expect(emulator.out()).not.toContain('local-api-token-0123');
      expect(emulator.out()).not.toContain('generated');
    } finally {
      await emulator.stop();
    }
  });

  it("a flag wins over the Local profile's token", async () => {
    const emulator = startEmulator(await dataDirWithLocalToken(), { apiToken: 'flag-api-token-0123' });
    try {
      const url = await emulator.url();
      expect((await ordersOf(url, 'flag-api-token-0123')).status).toBe(404);
      expect((await ordersOf(url, 'local-api-token-0123')).status).toBe(401);
      expect(emulator.out()).toMatch(/api token ••••0123; notification token ••••/);
    } finally {
      await emulator.stop();
    }
  });

  // It kept the tokens it started with while `serve` followed the profile: rotated in another
  // console on the data directory, the new API token got 401 and the old one still passed, and
  // notifications were signed with the old secret.
  it("follows the Local profile's tokens as another console on the data directory changes them", async () => {
    const dataDir = await dataDirWithLocalToken();
    const emulator = startEmulator(dataDir, {});
    const receiver = await startReceiver();
    try {
      const url = await emulator.url();
      const rotate = await runCliCaptured([
        ...['--data-dir', dataDir, 'profiles', 'set', 'Local'],
        ...['--api-token', 'rotated-api-token-4567', '--notification-token', 'rotated-notification-secret'],
      ]);
      expect(rotate.code, rotate.stderr).toBe(0);
      // Another process's commit is seen at the next look (once a second).
      for (let look = 0; look < 50 && (await ordersOf(url, 'rotated-api-token-4567')).status !== 404; look++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await ordersOf(url, 'rotated-api-token-4567')).status).toBe(404);
      expect((await ordersOf(url, 'local-api-token-0123')).status).toBe(401);

      const auth = { authorization: 'Bearer rotated-api-token-4567' };
      const created = await fetch(`${url}/checkout`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(validPayload(receiver.url)),
      });
      expect(created.status).toBe(200);
      const orderId = String(((await created.json()) as Record<string, unknown>)['order_id']);
      expect(
        (await fetch(`${url}/_emulator/orders/${orderId}/pay`, { method: 'POST', headers: auth })).status,
      ).toBe(200);
      await until(() => receiver.received.length === 1, 'the notification');
      const token = receiver.received[0]?.url.searchParams.get('serviceToken') ?? '';
      const secret = new TextEncoder().encode('rotated-notification-secret');
      await expect(jwtVerify(token, secret, { algorithms: ['HS256'] })).resolves.toBeDefined();
      expect(emulator.out()).toContain("Its tokens follow the Local profile's");
    } finally {
      await emulator.stop();
      await receiver.close();
    }
  });

  it('keeps a token given by flag when the profile changes, and says so at start', async () => {
    const dataDir = await dataDirWithLocalToken();
    const emulator = startEmulator(dataDir, { apiToken: 'flag-api-token-0123' });
    try {
      const url = await emulator.url();
      expect(emulator.out()).toContain(
        "It keeps the API token given by --api-token for this run (a change to the Local profile's does not reach it); its notification token follows the Local profile's.",
      );
      const rotate = await runCliCaptured([
        ...['--data-dir', dataDir, 'profiles', 'set', 'Local', '--api-token', 'rotated-api-token-4567'],
      ]);
      expect(rotate.code, rotate.stderr).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect((await ordersOf(url, 'flag-api-token-0123')).status).toBe(404);
      expect((await ordersOf(url, 'rotated-api-token-4567')).status).toBe(401);
    } finally {
      await emulator.stop();
    }
  });
});
