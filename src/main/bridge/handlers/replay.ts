import type { ConsoleServices } from '../../console-services';
import { ConsoleError } from '../../console-error';
import { ReplayError } from '../../replay/replay-error';
import type { HandlerGroup } from './types';

type ReplayCommand = 'planReplay' | 'startReplay' | 'cancelReplay' | 'replayRuns';

/** A replay that cannot start says why, as a console error the UI shows as is. */
function explained<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    // Words whose way out only the window has carry the terminal's as the ids' issue (the CLI's
    // <id...>), as the live guard carries its flag (live-guard.ts): each front door says what it can do.
    if (error instanceof ReplayError)
      throw new ConsoleError(
        'invalid_input',
        error.message,
        error.inTerminal === null ? [] : [{ path: 'ids', message: error.inTerminal }],
      );
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
