import { assertLiveAddressConfirmed, type LiveCallTarget } from '../profiles/live-guard';
import type { LoadedScenario } from './load-scenarios';
import { SEND_WEBHOOK_STEP } from './steps/webhook-steps';

/**
 * The URLs the chosen scenarios' send-webhook steps write as they are: not `listener` or
 * `forward` (the console's own listener, its forward-to), and with no `${variable}`, which is
 * known only as the step runs (and judged there, by the same guard).
 */
function writtenSendTargets(scenarios: readonly LoadedScenario[]): string[] {
  return scenarios.flatMap((loaded) =>
    loaded.scenario.steps.flatMap((step) =>
      step.step === 'send-webhook' &&
      step.to !== 'listener' &&
      step.to !== 'forward' &&
      !step.to.includes('${')
        ? [step.to]
        : [],
    ),
  );
}

/**
 * A run whose send-webhook step is written to a live profile's address is refused before
 * anything runs unless it was confirmed (`test --yes-live`, the Scenarios view's dialog), as a
 * replay there is, whatever the run's own profile: asked once for the run, not halfway through.
 */
export function assertLiveSendsConfirmed(
  scenarios: readonly LoadedScenario[],
  confirmed: boolean,
  profiles: LiveCallTarget['profiles'],
): void {
  for (const url of writtenSendTargets(scenarios))
    assertLiveAddressConfirmed(url, confirmed, SEND_WEBHOOK_STEP, profiles);
}
