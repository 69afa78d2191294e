import { BrowserWindow, dialog, type WebContents } from 'electron';
import { secureWebPreferences } from './secure-web-preferences';
import { APP_ORIGIN, decideNavigation, decideWindowOpen } from './trusted-url';
import { MIN_WINDOW_SIZE, type RestoredWindow, type WindowState } from './window-bounds';

/**
 * Applied to every webContents the app creates, not just the main window. A link that would
 * leave the app is never opened from here: `askToOpen` hands it to the renderer, which shows
 * the confirmation (with the host) and opens it through the `openExternal` command.
 */
export function lockDownWebContents(contents: WebContents, askToOpen: (url: string) => void): void {
  contents.on('will-navigate', (event, url) => {
    const decision = decideNavigation(url);
    if (decision.allow) return;
    event.preventDefault();
    if (decision.askToOpen) askToOpen(url);
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const decision = decideWindowOpen(url);
    if (decision.askToOpen) askToOpen(url);
    return { action: decision.action };
  });
}

/** Opens the console where it was last (see restoreWindowBounds), hidden until it has painted. */
export function createMainWindow(preloadPath: string, restored: RestoredWindow): BrowserWindow {
  const window = new BrowserWindow({
    ...restored.bounds,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    show: false,
    title: 'Checkout Console',
    webPreferences: secureWebPreferences(preloadPath),
  });
  window.once('ready-to-show', () => {
    if (restored.maximized) window.maximize();
    window.show();
  });
  askBeforeUnloadingUnsavedWork(window);
  void window.loadURL(`${APP_ORIGIN}/index.html`);
  return window;
}

/**
 * The renderer holds closing or reloading (its beforeunload) while work would be lost: an edited
 * request editor, builder edits not saved yet. A browser asks then; Electron would keep the
 * window open without a word, so it asks here, and leaving goes on only on an explicit yes.
 */
function askBeforeUnloadingUnsavedWork(window: BrowserWindow): void {
  window.webContents.on('will-prevent-unload', (event) => {
    const choice = dialog.showMessageBoxSync(window, {
      type: 'question',
      buttons: ['Stay', 'Leave and lose the edits'],
      defaultId: 0,
      cancelId: 0,
      title: 'Leave Checkout Console?',
      message: 'Some edits are not sent or saved yet.',
      detail: 'Leaving now loses them. Stay to send, save or copy them first.',
    });
    // preventDefault here overrides the renderer's hold: the window closes or reloads.
    if (choice === 1) event.preventDefault();
  });
}

/** The size and place to remember: the un-maximized bounds, plus whether it was maximized. */
export function windowStateOf(window: BrowserWindow): WindowState {
  const bounds = window.getNormalBounds();
  return { ...bounds, maximized: window.isMaximized() };
}

/** Brings the console to the front (a second launch asks for this). */
export function focusWindow(window: BrowserWindow): void {
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}
