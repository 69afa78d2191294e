import { describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import type { StepContext } from '../../src/main/scenarios/step-context';
import { runCustomerStep } from '../../src/main/scenarios/steps/customer-step';
import { runExpectOrderStep } from '../../src/main/scenarios/steps/order-steps';
import { runExpectWebhookStep } from '../../src/main/scenarios/steps/webhook-steps';
import type { StoredProfile } from '../../src/main/store/profiles-repository';
import {
  customerStepSchema,
  expectOrderStepSchema,
  expectWebhookStepSchema,
} from '../../src/shared/scenarios/scenario-schema';
import { NO_FAULTS } from '../../src/shared/emulator';
import { validPayload } from './helpers/emulator-harness';
import { startFakeService } from './helpers/fake-service';
import { afterThisTest } from './helpers/replay-targets';
import { openTestRun } from './helpers/test-run-console';
import { stepContext } from './helpers/step-context';

// docs/scenarios.md promises that `checkout`, `customer: pay`, `expect-order state: approved`
// passes on Local as on a sandbox. On a sandbox the customer step waits for order_approved; on
// Local it returned once the emulator answered, before the emulator's notification reached the
// listener, so the order still read "new" and the expect-order step after it always failed.

function contextOf(core: ConsoleCore, profile: StoredProfile = core.profiles.active()): StepContext {
  return stepContext(core, { profile, startedMs: Date.now() });
}

async function checkout(core: ConsoleCore, injectNotificationUrl: boolean): Promise<string> {
  const created = await core.merchantApi.sendCheckout({
    body: { kind: 'json', payload: validPayload(null) },
    injectNotificationUrl,
    form: 'general',
  });
  const orderId = created.checkout?.order_id;
  if (orderId === undefined) throw new Error(`no checkout: ${created.status ?? 'no answer'}`);
  return orderId;
}

const pay = (order: string) => customerStepSchema.parse({ step: 'customer', action: 'pay', order });

describe('the customer step on the Local profile', () => {
  it('waits for the notification the listener stores, so the order reads approved right after', async () => {
    const { core } = await openTestRun();
    const context = contextOf(core);
    const orderId = await checkout(core, true);
    const customer = await runCustomerStep(context, pay(orderId));
    const order = await runExpectOrderStep(
      context,
      expectOrderStepSchema.parse({ step: 'expect-order', state: 'approved', order: orderId }),
    );
    expect(order.checks.filter((check) => !check.passed)).toEqual([]);
    expect(customer.checks.filter((check) => !check.passed)).toEqual([]);
    expect(customer.message).toBe('the emulator says approved; order_approved arrived (token valid)');
    // Left for the expect-webhook step after it to match and judge, as on a sandbox.
    const webhook = await runExpectWebhookStep(
      context,
      expectWebhookStepSchema.parse({ step: 'expect-webhook', event: 'order_approved', order: orderId }),
    );
    expect(webhook.checks.filter((check) => !check.passed)).toEqual([]);
  });

  it('fails, saying why, when the emulator has nowhere to send the notification', async () => {
    const { core } = await openTestRun();
    const context = contextOf(core);
    const orderId = await checkout(core, false);
    const customer = await runCustomerStep(context, pay(orderId));
    const failed = customer.checks.filter((check) => !check.passed);
    expect(failed.map((check) => check.what)).toEqual(['order_approved']);
    const why =
      "the emulator's order_approved not sent: the checkout request had no notification URL, and no webhook is registered for order_approved (Emulator → Settings → Registered webhook).";
    expect(failed[0]?.actual).toBe(`cannot arrive: ${why}`);
    expect(customer.message).toBe(
      `the emulator says approved; no order_approved for order ${orderId} can arrive: ${why}`,
    );
  });

  it("does not wait for a notification the emulator's faults hold on purpose, and says so", async () => {
    const { core } = await openTestRun();
    const context = contextOf(core);
    const orderId = await checkout(core, true);
    core.emulator.setOrderOptions(orderId, { faults: { ...NO_FAULTS, delayMs: 60_000 } });
    const customer = await runCustomerStep(context, pay(orderId));
    expect(customer.checks.filter((check) => !check.passed)).toEqual([]);
    expect(customer.message).toMatch(
      /^the emulator says approved; not waiting for order_approved: the emulator holds order_approved on purpose \(its faults: delay 60000 ms\): its first attempt is due at /,
    );
  });

  it('says an order state the emulator did not give as absent, not "(none)"', async () => {
    const { core } = await openTestRun();
    const fake = await startFakeService((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    afterThisTest(fake.close);
    const local = core.profiles.active();
    const elsewhere = { ...local, fields: { ...local.fields, baseUrl: fake.url } };
    const customer = await runCustomerStep(contextOf(core, elsewhere), pay('order-1'));
    expect(customer.checks.find((check) => check.what === 'order state (emulator)')).toEqual({
      what: 'order state (emulator)',
      expected: 'approved',
      actual: null,
      actualAbsent: true,
      passed: false,
    });
  });
});
