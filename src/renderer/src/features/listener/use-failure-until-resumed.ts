import { useCallback, useState } from 'react';
import { errorMessage } from '@bridge/bridge-error';
import { useResumed } from '@ui/app-store';

/**
 * A failure to show until the tab gets its console back: one said while disconnected ("The
 * console is not connected; nothing was sent.") was still shown once connected again. Kept
 * with the resume it happened in, so a resume hides it without a state change in an effect.
 */
export function useFailureUntilResumed(): [string | null, (failure: unknown) => void] {
  const resumed = useResumed();
  const [failure, setFailure] = useState<{ message: string; resumed: number } | null>(null);
  const shown = failure !== null && failure.resumed === resumed ? failure.message : null;
  // null clears it; a sentence is shown as it is; anything else in the bridge error's words.
  const set = useCallback(
    (failure: unknown) =>
      setFailure(
        failure === null
          ? null
          : { message: typeof failure === 'string' ? failure : errorMessage(failure), resumed },
      ),
    [resumed],
  );
  return [shown, set];
}
