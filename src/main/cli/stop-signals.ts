/**
 * Ctrl+C (SIGINT) and SIGTERM for a command that stops in steps (`test`: its run cancelled,
 * stored and reported, then its console closed; `serve`, `listen`, `emulator`: their servers and
 * console closed, through waitForSignal). The first calls `stop`; each one after it calls
 * `again`, rather than Node's default of ending the process: a second Ctrl+C during the
 * teardown ended `test` with exit 130 and its --out report never written, and `serve` with its
 * Scenarios view run left running and its control file behind.
 */
export interface StopSignals {
  /**
   * Starts the stop as a first signal would, for another cause (standard output gone): a signal
   * after it is answered as a second. Once stopped, it does nothing.
   */
  stopNow: () => void;
  /** Stops listening, called once the command has ended. */
  release: () => void;
}

/** `stop` is told the signal that asked for it (null: another cause, through `stopNow`). */
export function onStopSignals(stop: (signal: NodeJS.Signals | null) => void, again: () => void): StopSignals {
  let stopped = false;
  const stopFor = (signal: NodeJS.Signals | null) => {
    if (stopped) return;
    stopped = true;
    stop(signal);
  };
  const stopNow = () => stopFor(null);
  // One listener a signal, naming it: the signal is not taken from the listener's argument,
  // which a `process.emit('SIGINT')` leaves out.
  const onInterrupt = () => (stopped ? again() : stopFor('SIGINT'));
  const onTerminate = () => (stopped ? again() : stopFor('SIGTERM'));
  process.on('SIGINT', onInterrupt);
  process.on('SIGTERM', onTerminate);
  return {
    stopNow,
    release: () => {
      process.off('SIGINT', onInterrupt);
      process.off('SIGTERM', onTerminate);
    },
  };
}

/**
 * The answer on stderr to a Ctrl+C or SIGTERM after the first, in one wording for every command:
 * that it is already stopping, then `steps`, what its stop still does (so a person knows why to
 * wait rather than press again).
 */
export function alreadyStoppingLine(steps: string): string {
  return `Already stopping: ${steps}\n`;
}
