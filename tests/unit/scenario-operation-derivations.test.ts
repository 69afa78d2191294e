import { describe, expect, it } from 'vitest';
import { operationStepSchema } from '../../src/shared/scenarios/scenario-schema';
import { Variables } from '../../src/shared/scenarios/variables';
import { runOperationStep } from '../../src/main/scenarios/steps/operation-step';
import type { ScenarioServices, StepContext } from '../../src/main/scenarios/step-context';
import { stepContext } from './helpers/step-context';

// Every operation step derived its order again (orders.detail, a full re-derivation of its
// records) before it was sent, though only a default capture, refund or cancel body reads the
// order's facts: a run of 499 getOrder steps slowed from 35 ms a step to 163 ms as records grew.
function contextCounting(): { context: StepContext; derivations: () => number } {
  let derivations = 0;
  const services = {
    orders: {
      detail: () => {
        derivations += 1;
        return { lifecycle: { state: 'approved', facts: { amount: '10.00', currency: 'SAR' } } };
      },
    },
    merchantApi: {
      prepareOperation: () => ({ method: 'POST', url: 'http://127.0.0.1:1/x', headers: [], body: null }),
      sendOperation: async () => ({
        eventId: 1,
        status: 200,
        json: {},
        serviceError: null,
        failure: null,
      }),
    },
  } as unknown as ScenarioServices;
  const context = stepContext(services, { vars: new Variables({ order_id: 'order-1' }) });
  return { context, derivations: () => derivations };
}

const step = (fields: Record<string, unknown>) => operationStepSchema.parse({ step: 'operation', ...fields });

describe('an operation step derives its order', () => {
  it('not at all for a getOrder, or an operation whose body is written out, that expects no state', async () => {
    const { context, derivations } = contextCounting();
    await runOperationStep(context, step({ operation: 'getOrder' }));
    await runOperationStep(context, step({ operation: 'authorise' }));
    await runOperationStep(context, step({ operation: 'capture', body: { total_amount: 1 } }));
    expect(derivations()).toBe(0);
  });

  it('for a default capture, refund or cancel body, and for the state it expects', async () => {
    const { context, derivations } = contextCounting();
    await runOperationStep(context, step({ operation: 'capture' }));
    expect(derivations()).toBe(1);
    await runOperationStep(context, step({ operation: 'getOrder', expect: { state: 'approved' } }));
    expect(derivations()).toBe(2);
  });
});
