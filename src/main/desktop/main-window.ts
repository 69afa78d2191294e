import { BrowserWindow, shell, type WebContents } from 'electron';
import { secureWebPreferences } from './secure-web-preferences';
import { APP_ORIGIN, decideNavigation, decideWindowOpen } from './trusted-url';

/** Applied to every webContents the app creates, not just the main window. */
export function lockDownWebContents(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    const decision = decideNavigation(url);
    if (decision.allow) return;
    event.preventDefault();
    if (decision.openExternally) void shell.openExternal(url);
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const decision = decideWindowOpen(url);
    if (decision.openExternally) void shell.openExternal(url);
    return { action: decision.action };
  });
}

export function createMainWindow(preloadPath: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1400,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'Checkout Console',
    webPreferences: secureWebPreferences(preloadPath),
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(`${APP_ORIGIN}/index.html`);
  return window;
}
