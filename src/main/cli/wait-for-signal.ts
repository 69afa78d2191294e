import { onParentGone } from './parent-link';
import { alreadyStoppingLine, onStopSignals } from './stop-signals';

/** The stop a long-running command waits for, and the end of listening for it. */
export interface SignalWait {
  /** Resolves when the command is to stop. */
  signalled: Promise<void>;
  /** Stops listening: called once the command has closed, not when the stop begins. */
  release: () => void;
}

/**
 * How the long-running commands (`listen`, `emulator`, `serve`) know to close: the first Ctrl+C
 * (SIGINT) or SIGTERM. Not standard output gone: that ended `listen | head -2` at the next
 * webhook and refused the ones after; they go on serving without printing (outputWhileServing in
 * standard-io.ts). Built on onStopSignals, as `test` is: a signal after that, while the command
 * closes, is answered on stderr with `alreadyStoppingLine(steps)` and the close goes on, where it ended
 * the process at once (exit 130, a Scenarios view run left running, serve's control file left
 * behind). The end of the process that started it over a link (`npm start`'s browser mode,
 * parent-link.ts) stops it as a first signal would. A test gives its own `until`, and then no
 * signal is listened for.
 */
export function waitForSignal(
  alreadyStopping: { say: (text: string) => void; steps: string },
  until?: Promise<void>,
): SignalWait {
  if (until !== undefined) return { signalled: until, release: () => undefined };
  let stop = (): void => undefined;
  const signalled = new Promise<void>((resolve) => (stop = resolve));
  const signals = onStopSignals(
    () => stop(),
    () => alreadyStopping.say(alreadyStoppingLine(alreadyStopping.steps)),
  );
  const parentLink = onParentGone(signals.stopNow);
  return {
    signalled,
    release: () => {
      parentLink();
      signals.release();
    },
  };
}
