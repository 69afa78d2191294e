import { connect, createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { PushEvent } from '../../src/shared/contract';
import { DEFAULT_LISTENER_SETTINGS } from '../../src/shared/listener';
import { signWith, payload } from '../fixtures/hostile-webhooks';
import { rawRequest } from './helpers/http';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';
import { makeTempDir, openTempConsole } from './helpers/temp-console';
import { createConsole } from '../../src/main/app';

const KEEP = { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } } as const;
let open: ListeningConsole | null = null;
let blocker: Server | null = null;
afterEach(async () => {
  await open?.dispose();
  open = null;
  await new Promise<void>((resolve) => (blocker === null ? resolve() : blocker.close(() => resolve())));
  blocker = null;
});

async function takePort(): Promise<number> {
  blocker = createServer();
  const server = blocker;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function waitFor<T>(read: () => T, ok: (value: T) => boolean, attempts = 300): Promise<T> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const value = read();
    if (ok(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('timed out waiting');
}

async function postEvent(origin: string, token: string) {
  return rawRequest(`${origin}/notify?serviceToken=${token}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: payload('order_approved'),
  });
}

describe('the listener in the app', () => {
  it('starts on the active profile, answers 200 {received, id}, and stores before answering', async () => {
    open = await openListeningConsole();
    const token = await signWith(open.secret, { iat: Math.floor(Date.now() / 1000) });
    const response = await postEvent(open.origin, token);
    expect(response.status).toBe(200);
    const answer = JSON.parse(response.body) as { received: boolean; id: number };
    expect(answer).toEqual({ received: true, id: expect.any(Number) });
    const row = open.core.events.getDetail(answer.id);
    expect(row).toMatchObject({
      kind: 'webhook',
      tokenVerdict: 'valid',
      bodyVerdict: 'event',
      status: 200,
      profileName: 'Local',
    });
    expect(row?.details).toMatchObject({ response: { status: 200, delayMs: 0 } });
    const status = open.core.listener.status();
    expect(status).toMatchObject({
      running: true,
      configuredPort: 0,
      profileName: 'Local',
      error: null,
      hasNotificationToken: true,
      notificationTokenUnopened: null,
    });
  });

  it('plays a failing merchant: configured status and delay, stored', async () => {
    open = await openListeningConsole();
    const result = await open.core.dispatcher(
      'updateListenerSettings',
      { respondStatus: 503, responseDelayMs: 150 },
      { transport: 'direct' },
    );
    expect(result.ok).toBe(true);
    const started = Date.now();
    const response = await postEvent(open.origin, 'x.y.z');
    expect(response.status).toBe(503);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    const id = (JSON.parse(response.body) as { id: number }).id;
    // Stored as answered once the answer went out, not before (the row is updated then).
    const listening = open;
    const row = await waitFor(
      () => listening.core.events.getDetail(id),
      (detail) => detail?.status !== null,
    );
    expect(row).toMatchObject({
      status: 503,
      tokenVerdict: 'malformed',
      details: { response: { status: 503, delayMs: 150 } },
    });
  });

  it('stores the answer it sends with the row, in the same write, and how long answering took', async () => {
    open = await openListeningConsole();
    const token = await signWith(open.secret, { iat: Math.floor(Date.now() / 1000) });
    const response = await postEvent(open.origin, token);
    const id = (JSON.parse(response.body) as { id: number }).id;
    // Read at once: the answer is on the row before any later write could have added it.
    const row = open.core.events.getDetail(id);
    expect(row?.responseBody?.text).toBe(response.body);
    expect(row?.responseHeaders).toContainEqual(['Content-Length', String(Buffer.byteLength(response.body))]);
    expect(row?.durationMs).toEqual(expect.any(Number));
    expect(row?.error).toBeNull();
  });

  it('a client that leaves before a delayed answer: the row keeps the request and says no answer went out', async () => {
    open = await openListeningConsole();
    await open.core.dispatcher('updateListenerSettings', { responseDelayMs: 400 }, { transport: 'direct' });
    const before = open.core.events.count();
    const { port } = new URL(open.origin);
    const body = payload('order_approved');
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /leaving HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    const listening = open;
    await waitFor(
      () => listening.core.events.count(),
      (count) => count > before,
    );
    socket.destroy();
    const row = await waitFor(
      () => listening.core.events.getDetail(before + 1),
      (detail) => detail?.error?.includes('closed the connection before the answer was sent') === true,
    );
    // No answer went out: the row claims no status (docs/listener.md, How it answers).
    expect(row).toMatchObject({ path: '/leaving', status: null, responseBody: null, responseHeaders: null });
    expect(row?.requestBody?.text).toBe(body);
  });

  it('keeps its settings in the settings table, with documented defaults', async () => {
    const temp = await openTempConsole();
    expect(temp.core.listener.settings()).toEqual(DEFAULT_LISTENER_SETTINGS);
    expect(DEFAULT_LISTENER_SETTINGS).toEqual({
      respondStatus: 200,
      responseDelayMs: 0,
      bodyLimitBytes: 1048576,
      clockToleranceSeconds: 60,
      forwardTo: null,
    });
    temp.core.listener.updateSettings({ bodyLimitBytes: 2048, forwardTo: 'http://127.0.0.1:9/hooks' });
    const bad = await temp.core.dispatcher(
      'updateListenerSettings',
      { respondStatus: 99 },
      { transport: 'direct' },
    );
    expect(bad).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', issues: [{ path: 'respondStatus' }] },
    });
    await temp.core.close();
    const { createConsole } = await import('../../src/main/app');
    const again = await createConsole({ dataDir: temp.dataDir, frontDoor: 'cli', keychain: 'off' });
    expect(again.listener.settings()).toMatchObject({
      bodyLimitBytes: 2048,
      forwardTo: 'http://127.0.0.1:9/hooks',
    });
    expect(again.listener.status()).toMatchObject({
      running: false,
      error: expect.stringContaining(`npx checkout-console --data-dir ${temp.dataDir} listen`),
    });
    await again.close();
    await temp.dispose().catch(() => undefined);
  });

  it('a taken port is a status with a reason, not a crash; it recovers when the port changes', async () => {
    open = await openListeningConsole();
    const pushed: PushEvent[] = [];
    open.core.bus.subscribe((event) => pushed.push(event));
    const taken = await takePort();
    const local = open.core.profiles.active();
    open.core.profiles.update(local.id, { listenerPort: taken }, KEEP);
    const failed = await waitFor(
      () => open?.core.listener.status(),
      (status) => status?.error != null,
    );
    expect(failed).toMatchObject({ running: false, port: null, configuredPort: taken });
    expect(failed?.error).toMatch(new RegExp(`Port ${taken} is already in use`));
    // A second console on the data directory is the usual holder: nothing is lost then.
    expect(failed?.error).toContain('If that is another console on this data directory');
    expect(pushed.some((event) => event.name === 'listener.status' && event.payload.error !== null)).toBe(
      true,
    );

    open.core.profiles.update(local.id, { listenerPort: 0 }, KEEP);
    const back = await waitFor(
      () => open?.core.listener.status(),
      (status) => status?.running === true,
    );
    expect(back?.error).toBeNull();
    expect(back?.port).not.toBe(taken);
  });

  it('a profile save through the bridge is answered once the listener has followed its port', async () => {
    open = await openListeningConsole();
    const taken = await takePort();
    const local = open.core.profiles.active();
    const save = (listenerPort: number) =>
      open?.core.dispatcher(
        'updateProfile',
        { id: local.id, fields: { listenerPort } },
        { transport: 'direct' },
      );
    // Read as soon as the save is answered, with no wait: the Profiles form says what it reads then.
    expect(await save(taken)).toMatchObject({ ok: true });
    const failed = open.core.listener.status();
    expect(failed).toMatchObject({ running: false, configuredPort: taken, portTakenBy: 'other' });
    expect(failed.error).toContain(`Port ${taken} is already in use`);

    expect(await save(0)).toMatchObject({ ok: true });
    expect(open.core.listener.status()).toMatchObject({ running: true, error: null });
  });

  it("a port something else holds: the status says so, and a send's notification line does not claim a console listens there", async () => {
    // The Request tab said the listener port was filled in "where a console on this data
    // directory listens while it runs", while this console knew its own listener had not bound
    // the port and something else took the order's notifications there.
    open = await openListeningConsole();
    const taken = await takePort();
    const local = open.core.profiles.active();
    open.core.profiles.update(local.id, { listenerPort: taken }, KEEP);
    const failed = await waitFor(
      () => open?.core.listener.status(),
      (status) => status?.error != null,
    );
    expect(failed).toMatchObject({ running: false, portTakenBy: 'other' });
    const { notification } = open.core.merchantApi.prepareCheckout({
      profileId: local.id,
      body: { kind: 'json', payload: { merchant_url: {} } },
      injectNotificationUrl: true,
    });
    expect(notification.url).toBe(`http://127.0.0.1:${taken}`);
    expect(notification.reason).toBe(
      `merchant_url.notification was empty: filled in with the profile's listener port, though this console's listener is not running: something else on this machine held port ${taken} when it tried to listen there (the Listener view says so), and takes what is sent there instead of this console.`,
    );
    expect(notification.reason).not.toContain('a console on this data directory listens');

    // The program lets the port go: the view was told nothing and said the port was in use
    // until a reload. Main looks again while the port is held, and pushes what it finds.
    const pushed: PushEvent[] = [];
    open.core.bus.subscribe((event) => pushed.push(event));
    await new Promise<void>((resolve) => blocker?.close(() => resolve()));
    blocker = null;
    const freed = await waitFor(
      () => pushed.findLast((event) => event.name === 'listener.status')?.payload,
      (status) => status !== undefined && status.portTakenBy === null,
      1_000,
    );
    expect(freed).toMatchObject({ running: false, portTakenBy: null });
    expect(freed?.error).toBe(
      `Port ${taken} was held by another program, which has let it go since: nothing listens there now, so webhooks sent to it are not received. Restart the listener (Listener view) to start this console's listener on it.`,
    );
    expect(open.core.listener.status().error).toBe(freed?.error);
    const restarted = await open.core.listener.restart();
    expect(restarted).toMatchObject({ running: true, port: taken, error: null, portTakenBy: null });

    // Running again (on a free port), the status no longer says the port is taken.
    open.core.profiles.update(local.id, { listenerPort: 0 }, KEEP);
    const back = await waitFor(
      () => open?.core.listener.status(),
      (status) => status?.running === true,
    );
    expect(back?.portTakenBy).toBeNull();
  });

  it('restarts on the new active profile and verifies with its token', async () => {
    open = await openListeningConsole();
    const sandbox = open.core.profiles.findByName('Sandbox');
    if (sandbox === undefined) throw new Error('no Sandbox');
    open.core.profiles.update(
      sandbox.id,
      { listenerPort: 0 },
      { apiToken: { action: 'keep' }, notificationToken: { action: 'set', value: 'sandbox-secret-xyz' } },
    );
    const before = open.core.listener.status().url;
    open.core.profiles.activate(sandbox.id);
    const moved = await waitFor(
      () => open?.core.listener.status(),
      (status) => status?.profileName === 'Sandbox' && status.running,
    );
    expect(moved?.url).not.toBe(before);
    const url = moved?.url ?? '';
    const good = await postEvent(url, await signWith('sandbox-secret-xyz', {}));
    const forged = await postEvent(url, await signWith(open.secret, {}));
    const read = (body: string) => open?.core.events.getDetail((JSON.parse(body) as { id: number }).id);
    expect(read(good.body)).toMatchObject({ tokenVerdict: 'valid', profileName: 'Sandbox' });
    expect(read(forged.body)).toMatchObject({ tokenVerdict: 'invalid_signature' });

    // A profile with no notification token: every token is no_secret.
    open.core.profiles.update(
      sandbox.id,
      {},
      { apiToken: { action: 'keep' }, notificationToken: { action: 'clear' } },
    );
    await waitFor(
      () => open?.core.listener.status(),
      (status) => status?.hasNotificationToken === false,
    );
    const unverifiable = await postEvent(url, await signWith('sandbox-secret-xyz', {}));
    expect(read(unverifiable.body)).toMatchObject({ tokenVerdict: 'no_secret' });
  });

  it('answers 413 over the body limit and keeps the first 64 KiB', async () => {
    open = await openListeningConsole();
    open.core.listener.updateSettings({ bodyLimitBytes: 100_000 });
    const response = await rawRequest(`${open.origin}/big`, {
      method: 'POST',
      body: Buffer.alloc(200_000, 0x7b),
    });
    expect(response.status).toBe(413);
    const id = (JSON.parse(response.body) as { id: number }).id;
    expect(open.core.events.getDetail(id)?.requestBody).toMatchObject({ size: 200_000, truncated: true });
    expect(open.core.events.getRow(id)?.request_body?.byteLength).toBe(65_536);
  });

  // docs/listener.md said every 413 closed the connection, docs/limits.md only past 16 MiB over
  // the limit. A body read to its end leaves the connection usable; one still being sent does not.
  it('keeps the connection after a 413 whose body was read whole, closes it past 16 MiB over the limit', async () => {
    open = await openListeningConsole();
    open.core.listener.updateSettings({ bodyLimitBytes: 1024 });
    const port = Number(new URL(open.origin).port);
    const head = (size: number) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        let text = '';
        socket.on('data', (chunk: Buffer) => {
          text += chunk.toString('latin1');
          const end = text.indexOf('\r\n\r\n');
          if (end === -1) return;
          socket.destroy();
          resolve(text.slice(0, end));
        });
        // The server may close while the rest of a body past the cap is still being written.
        socket.on('error', () => undefined);
        socket.on('close', () => reject(new Error(`closed with no answer: ${text}`)));
        socket.write(`POST /big HTTP/1.1\r\nHost: x\r\nContent-Length: ${size}\r\n\r\n`);
        socket.write(Buffer.alloc(size, 0x7b));
      });
    const moderate = await head(5_000_000);
    expect(moderate).toMatch(/^HTTP\/1\.1 413 /);
    expect(moderate).toMatch(/\r\nConnection: keep-alive\r\n/i);
    const huge = await head(18_000_000);
    expect(huge).toMatch(/^HTTP\/1\.1 413 /);
    expect(huge).toMatch(/\r\nConnection: close\r\n/i);
  });

  it('pushes timeline.appended for each webhook, with its verdicts', async () => {
    open = await openListeningConsole();
    const pushed: PushEvent[] = [];
    open.core.bus.subscribe((event) => pushed.push(event));
    await postEvent(open.origin, await signWith(open.secret, {}));
    const appended = pushed.find((event) => event.name === 'timeline.appended');
    expect(appended?.payload).toMatchObject({
      kind: 'webhook',
      tokenVerdict: 'valid',
      bodyVerdict: 'event',
      eventType: 'order_approved',
    });
  });

  it('handles 200 concurrent webhooks: each answered with its own committed row', async () => {
    open = await openListeningConsole();
    const token = await signWith(open.secret, {});
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => postEvent(open?.origin ?? '', token)),
    );
    const ids = responses.map((response) => (JSON.parse(response.body) as { id: number }).id);
    expect(new Set(ids).size).toBe(200);
    for (const id of ids) expect(open.core.events.getSummary(id)?.tokenVerdict).toBe('valid');
  });
});

describe('a run with overrides (the listen command)', () => {
  it('binds its port, verifies with its secret and answers with its status, storing none of it', async () => {
    const given = 'a-secret-given-on-the-command-line';
    const temp = makeTempDir();
    try {
      const core = await createConsole({
        dataDir: temp.dir,
        frontDoor: 'cli',
        keychain: 'off',
        background: true,
        startEmulator: false,
        listener: {
          port: 0,
          secret: { value: given, label: 'the --notification-token given' },
          settings: { respondStatus: 202 },
        },
      });
      const status = core.listener.status();
      expect(status).toMatchObject({ running: true, configuredPort: 0 });
      expect(core.listener.settings().respondStatus).toBe(202);
      const token = await signWith(given, { iat: Math.floor(Date.now() / 1000) });
      const response = await postEvent(status.url ?? '', token);
      expect(response.status).toBe(202);
      const { id } = JSON.parse(response.body) as { id: number };
      expect(core.events.getDetail(id)).toMatchObject({ tokenVerdict: 'valid' });
      await core.close();
      // Nothing of the run was stored: the saved settings and the profile's port are as they were.
      const saved = await createConsole({ dataDir: temp.dir, frontDoor: 'cli', keychain: 'off' });
      expect(saved.listener.settings().respondStatus).toBe(DEFAULT_LISTENER_SETTINGS.respondStatus);
      expect(saved.profiles.active().fields.listenerPort).not.toBe(0);
      await saved.close();
    } finally {
      temp.remove();
    }
  });
});
