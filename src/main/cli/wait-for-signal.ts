/**
 * Resolves on the first Ctrl+C (SIGINT) or SIGTERM, then stops listening for either: how the
 * long-running commands (`listen`, `emulator`, `serve`) know to close.
 */
export function waitForSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
