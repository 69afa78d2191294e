import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { openConsole, test, expect } from '../fixtures/console-test';
import {
  cliPath,
  freePort,
  pointLocalProfile,
  startServedConsole,
  type ServedConsole,
} from '../fixtures/serve-process';
import { JwtPage } from '../pages/jwt-page';
import { TimelinePage } from '../pages/timeline-page';

const run = promisify(execFile);
const env = { ...process.env, CHECKOUT_CONSOLE_KEYCHAIN: 'off' };

/** `checkout-console --data-dir DIR open --no-browser`, through the built CLI as a user runs it. */
async function openCommand(dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [cliPath, '--data-dir', dataDir, 'open', '--no-browser'],
      { env, encoding: 'utf8' },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The serve process's control file: its path, the pid it names, and the secret inside. */
function controlFileOf(served: ServedConsole): { path: string; pid: number; secret: string } {
  const names = readdirSync(served.dataDir).filter((name) => /^serve-\d+\.control\.json$/.test(name));
  expect(names).toHaveLength(1);
  const name = names[0] ?? '';
  const path = join(served.dataDir, name);
  const { pid, secret } = JSON.parse(readFileSync(path, 'utf8')) as { pid: number; secret: string };
  expect(name).toBe(`serve-${pid}.control.json`);
  return { path, pid, secret };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function deliverWebhook(page: Page, listener: string, token: string): Promise<number> {
  const response = await page.request.post(`${listener}/webhooks?serviceToken=${token}`, {
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    data: JSON.stringify({
      order_id: '0e7b8d0c-51f3-4b8e-9a55-0b1e4f7d2c11',
      order_reference_id: 'REF-REENTRY-1',
      order_number: 'N-1',
      event_type: 'order_approved',
      data: [],
    }),
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { id: number }).id;
}

test('a lost tab gets back in with checkout-console open: same process, listener and records', async ({
  page,
  served,
  browser,
}) => {
  const control = controlFileOf(served);
  expect(statSync(control.path).mode & 0o777).toBe(0o600);
  expect(served.output()).not.toContain(control.secret);

  await openConsole(page, served);
  const listener = await new JwtPage(page).listenerUrl();
  // Any token will do: the listener records every delivery, with its verdict.
  const recordId = await deliverWebhook(page, listener, 'not-a-token');
  const timeline = new TimelinePage(page);
  await timeline.open();
  await expect(timeline.row(recordId)).toBeVisible();

  // The tab is lost; the printed link is spent. The page says how to get back in.
  await page.context().close();
  const lost = await browser.newContext();
  const again = await lost.newPage();
  const spent = await again.goto(served.launchUrl);
  expect(spent?.status()).toBe(401);
  await expect(again.getByRole('heading', { level: 1 })).toHaveText(
    'This sign-in link has already been used or is not valid',
  );
  await expect(again.getByTestId('open-command')).toHaveText(
    `npx checkout-console --data-dir ${served.dataDir} open`,
  );
  await expect(again.getByTestId('still-running')).toContainText(
    'the listener, the emulator and your history were not touched',
  );

  const opened = await openCommand(served.dataDir);
  expect(opened.stderr).toBe('');
  expect(opened.code).toBe(0);
  expect(opened.stdout).not.toContain(control.secret);
  const link = /already running at \S+: (\S+)/.exec(opened.stdout)?.[1] ?? '';
  expect(link).toMatch(new RegExp(`^${served.origin}/\\?token=`));

  await again.goto(link);
  await expect(again.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  expect(again.url()).not.toContain('token=');
  // The same console: the record sent before is there, the listener was not restarted (its
  // port was picked at random when serve started), and serve is the same live process.
  const timelineAgain = new TimelinePage(again);
  await timelineAgain.open();
  await expect(timelineAgain.row(recordId)).toBeVisible();
  expect(await new JwtPage(again).listenerUrl()).toBe(listener);
  expect(controlFileOf(served).pid).toBe(control.pid);
  expect(isAlive(control.pid)).toBe(true);

  // The new link is one-time like the first.
  const third = await browser.newContext();
  expect((await (await third.newPage()).goto(link))?.status()).toBe(401);
  await third.close();
  await lost.close();
});

test('serve removes its control file when it stops; open then says no console is serving', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-e2e-reentry-'));
  try {
    await pointLocalProfile(dataDir, { listenerPort: 0, baseUrl: `http://127.0.0.1:${await freePort()}` });
    const served = await startServedConsole({}, dataDir);
    const control = controlFileOf(served);
    await served.stop();
    expect(existsSync(control.path)).toBe(false);
    const opened = await openCommand(dataDir);
    expect(opened.code).toBe(1);
    expect(opened.stderr).toBe(
      `error: no console is serving from ${dataDir}; start it with npx checkout-console --data-dir ${dataDir} serve\n`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
