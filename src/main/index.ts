import { app, ipcMain, session } from 'electron';
import { fileURLToPath } from 'node:url';
import { IPC_EVENT_CHANNEL } from '../shared/ipc-channels';
import { createConsole, keychainPreference, type ConsoleCore } from './app';
import { registerIpcBridge } from './bridge/ipc';
import { DATA_DIR_ENV } from './data-dir';
import { registerAppScheme, serveAppProtocol } from './desktop/app-protocol';
import { isTrustedIpcSender } from './desktop/ipc-sender';
import { createMainWindow, lockDownWebContents } from './desktop/main-window';
import { decidePermission } from './desktop/permissions';
import { createSafeStorageCipher } from './desktop/safe-storage-cipher';

// The desktop entry: everything here is wiring. The console itself is createConsole().
const rendererDir = fileURLToPath(new URL('../renderer', import.meta.url));
const preloadPath = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));

const dataDirOverride = process.env[DATA_DIR_ENV];
if (dataDirOverride !== undefined && dataDirOverride !== '') app.setPath('userData', dataDirOverride);

registerAppScheme();
app.on('web-contents-created', (_event, contents) => lockDownWebContents(contents));

let core: ConsoleCore | null = null;

async function start(): Promise<void> {
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(decidePermission(permission, details.requestingUrl)),
  );
  session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    decidePermission(permission, requestingOrigin),
  );
  serveAppProtocol(rendererDir);

  core = await createConsole({
    dataDir: app.getPath('userData'),
    frontDoor: 'desktop',
    background: true,
    appRoot: app.getAppPath(),
    desktopCipher: createSafeStorageCipher(),
    keychain: keychainPreference(),
  });
  const window = createMainWindow(preloadPath);
  registerIpcBridge(ipcMain, core.dispatcher, (event) =>
    isTrustedIpcSender(event, event.senderFrame === window.webContents.mainFrame),
  );
  core.bus.subscribe((event) => {
    if (!window.isDestroyed()) window.webContents.send(IPC_EVENT_CHANNEL, event);
  });
}

app.whenReady().then(start, (error: unknown) => {
  console.error(error);
  app.exit(1);
});

app.on('window-all-closed', () => app.quit());

let closing = false;
app.on('before-quit', (event) => {
  if (core === null || closing) return;
  closing = true;
  event.preventDefault();
  void core.close().finally(() => app.quit());
});
