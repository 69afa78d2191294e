import { describe, expect, it } from 'vitest';
import type { TimelineSummary } from '../../src/shared/events';
import { timelineSummary } from './helpers/timeline-summary';
import { expectWebhookStepSchema, customerStepSchema } from '../../src/shared/scenarios/scenario-schema';
import { Variables } from '../../src/shared/scenarios/variables';
import type { ScenarioServices, StepContext } from '../../src/main/scenarios/step-context';
import type { StoredProfile } from '../../src/main/store/profiles-repository';
import { runCustomerStep } from '../../src/main/scenarios/steps/customer-step';
import { runExpectWebhookStep } from '../../src/main/scenarios/steps/webhook-steps';

// On a sandbox a person acts at the checkout page and the customer step waits for the
// notification that follows. The expect-webhook step after it must still find that notification:
// the customer step used to match (consume) it, so the starter happy path failed on a sandbox.
const approved: TimelineSummary = timelineSummary(7, new Date(), {
  profileName: 'Sandbox',
  path: '/',
  orderId: 'order-1',
  eventType: 'order_approved',
  bodyFindings: 0,
});

function sandboxContext(record = approved): StepContext {
  const services = {
    eventsQuery: { page: () => ({ items: [record] }) },
    events: { getRow: () => ({ request_body: null }) },
  } as unknown as ScenarioServices;
  return {
    services,
    profile: { id: 1, fields: { name: 'Sandbox', environment: 'sandbox' } } as unknown as StoredProfile,
    confirmLive: false,
    vars: new Variables({}),
    scenarioDir: '.',
    startedMs: Date.now() - 1000,
    consumedWebhooks: new Set(),
    orderIds: ['order-1'],
    signal: new AbortController().signal,
    prompt: () => undefined,
  };
}

describe('the customer step on a sandbox profile', () => {
  it('waits for the notification without taking it from the expect-webhook step after it', async () => {
    const context = sandboxContext();
    const customer = await runCustomerStep(
      context,
      customerStepSchema.parse({ step: 'customer', action: 'pay', order: 'order-1' }),
    );
    expect(customer.checks.every((check) => check.passed)).toBe(true);
    expect(customer.message).toBe('order_approved arrived (token valid)');
    const webhook = await runExpectWebhookStep(
      context,
      expectWebhookStepSchema.parse({
        step: 'expect-webhook',
        event: 'order_approved',
        order: 'order-1',
        within: 0,
      }),
    );
    expect(webhook.recordIds).toEqual([7]);
    expect(webhook.checks.filter((check) => !check.passed)).toEqual([]);
  });

  it("takes any token verdict as the sign the person acted; judging it is the expect-webhook step's job", async () => {
    const context = sandboxContext({ ...approved, tokenVerdict: 'invalid_signature' });
    const customer = await runCustomerStep(
      context,
      customerStepSchema.parse({ step: 'customer', action: 'pay', order: 'order-1' }),
    );
    expect(customer.checks.every((check) => check.passed)).toBe(true);
    expect(customer.message).toBe('order_approved arrived (token invalid_signature)');
    const webhook = await runExpectWebhookStep(
      context,
      expectWebhookStepSchema.parse({ step: 'expect-webhook', event: 'order_approved', order: 'order-1' }),
    );
    expect(webhook.checks.find((check) => !check.passed)?.what).toBe('token verdict');
  });
});
