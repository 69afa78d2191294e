import { setImmediate } from 'node:timers/promises';
import type { CliIo } from './cli-context';
import { CommandExit } from './cli-errors';
import { signalExitCode } from './starting-stops';
import { alreadyStoppingLine, onStopSignals } from './stop-signals';

/** How `test` is being stopped: asked (by a signal, or its output gone), and how to cancel its run. */
export interface TestStop {
  asked: boolean;
  /** The signal that asked, if one did: before the run has started, the command ends on it. */
  signal: NodeJS.Signals | null;
  /** Cancels the run once it has started (until then, nothing). */
  cancelRun: () => void;
}

/** Said on stderr to a Ctrl+C or SIGTERM after the first: the command is ending, report and all. */
const ALREADY_STOPPING = alreadyStoppingLine(
  'the run is cancelled and stored, its report written, then the console closes.',
);

/** Said to a Ctrl+C or SIGTERM once `test` has begun but before its run has started. */
export const STOPPED_BEFORE_RUN = 'Stopped before any step ran: nothing was sent, and no run was stored.\n';

export function stopTest(stop: TestStop): void {
  stop.asked = true;
  stop.cancelRun();
}

/**
 * Ctrl+C and SIGTERM for `test`, from its first line (the CLI's entry heard them until then,
 * starting-stops.ts) until it has ended (`release`). A CI job cancelled or timed out stops its
 * steps with SIGTERM: as Ctrl+C, the run is cancelled, stored so and reported (it died at once,
 * its report never written). One more while the run is cancelled and reported and the console
 * closes (about a second) is answered, where it ended the process and lost the report.
 */
export function heedTestStops(io: CliIo): { stop: TestStop; release: () => void } {
  const stop: TestStop = { asked: false, signal: null, cancelRun: () => undefined };
  const signals = onStopSignals(
    (signal) => {
      stop.signal = signal;
      stopTest(stop);
    },
    () => io.stderr(ALREADY_STOPPING),
  );
  return { stop, release: signals.release };
}

/**
 * A signal before the run has started: nothing has been sent and no run stored (the console may
 * have been opened, its data directory made), so the command ends here, saying so, with the exit
 * code a shell gives the signal. It ended with 130 and not a word, or started the run only to
 * cancel it at once, storing a run no step of which ran. A signal is heard only when the event
 * loop next polls, and loading and opening the console may not let it: one turn first, so a
 * Ctrl+C already pressed is heard here rather than once the run is under way (one pressed while
 * the run starts still cancels it once it has, stored and reported as cancelled).
 */
export async function endIfSignalled(stop: TestStop, io: CliIo): Promise<void> {
  await setImmediate();
  if (stop.signal === null) return;
  io.stderr(STOPPED_BEFORE_RUN);
  throw new CommandExit(signalExitCode(stop.signal));
}
