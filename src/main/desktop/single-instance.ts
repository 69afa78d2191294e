export interface SingleInstanceApp {
  requestSingleInstanceLock(): boolean;
  quit(): void;
}

/**
 * One console per data directory (Electron's lock lives in userData, which is the data
 * directory): a second launch hands over to the first, whose 'second-instance' brings its window
 * to the front, and quits. It says so: a second `npm start` rebuilt, then ended with exit 0 and
 * not a word.
 */
export function claimSingleInstance(
  app: SingleInstanceApp,
  dataDir: string,
  say: (line: string) => void,
): boolean {
  if (app.requestSingleInstanceLock()) return true;
  say(`Checkout Console is already running on ${dataDir}: its window was brought to the front.`);
  app.quit();
  return false;
}
