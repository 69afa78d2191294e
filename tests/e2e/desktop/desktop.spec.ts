import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { electronAbi, findElectronBinary } from '../../../scripts/electron-binary.mjs';
import { projectRoot } from '../fixtures/serve-process';
import { CommandPalette } from '../pages/command-palette';
import { ProfilesPage } from '../pages/profiles-page';
import { desktopSkipReason } from './desktop-skip';

// Runs wherever the app can start (an Electron binary, better-sqlite3 built for its ABI);
// elsewhere it skips with the one reason why.
const binary = findElectronBinary();
const skipReason = desktopSkipReason(binary, projectRoot, electronAbi());
if (skipReason !== null) process.stdout.write(`${skipReason}\n`);
test.skip(skipReason !== null, skipReason ?? '');

const CLOSE_TIMEOUT_MS = 10_000;

let app: ElectronApplication;
let page: Page;
let userData: string;

function appEnv(dataDir: string): Record<string, string> {
  return { ...process.env, CHECKOUT_CONSOLE_DATA_DIR: dataDir, CHECKOUT_CONSOLE_KEYCHAIN: 'off' } as Record<
    string,
    string
  >;
}

/**
 * Launches the app on `dataDir` and waits for the renderer's ready marker. The system browser
 * is stubbed in main at once: shell.openExternal records the URL instead of opening it, so no
 * test ever sends traffic off the machine.
 */
async function launch(dataDir: string): Promise<void> {
  app = await electron.launch({
    executablePath: binary.path ?? undefined,
    args: [projectRoot],
    env: appEnv(dataDir),
    timeout: 30_000,
  });
  await app.evaluate(({ shell }) => {
    const opened: string[] = [];
    (globalThis as unknown as { openedExternally: string[] }).openedExternally = opened;
    shell.openExternal = async (url: string) => {
      opened.push(url);
    };
  });
  page = await app.firstWindow();
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
}

function openedExternally(): Promise<string[]> {
  return app.evaluate(() =>
    [...(globalThis as unknown as { openedExternally: string[] }).openedExternally].sort(),
  );
}

/** Closes the app, but never hangs the run on a stuck shutdown. */
async function closeApp(): Promise<void> {
  await Promise.race([app.close(), new Promise((resolve) => setTimeout(resolve, CLOSE_TIMEOUT_MS))]);
}

/** The console's question before an address leaves for the system browser (ui/open-external.tsx). */
function openConfirmation(host: string) {
  return page.getByRole('dialog', { name: `Open ${host}?` });
}

/** The menu items ticked in the Profile menu. */
function tickedProfiles(): Promise<string[]> {
  return app.evaluate(({ Menu }) => {
    const menu = Menu.getApplicationMenu();
    const ids = ['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((slot) => `switch-profile-${slot}`);
    return ids.filter((id) => menu?.getMenuItemById(id)?.checked === true);
  });
}

/** Clicks one of our menu items by id, as a person would from the menu bar. */
async function clickMenuItem(id: string): Promise<void> {
  const found = await app.evaluate(({ Menu }, itemId) => {
    const item = Menu.getApplicationMenu()?.getMenuItemById(itemId);
    item?.click();
    return item !== null && item !== undefined;
  }, id);
  expect(found, `menu item ${id}`).toBe(true);
}

test.beforeEach(async () => {
  userData = mkdtempSync(join(tmpdir(), 'cc-desktop-'));
  await launch(userData);
});

test.afterEach(async () => {
  await closeApp();
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
  // Offered to the system browser only through the confirmation: nothing opened unasked.
  await expect(openConfirmation('example.com').first()).toBeVisible();
  expect(await openedExternally()).toEqual([]);
});

test('external links go to the system browser through shell.openExternal (stubbed), once confirmed', async () => {
  // A link that would leave the window comes back from main to the renderer, which asks first,
  // showing where it goes: an address the service gave (a checkout_url) is never opened unasked.
  await page.evaluate(() => {
    window.open('https://example.com/from-window-open');
  });
  const fromWindowOpen = openConfirmation('example.com');
  await expect(fromWindowOpen.getByTestId('external-url')).toHaveText('https://example.com/from-window-open');
  expect(await openedExternally()).toEqual([]);
  await fromWindowOpen.getByRole('button', { name: 'Open in the browser' }).click();
  await expect(fromWindowOpen).toBeHidden();
  await expect.poll(openedExternally).toEqual(['https://example.com/from-window-open']);

  await page.evaluate(() => {
    window.location.href = 'https://example.com/from-navigation';
  });
  const fromNavigation = openConfirmation('example.com');
  await expect(fromNavigation.getByTestId('external-url')).toHaveText('https://example.com/from-navigation');
  await fromNavigation.getByRole('button', { name: 'Open in the browser' }).click();
  await expect(fromNavigation).toBeHidden();

  // Cancel opens nothing.
  await page.evaluate(() => {
    window.open('https://example.com/cancelled');
  });
  const cancelled = openConfirmation('example.com');
  await expect(cancelled.getByTestId('external-url')).toHaveText('https://example.com/cancelled');
  await cancelled.getByRole('button', { name: 'Cancel' }).click();
  await expect(cancelled).toBeHidden();

  // The Help menu's links are the project's own, not the service's: they open without a question.
  await clickMenuItem('help-project');
  // Not web links: never handed to the OS, nor asked about.
  await page.evaluate(() => {
    window.open('file:///etc/passwd');
  });

  await expect
    .poll(openedExternally)
    .toEqual(
      [
        'https://example.com/from-navigation',
        'https://example.com/from-window-open',
        'https://github.com/checkoutconsole/checkout-console',
      ].sort(),
    );
  await expect(page.getByRole('dialog', { name: /^Open / })).toHaveCount(0);
  expect(page.url()).toBe('app://console/index.html');
  expect(app.windows()).toHaveLength(1);
});

test('the application menu carries our shortcuts and drives the window over IPC', async () => {
  const accelerators = await app.evaluate(({ Menu }) => {
    const found: Record<string, string> = {};
    const visit = (menu: Electron.Menu) => {
      for (const item of menu.items) {
        if (item.id !== '' && item.accelerator !== undefined && item.accelerator !== null) {
          found[item.id] = String(item.accelerator);
        }
        if (item.submenu) visit(item.submenu);
      }
    };
    const menu = Menu.getApplicationMenu();
    if (menu !== null) visit(menu);
    return found;
  });
  expect(accelerators).toMatchObject({
    send: 'CmdOrCtrl+Enter',
    'command-palette': 'CmdOrCtrl+K',
    'focus-timeline-filter': 'CmdOrCtrl+L',
    'switch-profile-1': 'CmdOrCtrl+1',
    'switch-profile-2': 'CmdOrCtrl+2',
    'switch-profile-3': 'CmdOrCtrl+3',
  });

  // A menu item reaches the renderer as an app command (push event over real IPC).
  await clickMenuItem('command-palette');
  const palette = new CommandPalette(page);
  await palette.expectOpen();
  await page.keyboard.press('Escape');
  await expect(palette.dialog()).toBeHidden();

  // While a confirmation is open a switch does nothing (the question names a profile), and the
  // menu keeps its tick on the active profile though Electron ticked the clicked item.
  expect(await tickedProfiles()).toEqual(['switch-profile-1']);
  await page.evaluate(() => {
    window.open('https://example.com/');
  });
  await expect(openConfirmation('example.com')).toBeVisible();
  await clickMenuItem('switch-profile-3');
  expect(await tickedProfiles()).toEqual(['switch-profile-1']);
  // Main's pushes arrive in order: once the theme (pushed after) has turned, the switch was
  // refused, and answering the question cannot let it through any more.
  const scheme = page.locator('html');
  const shown = await scheme.getAttribute('data-mantine-color-scheme');
  await clickMenuItem('toggle-theme');
  await expect(scheme).toHaveAttribute('data-mantine-color-scheme', shown === 'dark' ? 'light' : 'dark');
  await openConfirmation('example.com').getByRole('button', { name: 'Cancel' }).click();
  await expect(openConfirmation('example.com')).toBeHidden();
  await expect(page.getByTestId('active-profile')).toHaveText('Local');
  expect(await tickedProfiles()).toEqual(['switch-profile-1']);

  await clickMenuItem('switch-profile-3');
  await expect(page.getByTestId('active-profile')).toHaveText('Live');
  await expect.poll(tickedProfiles).toEqual(['switch-profile-3']);
  // The menu follows changes made elsewhere: it is rebuilt on profiles.changed.
  await new ProfilesPage(page).rowRadio('Sandbox').click();
  await expect(page.getByTestId('active-profile')).toHaveText('Sandbox');
  await expect.poll(tickedProfiles).toEqual(['switch-profile-2']);
});

test('one instance at a time: a second launch hands over to the first', async () => {
  expect(await app.evaluate(({ app: electronApp }) => electronApp.hasSingleInstanceLock())).toBe(true);
  await app.evaluate(({ app: electronApp }) => {
    electronApp.once('second-instance', () => {
      (globalThis as unknown as { secondInstanceSeen: boolean }).secondInstanceSeen = true;
    });
  });

  const executable = binary.path;
  if (executable === null) throw new Error('unreachable: the suite skips without a binary');
  const second = spawn(executable, [projectRoot], { env: appEnv(userData), stdio: 'ignore' });
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    const timer = setTimeout(() => {
      second.kill();
      reject(new Error('the second instance did not quit'));
    }, 20_000);
    second.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
  expect(exitCode).toBe(0);
  await expect
    .poll(() =>
      app.evaluate(
        () => (globalThis as unknown as { secondInstanceSeen?: boolean }).secondInstanceSeen ?? false,
      ),
    )
    .toBe(true);
  expect(app.windows()).toHaveLength(1);
});

test('the theme and the window size survive a restart', async () => {
  await page.getByRole('navigation', { name: 'Main' }).getByText('Settings', { exact: true }).click();
  // Pick the opposite of what the OS shows, so "follow the system" could not pass for it.
  const shown = await page.locator('html').getAttribute('data-mantine-color-scheme');
  const chosen = shown === 'dark' ? 'light' : 'dark';
  await page
    .getByRole('radiogroup', { name: 'Appearance' })
    .getByText(chosen === 'dark' ? 'Dark' : 'Light', { exact: true })
    .click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', chosen);
  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.setSize(1111, 777));

  await closeApp();
  await launch(userData);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', chosen);
  const size = await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.getSize());
  expect(size).toEqual([1111, 777]);
});

test('the profile switcher works over real IPC', async () => {
  await new ProfilesPage(page).rowRadio('Sandbox').click();
  await expect(page.getByTestId('active-profile')).toHaveText('Sandbox');
});
