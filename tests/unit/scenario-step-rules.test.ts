import { describe, expect, it } from 'vitest';
import { scenarioStepSchema } from '../../src/shared/scenarios/scenario-schema';
import { orderOfStep, StepError, type ScenarioServices } from '../../src/main/scenarios/step-context';
import { unsetVariables } from '../../src/main/scenarios/unset-variables';
import { stepContext } from './helpers/step-context';

// The file's check (unset-variables.ts) and the run (step-context.ts) once each kept their own
// rule for which steps take `${order_id}`, and they disagreed on `from: { order }`. Both read
// step-rules.ts now: for every shape of step, the check refuses exactly the steps the run
// could not give an order.
const ORDER = '0b9a4c1e-6f3d-4e8a-9b2c-5d7e8f901234';
const written: Record<string, unknown>[] = [
  { step: 'checkout', sample: { country: 'SA' } },
  { step: 'wait', for: 1 },
  { step: 'set', vars: { a: 1 } },
  { step: 'customer', action: 'pay' },
  { step: 'customer', action: 'pay', order: ORDER },
  { step: 'operation', operation: 'getOrder' },
  { step: 'operation', operation: 'getOrder', order: ORDER },
  { step: 'expect-order', state: 'approved' },
  { step: 'expect-order', state: 'approved', order: ORDER },
  { step: 'expect-webhook', event: 'order_approved' },
  { step: 'expect-webhook', event: 'order_approved', order: ORDER },
  { step: 'send-webhook', to: 'listener', event: 'order_approved' },
  { step: 'send-webhook', to: 'listener', event: 'order_approved', order: ORDER },
  { step: 'send-webhook', to: 'listener', from: { event: 'order_approved' } },
  { step: 'send-webhook', to: 'listener', from: { event: 'order_approved', order: ORDER } },
  { step: 'send-webhook', to: 'listener', body: {} },
];

// Written empty, an order was once taken as left out (the last checkout's); it is refused when
// the file is read now, so neither rule ever sees it (tests/unit/scenario-empty-order.test.ts).
const writtenEmpty: Record<string, unknown>[] = [
  { step: 'customer', action: 'pay', order: '' },
  { step: 'send-webhook', to: 'listener', from: { event: 'order_approved', order: '' } },
  { step: 'send-webhook', to: 'listener', body: {}, order: '' },
];

const services = {} as unknown as ScenarioServices;

describe('which steps need ${order_id}', () => {
  it.each(written)('is the same at load and at run time: %j', (raw) => {
    const step = scenarioStepSchema.parse(raw);
    const refusedAtLoad = unsetVariables({}, [{ step }]).some((problem) => problem.path.at(-1) === 'order');
    let erredAtRun = false;
    try {
      orderOfStep(stepContext(services), step);
    } catch (error) {
      if (!(error instanceof StepError)) throw error;
      erredAtRun = true;
    }
    expect(refusedAtLoad).toBe(erredAtRun);
  });

  it.each(writtenEmpty)('is never reached with an order written empty: %j', (raw) => {
    expect(scenarioStepSchema.safeParse(raw).success).toBe(false);
  });
});
