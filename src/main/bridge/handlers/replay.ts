import type { ConsoleServices } from '../../console-services';
import { ConsoleError } from '../../console-error';
import { ReplayError } from '../../replay/replay-service';
import type { HandlerGroup } from './types';

type ReplayCommand = 'planReplay' | 'startReplay' | 'cancelReplay' | 'replayRuns';

/** A replay that cannot start says why, as a console error the UI shows as is. */
function explained<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof ReplayError)
      throw new ConsoleError(error.live ? 'live_confirmation_required' : 'invalid_input', error.message);
    throw error;
  }
}

export function replayHandlers({ replay }: Pick<ConsoleServices, 'replay'>): HandlerGroup<ReplayCommand> {
  return {
    planReplay: (request) => explained(() => replay.plan(request)),
    startReplay: (request) => explained(() => replay.start(request)),
    cancelReplay: ({ runId }) => ({ cancelled: replay.cancel(runId) }),
    replayRuns: () => ({ runs: replay.running() }),
  };
}
