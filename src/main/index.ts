import { app, clipboard, dialog, ipcMain, Menu, screen, session, shell, type BrowserWindow } from 'electron';
import { fileURLToPath } from 'node:url';
import type { AppCommandId } from '../shared/app-commands';
import type { ProfilesSnapshot, PushEvent } from '../shared/contract';
import { IPC_EVENT_CHANNEL } from '../shared/ipc-channels';
import { PROJECT_HOMEPAGE } from '../shared/project-links';
import { createConsole, keychainPreference, type ConsoleCore } from './app';
import { registerIpcBridge } from './bridge/ipc';
import { resolveDataDir } from './data-dir';
import { buildAppMenuTemplate } from './desktop/app-menu';
import { registerAppScheme, serveAppProtocol } from './desktop/app-protocol';
import { isTrustedIpcSender } from './desktop/ipc-sender';
import { createMainWindow, focusWindow, lockDownWebContents, windowStateOf } from './desktop/main-window';
import { decidePermission } from './desktop/permissions';
import { installQuitSequence } from './desktop/quit-sequence';
import { claimSingleInstance } from './desktop/single-instance';
import { reportStartUpFailure } from './desktop/start-up-failure';
import { probeSafeStorage } from './desktop/safe-storage-cipher';
import { isExternalLink } from './desktop/trusted-url';
import {
  readWindowState,
  restoreWindowBounds,
  WINDOW_STATE_KEY,
  WINDOW_STATE_SETTING,
} from './desktop/window-bounds';
import { unreadableSettingWords } from '../shared/stored-settings';
import { pushForScreen } from './timeline/screen-summaries';
import { APP_VERSION } from './version';
import { installConsoleZodWords } from '../shared/zod-words';

// The desktop entry: everything here is wiring. The console itself is createConsole(); the
// decisions (menu, window placement, safeStorage) are pure helpers in ./desktop and ./profiles.
installConsoleZodWords();
const PRODUCT_NAME = 'Checkout Console';
const rendererDir = fileURLToPath(new URL('../renderer', import.meta.url));
const preloadPath = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));

// The same folder the CLI and browser mode use by default (CHECKOUT_CONSOLE_DATA_DIR overrides),
// whatever name the packaged app carries.
app.setPath('userData', resolveDataDir(undefined));

let core: ConsoleCore | null = null;
let mainWindow: BrowserWindow | null = null;

function liveWindow(): BrowserWindow | null {
  return mainWindow !== null && !mainWindow.isDestroyed() ? mainWindow : null;
}

function push(event: PushEvent): void {
  liveWindow()?.webContents.send(IPC_EVENT_CHANNEL, event);
}

/** Menu items run in the renderer, through the same registry as browser-mode shortcuts. */
function runAppCommand(command: AppCommandId): void {
  push({ name: 'app.command', payload: { command } });
}

function openExternally(url: string): void {
  if (isExternalLink(url)) void shell.openExternal(url);
}

function installMenu(snapshot: ProfilesSnapshot): void {
  const template = buildAppMenuTemplate({
    platform: process.platform,
    isDevelopment: !app.isPackaged,
    appName: PRODUCT_NAME,
    profiles: snapshot.profiles,
    runCommand: runAppCommand,
    openExternal: openExternally,
    showDataFolder: () => void shell.openPath(app.getPath('userData')),
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

/** Work areas with the primary display first (where a lost window is brought back). */
function workAreas() {
  const primary = screen.getPrimaryDisplay();
  return [primary, ...screen.getAllDisplays().filter((display) => display.id !== primary.id)].map(
    (display) => display.workArea,
  );
}

function saveWindowState(): void {
  const window = liveWindow();
  if (core !== null && window !== null) core.settings.set(WINDOW_STATE_KEY, windowStateOf(window));
}

async function start(): Promise<void> {
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(decidePermission(permission, details.requestingUrl)),
  );
  session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    decidePermission(permission, requestingOrigin),
  );
  serveAppProtocol(rendererDir);
  app.setAboutPanelOptions({
    applicationName: PRODUCT_NAME,
    applicationVersion: APP_VERSION,
    website: PROJECT_HOMEPAGE,
  });

  const safeStorage = probeSafeStorage();
  const started = await createConsole({
    dataDir: app.getPath('userData'),
    frontDoor: 'desktop',
    background: true,
    appRoot: app.getAppPath(),
    desktopCipher: safeStorage.cipher,
    safeStorageBackend: safeStorage.backend,
    keychain: keychainPreference(),
    desktopClipboard: (text) => clipboard.writeText(text),
    // Reached only through the renderer's confirmation (app/open-external.tsx).
    desktopOpenExternal: (url) =>
      isExternalLink(url) ? shell.openExternal(url) : Promise.reject(new Error(`Not a web address: ${url}`)),
  });
  core = started;

  const saved = started.settings.readWith(WINDOW_STATE_KEY, readWindowState);
  // Said in the log as the other stored settings are (unreadable-settings.ts); the close saves it again.
  if (saved.unreadable.length > 0)
    started.log.warn(unreadableSettingWords(WINDOW_STATE_SETTING, saved.unreadable));
  const window = createMainWindow(preloadPath, restoreWindowBounds(saved.value, workAreas()));
  mainWindow = window;
  // Saved as the window closes: the console closes only after every window has (quit-sequence.ts).
  window.on('close', saveWindowState);

  registerIpcBridge(ipcMain, started.dispatcher, (event) =>
    isTrustedIpcSender(event, event.senderFrame === window.webContents.mainFrame),
  );
  installMenu(started.profiles.snapshot());
  started.bus.subscribe((event) => {
    // As a screen gets it (a timeline row's path masked), and only while there is a window.
    if (liveWindow() !== null) push(pushForScreen(event, started.profiles));
    if (event.name === 'profiles.changed') installMenu(event.payload);
  });
}

if (claimSingleInstance(app, app.getPath('userData'), (line) => console.log(line))) {
  registerAppScheme();
  app.on('web-contents-created', (_event, contents) =>
    lockDownWebContents(contents, (url) => push({ name: 'app.openExternal', payload: { url } })),
  );
  app.on('second-instance', () => {
    const window = liveWindow();
    if (window !== null) focusWindow(window);
  });

  app
    .whenReady()
    .then(start)
    .catch((error: unknown) =>
      reportStartUpFailure(error, {
        dialog,
        exit: (code) => app.exit(code),
        dataDir: app.getPath('userData'),
        env: process.env,
        log: (failure) => console.error(failure),
      }),
    );

  app.on('window-all-closed', () => app.quit());
  installQuitSequence(app, { closeConsole: () => core?.close(), report: (error) => console.error(error) });
}
