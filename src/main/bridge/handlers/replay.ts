import type { ConsoleServices } from '../../console-services';
import { ConsoleError } from '../../console-error';
import { liveRefusalWords } from '../../profiles/live-guard';
import { ReplayError } from '../../replay/replay-error';
import type { HandlerGroup } from './types';

type ReplayCommand = 'planReplay' | 'startReplay' | 'cancelReplay' | 'replayRuns';

/** A replay that cannot start says why, as a console error the UI shows as is. */
function explained<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    // A live target unconfirmed is refused as every live call is (liveRefusalWords): what was
    // refused on the `confirmLive` field, so a terminal names its own flag (--yes-live).
    if (error instanceof ReplayError && error.live)
      throw new ConsoleError('live_confirmation_required', liveRefusalWords(error.message), [
        { path: 'confirmLive', message: error.message },
      ]);
    // Words whose way out only the window has carry the terminal's as the ids' issue (the CLI's
    // <id...>), as live-guard.ts carries its flag: each front door says what it can do.
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
