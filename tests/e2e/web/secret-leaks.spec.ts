import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, openConsole, test as base } from '../fixtures/console-test';
import { cliPath, freePort, startServedConsole, type ServedConsole } from '../fixtures/serve-process';
import { mkdtempSync, rmSync } from 'node:fs';
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

test('known tokens appear in no bridge message, no screen, no file, no log, no export and no CLI output', async ({
  page,
  setup,
}) => {
  test.setTimeout(120_000);
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
  // A record's detail pane too, and an export with every token it may carry.
  await page.goto(`${setup.served.origin}/#/timeline?kind=webhook`);
  await expect(page.getByTestId('timeline-row').first()).toBeVisible();
  await page.getByTestId('timeline-row').first().click();
  dom.push(await page.content());
  await page.goto(`${setup.served.origin}/#/history`);
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
});
