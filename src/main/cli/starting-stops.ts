import { constants } from 'node:os';

/**
 * Said to a Ctrl+C or SIGTERM that comes while the CLI is still loading (most of its first half
 * second), before any command has begun: nothing has been read, sent or written by then.
 */
export const STOPPED_WHILE_STARTING =
  'Stopped while starting, before anything ran: nothing was sent or stored.\n';

/** The exit code a shell gives a process ended by `signal`: 130 for Ctrl+C, 143 for SIGTERM. */
export function signalExitCode(signal: NodeJS.Signals): number {
  return 128 + constants.signals[signal];
}

const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Ctrl+C and SIGTERM heard from the CLI's first line on. Node's own answer ended the process
 * with exit 130 and not a word, so a person who pressed Ctrl+C in `test`'s first second could not
 * tell whether a run had been stored or anything sent. Until a command begins (the returned
 * function, called then) a stop is said and ends the process with the exit code Node's answer
 * gave. From then on the command's own listeners answer it (`test`'s, through onStopSignals);
 * for a command that has none, the signal is raised again with this listener gone, so it ends
 * the process as it always did.
 *
 * This listener stays rather than being removed when a command begins: with no listener left
 * for an instant, Node closes its signal handle, and a signal caught just before that was
 * dropped (a Ctrl+C in the last moments of loading was never answered, and the run went on).
 */
export function holdStopsWhileStarting(stderr: (text: string) => void): () => void {
  let begun = false;
  const listeners = STOP_SIGNALS.map((signal) => {
    const listener = () => {
      if (process.listenerCount(signal) > 1) return;
      if (begun) {
        for (const [name, own] of listeners) process.off(name, own);
        process.kill(process.pid, signal);
        return;
      }
      try {
        stderr(STOPPED_WHILE_STARTING);
      } finally {
        process.exit(signalExitCode(signal));
      }
    };
    return [signal, listener] as const;
  });
  for (const [name, listener] of listeners) process.on(name, listener);
  return () => {
    begun = true;
  };
}
