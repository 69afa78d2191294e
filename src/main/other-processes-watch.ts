/**
 * What one process learns of the others on the data directory (a `listen` or `send` in a
 * terminal, a second console): SQLite's data_version moves only when another connection
 * commits, so it is read once a second and the handlers read what they follow only then.
 */
export interface OtherProcessesHandler {
  /** Another connection committed since the last look. True asks to look again next time. */
  committed(): boolean;
  /** Nothing was committed elsewhere; `stillQuiet` reads again, for a handler that must be sure. */
  quiet?(stillQuiet: () => boolean): void;
}

export function watchOtherProcesses(
  deps: { dataVersion: () => number; onError: (error: unknown) => void; intervalMs?: number },
  handlers: readonly OtherProcessesHandler[],
): () => void {
  let seen = deps.dataVersion();
  const look = () => {
    const version = deps.dataVersion();
    if (version === seen) {
      for (const handler of handlers) handler.quiet?.(() => deps.dataVersion() === version);
      return;
    }
    seen = version;
    let more = false;
    for (const handler of handlers) if (handler.committed() === true) more = true;
    if (more) seen = -1;
  };
  const timer = setInterval(() => {
    try {
      look();
    } catch (error) {
      // A read that failed (another process holds a lock) is tried again at the next look.
      seen = -1;
      deps.onError(error);
    }
  }, deps.intervalMs ?? 1000);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * A value another process may change (the profiles, the emulator's or the listener's settings,
 * saved in a second console or a terminal): read again after each commit elsewhere and
 * announced when it differs, as this process announces its own changes, so a window shows it
 * without a reload.
 */
export function followFromOtherProcesses<T>(
  read: () => T,
  announce: (value: T) => void,
): OtherProcessesHandler {
  let last = JSON.stringify(read());
  return {
    committed() {
      const value = read();
      const now = JSON.stringify(value);
      if (now !== last) {
        last = now;
        announce(value);
      }
      return false;
    },
  };
}
