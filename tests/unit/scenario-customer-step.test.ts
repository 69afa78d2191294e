import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TimelineSummary } from '../../src/shared/events';
import { timelineSummary } from './helpers/timeline-summary';
import { expectWebhookStepSchema, customerStepSchema } from '../../src/shared/scenarios/scenario-schema';
import type { ScenarioServices, StepContext } from '../../src/main/scenarios/step-context';
import { runCustomerStep } from '../../src/main/scenarios/steps/customer-step';
import { runExpectWebhookStep } from '../../src/main/scenarios/steps/webhook-steps';
import { runReportSchema } from '../../src/shared/scenarios/scenario-results';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';
import { fakeProfile, stepContext } from './helpers/step-context';

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
    events: {
      getRow: () => ({ request_body: null }),
      // The judgement the listener stored with the record: a body without errors.
      getDetail: () => ({ details: { body: { verdict: 'event', findings: [] } } }),
    },
  } as unknown as ScenarioServices;
  return stepContext(services, { profile: fakeProfile('Sandbox', 'sandbox'), orderIds: ['order-1'] });
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
        within: 1,
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

// A customer action the emulator refuses (a second pay, a decline after expire) is an error body
// with no status; the step said "the emulator says undefined", where `emulator pay` says why.
describe('a customer step the emulator refuses', () => {
  const temp = makeTempDir('cc-customer-refused-');
  afterAll(() => temp.remove());

  it("says the emulator's reason, as `emulator pay` does", async () => {
    const scenarios = join(temp.dir, 'scenarios');
    mkdirSync(scenarios, { recursive: true });
    const twice = (name: string, first: string, second: string) =>
      [
        `name: ${name}`,
        'steps:',
        '  - step: checkout',
        '    sample: { country: SA }',
        '  - step: customer',
        `    action: ${first}`,
        '  - step: customer',
        `    action: ${second}`,
        '',
      ].join('\n');
    writeFileSync(join(scenarios, 'a.yaml'), twice('pay twice', 'pay', 'pay'));
    writeFileSync(join(scenarios, 'b.yaml'), twice('decline after expire', 'expire', 'decline'));
    const run = await runCliCaptured([
      '--data-dir',
      join(temp.dir, 'data'),
      'test',
      scenarios,
      '--reporter',
      'json',
    ]);
    const report = runReportSchema.parse(JSON.parse(run.stdout));
    const third = (name: string) => report.scenarios.find((scenario) => scenario.name === name)?.steps[2];
    expect(third('pay twice')).toMatchObject({
      status: 'failed',
      message: 'the emulator answered 409: The customer can pay only a new order; it is approved.',
    });
    expect(third('decline after expire')).toMatchObject({
      status: 'failed',
      message: 'the emulator answered 409: The customer can decline only a new order; it is expired.',
    });
    expect(third('pay twice')?.checks[0]).toMatchObject({ expected: 200, actual: 409, passed: false });
  });
});
