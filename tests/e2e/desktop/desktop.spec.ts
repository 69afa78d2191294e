import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { findElectronBinary } from '../../../scripts/electron-binary.mjs';
import { projectRoot } from '../fixtures/serve-process';

// Runs wherever an Electron binary exists; elsewhere it skips with the one reason why.
const binary = findElectronBinary();
const skipReason =
  binary.path === null ? `desktop e2e skipped: no Electron binary here (${binary.reason})` : null;
if (skipReason !== null) process.stdout.write(`${skipReason}\n`);
test.skip(skipReason !== null, skipReason ?? '');

let app: ElectronApplication;
let page: Page;
let userData: string;

test.beforeEach(async () => {
  userData = mkdtempSync(join(tmpdir(), 'cc-desktop-'));
  app = await electron.launch({
    executablePath: binary.path ?? undefined,
    args: [projectRoot],
    env: { ...process.env, CHECKOUT_CONSOLE_DATA_DIR: userData, CHECKOUT_CONSOLE_KEYCHAIN: 'off' },
    timeout: 30_000,
  });
  page = await app.firstWindow();
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
});

test.afterEach(async () => {
  await Promise.race([app.close(), new Promise((resolve) => setTimeout(resolve, 10_000))]);
  rmSync(userData, { recursive: true, force: true });
});

test('the window opens with the secure webPreferences', async () => {
  // getLastWebPreferences is not in Electron's typings any more but still exists at run time.
  const preferences = await app.evaluate(({ BrowserWindow }) => {
    const [first] = BrowserWindow.getAllWindows();
    const contents = first?.webContents as unknown as { getLastWebPreferences?: () => unknown } | undefined;
    return contents?.getLastWebPreferences?.() ?? null;
  });
  if (preferences !== null) {
    expect(preferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webviewTag: false,
    });
  }
  expect(page.url()).toBe('app://console/index.html');
  // What those preferences mean, seen from the page: no Node, only our named functions.
  const seen = await page.evaluate(() => ({
    require: typeof (window as unknown as { require?: unknown }).require,
    process: typeof (window as unknown as { process?: unknown }).process,
    api: Object.keys((window as unknown as { checkoutConsole?: object }).checkoutConsole ?? {}),
  }));
  expect(seen.require).toBe('undefined');
  expect(seen.process).toBe('undefined');
  expect(seen.api).toContain('listProfiles');
  expect(seen.api).not.toContain('invoke');
});

test('navigation away and window.open are blocked', async () => {
  await page.evaluate(() => {
    window.location.href = 'https://example.com/';
  });
  await expect.poll(() => page.url()).toBe('app://console/index.html');
  const opened = await page.evaluate(() => window.open('https://example.com/') === null);
  expect(opened).toBe(true);
  expect(app.windows()).toHaveLength(1);
});

test('the profile switcher works over real IPC', async () => {
  await page
    .getByRole('radiogroup', { name: 'Active profile' })
    .getByRole('radio', { name: 'Sandbox' })
    .click();
  await expect(page.getByTestId('active-profile')).toHaveText('Sandbox · sandbox');
});
