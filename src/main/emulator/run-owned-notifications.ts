import { processStartOf } from '../running-addresses/process-identity';
import type { EmulatorOutboxRepository, RunOwner } from '../store/emulator-outbox-repository';

/**
 * The notifications of a `test` run's own emulator belong to the run. They go to the run's own
 * listener, on a free port that dies with the run; the outbox is shared by every emulator on
 * the data directory, and one the run still owed as it ended was sent by the next process with
 * an emulator (serve, the next run) to that dead port, "Connection refused" up to its attempt
 * limit, while another console could send them during the run, signed with its own tokens. So
 * only the run sends them; it gives up what it still owes when it ends, and a run that never
 * ended (killed) leaves them to be given up by whichever emulator finds its process gone.
 * Rows a build before migration 027 queued carry no run: migration 028 gives up, once, those its
 * stored runs show were addressed to a run's own listener.
 */

/** The run this process's emulator serves, named by its dispatcher's `owner` and this process. */
export function thisRun(owner: string): RunOwner {
  return { owner, pid: process.pid, start: processStartOf(process.pid) };
}

export const RUN_ENDED_WORDS =
  "Not sent: the test run that queued it ended before it was delivered. A run's notifications are its own (its listener stopped with it), so no other console sends them.";

export const runLeftBehindWords = (pid: number) =>
  `Not sent: the test run that queued it (pid ${pid}) ended without closing (it was stopped by force), before it was delivered. A run's notifications are its own (its listener is gone with it), so no other console sends them.`;

/** The runs, other than `self`, that still owe notifications and whose process is gone. */
export function runsLeftBehind(
  outbox: Pick<EmulatorOutboxRepository, 'runsOwing'>,
  self: string | null,
  alive: (pid: number, start: string | null) => boolean,
): RunOwner[] {
  return outbox.runsOwing().filter((run) => run.owner !== self && !alive(run.pid, run.start));
}
