import { describe, expect, it } from 'vitest';
import { checkoutStepSchema } from '../../src/shared/scenarios/scenario-schema';
import { Variables } from '../../src/shared/scenarios/variables';
import { checkoutPayload } from '../../src/main/scenarios/steps/checkout-step';
import type { ScenarioServices, StepContext } from '../../src/main/scenarios/step-context';
import type { StoredProfile } from '../../src/main/store/profiles-repository';

// A `sample:` checkout step pointed the merchant URLs at 127.0.0.1:4010 whatever the run's
// emulator: `test` starts one on a free port, so the emulator's pay answer redirected to another
// process's port. The Builder's Sample passes the Local emulator's address; so does the step.
function contextOn(profile: { environment: string; baseUrl: string }): StepContext {
  const services = {
    profiles: {
      snapshot: () => ({
        activeProfileId: 2,
        profiles: [
          { id: 1, name: 'Local', environment: 'local', baseUrl: 'http://127.0.0.1:4321' },
          { id: 2, name: 'Sbx', environment: 'sandbox', baseUrl: 'https://sandbox.example.com' },
        ],
      }),
      get: (id: number) => ({ id, fields: { name: 'Local', baseUrl: 'http://127.0.0.1:4321' } }),
    },
  } as unknown as ScenarioServices;
  return {
    services,
    profile: { id: 9, fields: { name: 'P', ...profile } } as unknown as StoredProfile,
    vars: new Variables({}),
  } as unknown as StepContext;
}

const merchantUrls = (context: StepContext) =>
  (
    checkoutPayload(context, checkoutStepSchema.parse({ step: 'checkout', sample: { country: 'SA' } })) as {
      merchant_url: Record<string, string>;
    }
  ).merchant_url;

describe("a sample checkout step's merchant URLs", () => {
  it("lead to the run's own emulator on a local profile", () => {
    const urls = merchantUrls(contextOn({ environment: 'local', baseUrl: 'http://127.0.0.1:45678/' }));
    expect(urls['success']).toMatch(/^http:\/\/127\.0\.0\.1:45678\/_emulator\/merchant\/success\?order=/);
    expect(urls['cancel']).toMatch(/^http:\/\/127\.0\.0\.1:45678\/_emulator\/merchant\/cancel\?/);
  });

  it("lead to the Local profile's emulator on another profile, as the Builder's Sample does", () => {
    const urls = merchantUrls(contextOn({ environment: 'sandbox', baseUrl: 'https://sandbox.example.com' }));
    expect(urls['failure']).toMatch(/^http:\/\/127\.0\.0\.1:4321\/_emulator\/merchant\/failure\?order=/);
  });
});
