import { Variables } from '../../../src/shared/scenarios/variables';
import type { ScenarioServices, StepContext } from '../../../src/main/scenarios/step-context';
import type { StoredProfile } from '../../../src/main/store/profiles-repository';

/** A profile as a step reads it (its id, name and environment), for services faked in a test. */
export function fakeProfile(name = 'Local', environment = 'local', id = 1): StoredProfile {
  return { id, fields: { name, environment } } as unknown as StoredProfile;
}

/**
 * A step's context for a step run on its own in a test: every field a scenario run gives it,
 * with `overrides` in place of any. The one place that names them all, so a field added to
 * StepContext is added once here, not in every test that runs a step.
 */
export function stepContext(services: ScenarioServices, overrides: Partial<StepContext> = {}): StepContext {
  return {
    services,
    profile: fakeProfile(),
    confirmLive: false,
    vars: new Variables({}),
    scenarioDir: '.',
    // A moment ago: a webhook the test stores now is the scenario's own.
    startedMs: Date.now() - 1000,
    consumedWebhooks: new Set(),
    orderIds: [],
    transactionsGot: new Map(),
    withoutNotificationUrl: new Map(),
    signal: new AbortController().signal,
    prompt: () => undefined,
    ...overrides,
  };
}
