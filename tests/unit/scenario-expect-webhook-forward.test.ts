import { describe, expect, it } from 'vitest';
import { expectWebhookStepSchema } from '../../src/shared/scenarios/scenario-schema';
import { StepError, type ScenarioServices } from '../../src/main/scenarios/step-context';
import { runExpectWebhookStep } from '../../src/main/scenarios/steps/webhook-steps';
import { timelineSummary } from './helpers/timeline-summary';
import { stepContext } from './helpers/step-context';

// `forward: { status: 200 }` on a listener with no forward-to URL waited 12 s for a forward that
// could never come, then only guessed why ("no forward (is the listener's forward-to set?)"),
// where send-webhook's `to: forward` reads the setting and says so at once.
const ORDER = '0b9a4c1e-6f3d-4e8a-9b2c-5d7e8f901234';

function servicesWith(forwardTo: string | null, forwardRecord: boolean): ScenarioServices {
  const webhook = timelineSummary(7, new Date(), { orderId: ORDER, eventType: 'order_approved' });
  const forward = timelineSummary(8, new Date(), { kind: 'forward', status: 200 });
  return {
    listener: { settings: () => ({ forwardTo }) },
    eventsQuery: {
      page: (filter: { kinds?: string[] }) => ({
        items: filter.kinds?.includes('forward') === true ? (forwardRecord ? [forward] : []) : [webhook],
      }),
    },
    events: { getRow: () => ({ request_body: null }), getDetail: () => ({ details: {} }) },
  } as unknown as ScenarioServices;
}

const step = expectWebhookStepSchema.parse({
  step: 'expect-webhook',
  event: 'order_approved',
  order: ORDER,
  within: 1,
  forward: { status: 200 },
});

describe('an expect-webhook step expecting a forward', () => {
  it('is an error of the step at once when the listener has no forward-to URL', async () => {
    const started = Date.now();
    const outcome = runExpectWebhookStep(stepContext(servicesWith(null, false), { orderIds: [ORDER] }), step);
    await expect(outcome).rejects.toThrow(StepError);
    await expect(outcome).rejects.toThrow(
      'forward: the listener has no forward-to URL, so no webhook is forwarded: set Forward to in the Listener view, or leave forward out of this step',
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('judges the forward as before when a forward-to URL is set', async () => {
    const outcome = await runExpectWebhookStep(
      stepContext(servicesWith('http://127.0.0.1:9/hooks', true), { orderIds: [ORDER] }),
      step,
    );
    expect(outcome.checks.find((check) => check.what === 'forward status')).toMatchObject({
      passed: true,
    });
    expect(outcome.recordIds).toEqual([7, 8]);
  });
});
