import { describe, expect, it } from 'vitest';
import { currencyDefaultedWords, defaultOperationBody } from '../../src/shared/operation-bodies';
import { operationStepSchema } from '../../src/shared/scenarios/scenario-schema';
import { Variables } from '../../src/shared/scenarios/variables';
import { runOperationStep } from '../../src/main/scenarios/steps/operation-step';
import type { ScenarioServices, StepContext } from '../../src/main/scenarios/step-context';
import { stepContext } from './helpers/step-context';

// A KWD order the merchant's own backend created, known here only from notifications without
// amounts: the editor's Capture, Refund and Cancel bodies said "currency": "SAR" in every Money,
// the spec's default, with nothing saying it was a default and not the order's currency.
const SAID =
  "The order's currency is not known: the body says SAR, the service's default for a Money without one (spec)";

describe("a default body's currency when the order's is not known", () => {
  it('is SAR, and said to be the default, for every operation whose body carries a Money', () => {
    for (const operation of ['capture', 'refund', 'cancel'] as const) {
      expect(defaultOperationBody(operation, { orderId: 'o', amount: '1', currency: null })).toMatchObject({
        total_amount: { currency: 'SAR' },
      });
      expect(currencyDefaultedWords(operation, null)).toBe(SAID);
      expect(currencyDefaultedWords(operation, 'KWD')).toBeNull();
    }
    for (const operation of ['authorise', 'getOrder', 'updateReferenceId'] as const)
      expect(currencyDefaultedWords(operation, null)).toBeNull();
  });
});

function contextOf(currency: string | null): StepContext {
  const services = {
    orders: {
      detail: () => ({ lifecycle: { state: 'authorised', facts: { amount: null, currency } } }),
    },
    merchantApi: {
      prepareOperation: () => ({ method: 'POST', url: 'http://127.0.0.1:1/x', headers: [], body: '{}' }),
      sendOperation: async () => ({ eventId: 1, status: 200, json: {}, serviceError: null, failure: null }),
    },
  } as unknown as ScenarioServices;
  return stepContext(services, { vars: new Variables({ order_id: 'order-1' }) });
}

const step = (fields: Record<string, unknown>) => operationStepSchema.parse({ step: 'operation', ...fields });

describe("a scenario's operation step with a default body", () => {
  it("says the currency it sent was the default when the order's is not known", async () => {
    const outcome = await runOperationStep(contextOf(null), step({ operation: 'capture', amount: '5.000' }));
    expect(outcome.message).toBe(`answered 200. ${SAID}.`);
  });

  it("says nothing of it when the order's currency is known, or the step wrote its own body", async () => {
    const known = await runOperationStep(contextOf('KWD'), step({ operation: 'capture', amount: '5.000' }));
    expect(known.message).toBe('answered 200');
    const written = await runOperationStep(
      contextOf(null),
      step({ operation: 'refund', body: { total_amount: { amount: 5, currency: 'KWD' } } }),
    );
    expect(written.message).toBe('answered 200');
  });
});
