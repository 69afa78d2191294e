/** What the quit sequence needs of Electron's `app` (structural, so a test can fake it). */
export interface QuitApp {
  on(event: 'will-quit', listener: (event: { preventDefault(): void }) => void): unknown;
  quit(): void;
}

/**
 * Closes the console (database, listener, emulator) only once the quit really goes ahead.
 *
 * Electron quits in three steps: 'before-quit', then every window is asked to close, then
 * 'will-quit'. A window holding unsent or unsaved edits asks first (main-window.ts), and Stay
 * cancels the quit there, between the first and the last step. Closed in 'before-quit', the
 * console was gone under a window that stayed: every call failed "The database connection is
 * not open", the listener and emulator were stopped. So the windows close first (each saving its
 * place while the console is still open), and the console closes in 'will-quit', which comes
 * only when none of them stayed; the quit is held until it has closed, then asked again.
 * `closeConsole` returns nothing when there is no console to close (it never started).
 */
export function installQuitSequence(
  app: QuitApp,
  hooks: { closeConsole: () => Promise<void> | undefined; report: (error: unknown) => void },
): void {
  let state: 'open' | 'closing' | 'closed' = 'open';
  app.on('will-quit', (event) => {
    if (state === 'closed') return;
    event.preventDefault();
    if (state === 'closing') return;
    state = 'closing';
    void Promise.resolve()
      .then(hooks.closeConsole)
      .catch(hooks.report)
      .finally(() => {
        state = 'closed';
        app.quit();
      });
  });
}
