import { onOutputClosed } from './standard-io';

/**
 * Resolves on the first Ctrl+C (SIGINT) or SIGTERM, or once standard output is gone (`listen |
 * head -n 3`: the reader has what it wanted), then stops listening for them: how the
 * long-running commands (`listen`, `emulator`, `serve`) know to close.
 */
export function waitForSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      stopOnClose();
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    const stopOnClose = onOutputClosed(stop);
  });
}
