import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { expect, openConsole, test as base } from '../fixtures/console-test';
import { closeToasts } from '../fixtures/toasts-seen';
import { cliPath, freePort, startServedConsole, type ServedConsole } from '../fixtures/serve-process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';

const API_TOKEN = 'sk_local_LEAKSCAN_3f9a8b7c6d5e';
const NOTIFICATION_TOKEN = 'whsec_LEAKSCAN_q1w2e3r4t5y6';
const env = { ...process.env, CHECKOUT_CONSOLE_KEYCHAIN: 'off' };

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * A notification token signed with the Local profile's notification token, as the service signs
 * one (HS256, fresh iat/exp). Signed here, not by a CLI run per token: the CLI's own `jwt sign`
 * output is scanned below.
 */
function signedToken(n: number): Promise<string> {
  return new SignJWT({ n })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('15m')
    .sign(new TextEncoder().encode(NOTIFICATION_TOKEN));
}

/** The token as written, and the encodings a careless write would produce. */
const patterns = (token: string) => [token, Buffer.from(token).toString('base64'), encodeURIComponent(token)];

const test = base.extend<{ setup: { served: ServedConsole; dataDir: string } }>({
  setup: async ({}, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-leak-e2e-'));
    const emulator = `http://127.0.0.1:${await freePort()}`;
    const cli = (...args: string[]) =>
      execFileSync(process.execPath, [cliPath, '--data-dir', dataDir, ...args], {
        env,
        stdio: 'pipe',
      }).toString();
    cli(
      'profiles',
      'set',
      'Local',
      '--listener-port',
      '0',
      '--base-url',
      emulator,
      '--api-token',
      API_TOKEN,
      '--notification-token',
      NOTIFICATION_TOKEN,
    );
    const served = await startServedConsole({}, dataDir);
    await use({ served, dataDir });
    await served.stop();
    rmSync(dataDir, { recursive: true, force: true });
  },
});

test('known tokens appear in no bridge message, no screen, no file, no log, no export and no CLI output; tokens in records only when asked', async ({
  page,
  setup,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1600, height: 1000 });
  const frames: string[] = [];
  page.on('websocket', (socket) => {
    socket.on('framesent', (frame) => frames.push(String(frame.payload)));
    socket.on('framereceived', (frame) => frames.push(String(frame.payload)));
  });
  await openConsole(page, setup.served, '#/builder');

  // Real traffic first: a checkout sent to the Local emulator, paid, so webhooks and deliveries exist.
  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  await page.getByRole('tab', { name: 'Request' }).click();
  await expect(page.getByTestId('request-preview')).toContainText('Bearer ••••');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('created-status')).toHaveText('new');
  const orderId = (await page.getByTestId('created-order_id').textContent()) ?? '';
  const checkoutUrl = (await page.getByTestId('created-checkout_url').textContent()) ?? '';
  // The automation endpoint needs the order's page token, which checkout_url carries.
  const pageToken = new URL(checkoutUrl).searchParams.get('token') ?? '';
  expect(
    (
      await page.request.post(
        `${new URL(checkoutUrl).origin}/_emulator/orders/${orderId}/pay?token=${pageToken}`,
      )
    ).status(),
  ).toBe(200);

  // Notification tokens in every spelling a sender may use, through the listener; one of them
  // forwarded to a merchant endpoint, one replayed. None of these may reach a screen or a bridge
  // frame unmasked unless asked (Reveal, Copy, an export with tokens, a cURL with its token).
  const merchant = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ echo: req.headers.authorization ?? null }));
  });
  await new Promise<void>((resolve) => merchant.listen(0, '127.0.0.1', resolve));
  await page.goto(`${setup.served.origin}/#/listener`);
  const listener = (await page.getByTestId('listener-url').textContent()) ?? '';
  await page
    .getByLabel('Forward to')
    .fill(`http://127.0.0.1:${(merchant.address() as AddressInfo).port}/hooks`);
  await page.getByRole('button', { name: 'Save listener settings' }).click();
  await expect(page.getByLabel('Forward to')).toHaveValue(/\/hooks$/);
  const jwts: string[] = [];
  const spellings: ((token: string) => [string, Record<string, string>])[] = [
    (t) => [`?serviceToken=${t}`, { Authorization: `Bearer ${t}` }],
    (t) => ['', { authorization: `bearer ${t}` }],
    (t) => ['', { AUTHORIZATION: t }],
    (t) => [`?a=1&servicetoken=${t}`, {}],
    (t) => [`?service%54oken=${t}`, {}],
  ];
  const webhookIds: number[] = [];
  for (const [index, spell] of spellings.entries()) {
    const token = await signedToken(index);
    jwts.push(token);
    const [query, headers] = spell(token);
    const response = await page.request.post(`${listener}/notify${query}`, {
      headers: { 'Content-Type': 'application/json', ...headers },
      data: JSON.stringify({ order_id: orderId, event_type: 'order_approved', echo: token }),
    });
    expect(response.status()).toBe(200);
    webhookIds.push(((await response.json()) as { id: number }).id);
  }
  await page.goto(`${setup.served.origin}/#/replay?ids=${webhookIds[0]}`);
  await page.getByRole('button', { name: /^Replay 1$/ }).click();
  await expect(page.getByTestId('replay-progress')).toHaveAttribute('data-state', 'done');
  await page.goto(`${setup.served.origin}/#/timeline`);
  await expect(page.getByTestId('timeline-row').filter({ hasText: 'forward' })).toHaveCount(
    spellings.length + 1,
  );
  // (The replay's arrival is forwarded too.)
  merchant.close();

  // Every screen, as the navigation lists them.
  const nav = page.getByRole('navigation', { name: 'Main' });
  const views = await nav.locator('a, button').allTextContents();
  expect(views.length).toBeGreaterThanOrEqual(10);
  const dom: string[] = [];
  for (const view of views) {
    await nav.getByText(view.trim(), { exact: true }).click();
    await page.waitForLoadState('networkidle');
    dom.push(await page.content());
  }
  // Every record's detail, each tab: webhooks in every spelling, the replay, the forwards, the
  // request with its API token; the JWT inspector opened from a record; the order.
  // (The emulator's deliveries carry its own tokens; the listener's records of them are scanned.)
  // A replay and the listener's record of it share a row, so each kind is listed on its own:
  // every row is then one record.
  const ids: number[] = [];
  for (const kinds of ['kind=webhook&kind=forward&kind=request', 'kind=replay']) {
    await page.goto(`${setup.served.origin}/#/timeline?${kinds}`);
    await expect(page.getByRole('table', { name: 'Timeline records' })).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByTestId('timeline-row').first()).toBeVisible();
    ids.push(
      ...(await page
        .getByTestId('timeline-row')
        .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-id'))))),
    );
  }
  expect(ids.length).toBeGreaterThan(spellings.length * 2 + 2);
  for (const id of ids) {
    await page.goto(`${setup.served.origin}/#/timeline?id=${id}`);
    const detail = page.getByTestId('event-detail');
    await expect(detail).toHaveAttribute('data-id', String(id));
    await expect(detail.getByRole('tab', { name: 'Overview' })).toBeVisible();
    for (const tab of ['Overview', 'Request', 'Response']) {
      await detail.getByRole('tab', { name: tab }).click();
      dom.push(await page.content());
    }
  }
  for (const id of webhookIds) {
    await page.goto(`${setup.served.origin}/#/jwt?event=${id}`);
    await expect(page.getByTestId('record-tokens')).toBeVisible();
    dom.push(await page.content());
  }
  await page.goto(`${setup.served.origin}/#/orders?id=${orderId}`);
  await expect(page.getByTestId('order-detail')).toBeVisible();
  dom.push(await page.content());
  await page.goto(`${setup.served.origin}/#/history`);
  await expect(page.getByTestId('history-row').first()).toBeVisible();
  dom.push(await page.content());
  // Up to here nothing asked for a token: no frame and no screen may hold one.
  const unasked = frames.length;
  // An export with every token it may carry (asked for: notification tokens may be in it).
  await page.goto(`${setup.served.origin}/#/history`);
  // The followed order's webhooks are toasts over Export, 8 s each and queued five at a time.
  await closeToasts(page);
  const download = page.waitForEvent('download');
  await page.getByLabel(/Include tokens/).check();
  await page.getByRole('button', { name: /^Export/ }).click();
  const exported = readFileSync(await (await download).path(), 'utf8');

  // The CLI, every command that reads something.
  const cli = (...args: string[]) => {
    try {
      return execFileSync(process.execPath, [cliPath, '--data-dir', setup.dataDir, ...args], {
        env,
        stdio: 'pipe',
      }).toString();
    } catch (error) {
      const failed = error as { stdout?: Buffer; stderr?: Buffer };
      return `${failed.stdout?.toString() ?? ''}${failed.stderr?.toString() ?? ''}`;
    }
  };
  const outputs = [
    cli('profiles', 'list', '--json'),
    cli('profiles', 'list'),
    cli('history', '--json', '--limit', '50'),
    cli('export', '--format', 'json', '--include-tokens'),
    cli('export', '--format', 'har', '--include-tokens'),
    cli('curl', '1'),
    cli('jwt', 'sign', '--profile', 'Local'),
    cli('--help'),
  ];

  const haystacks: [string, string][] = [
    ...frames.map((frame, index): [string, string] => [`bridge message ${index}`, frame]),
    ...dom.map((html, index): [string, string] => [`screen ${views[index] ?? index}`, html]),
    ['export', exported],
    ...outputs.map((output, index): [string, string] => [`CLI run ${index}`, output]),
    ...filesUnder(setup.dataDir).map((file): [string, string] => [
      file,
      readFileSync(file).toString('latin1'),
    ]),
  ];
  expect(frames.length).toBeGreaterThan(20);
  const leaks = haystacks.flatMap(([where, text]) =>
    [API_TOKEN, NOTIFICATION_TOKEN].flatMap((token) =>
      patterns(token)
        .filter((pattern) => text.includes(pattern))
        .map(() => where),
    ),
  );
  expect(leaks).toEqual([]);
  // The notification tokens that rode in records: in no frame and on no screen until asked.
  const unaskedHaystacks: [string, string][] = [
    ...frames.slice(0, unasked).map((frame, index): [string, string] => [`bridge message ${index}`, frame]),
    ...dom.map((html, index): [string, string] => [`screen ${index}`, html]),
  ];
  const tokenLeaks = unaskedHaystacks.flatMap(([where, text]) =>
    jwts.flatMap((token, index) =>
      patterns(token)
        .filter((pattern) => text.includes(pattern))
        .map(() => `spelling ${index} in ${where}`),
    ),
  );
  expect(tokenLeaks).toEqual([]);
});
