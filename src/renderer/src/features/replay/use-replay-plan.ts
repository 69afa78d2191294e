import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import type { CommandOutput } from '@shared/contract';
import { useResumed } from '@ui/app-store';
import { errorMessage } from '@bridge/bridge-error';
import { replayUrlProblem } from './replay-holds';
import { planReplayRequest, type ReplayPlanInput } from './replay-plan-request';
import { countStoredWebhooks, planReplay } from './replay-store';

export type Plan = CommandOutput<'planReplay'>;

/** `empty`: no stored webhook is selected, which is where a fresh console starts, not an error. */
export interface ReplayPlanState {
  value: Plan | null;
  error: string | null;
  empty?: boolean;
}

const NO_PLAN: ReplayPlanState = { value: null, error: null };

/**
 * How many webhooks and sends the form would make, and where to: asked of main 250 ms after
 * the last change of what it depends on, and again when the connection comes back. Not while
 * the URL box says what is wrong with it: the plan would only repeat that, with a field path.
 */
export function useReplayPlan({
  selection,
  target,
  url,
  repeat,
  bodyEdited,
  tokenMode,
}: ReplayPlanInput): ReplayPlanState {
  const input = useMemo(
    () => ({ selection, target, url, repeat, bodyEdited, tokenMode }),
    [selection, target, url, repeat, bodyEdited, tokenMode],
  );
  const [asked] = useDebouncedValue(input, 250);
  const resumed = useResumed();
  const [plan, setPlan] = useState<ReplayPlanState>(NO_PLAN);
  const urlWrong = asked.target === 'url' && replayUrlProblem(asked.url) !== null;

  useEffect(() => {
    if (urlWrong) return;
    let current = true;
    const { ids, filter } = asked.selection;
    planReplay(planReplayRequest(asked))
      .then((value) => current && setPlan({ value, error: null }))
      .catch(async (error: unknown) => {
        const none = ids === undefined && (await countStoredWebhooks(filter).catch(() => null)) === 0;
        if (current)
          setPlan(
            none ? { value: null, error: null, empty: true } : { value: null, error: errorMessage(error) },
          );
      });
    return () => {
      current = false;
    };
  }, [asked, urlWrong, resumed]);

  return urlWrong ? NO_PLAN : plan;
}
