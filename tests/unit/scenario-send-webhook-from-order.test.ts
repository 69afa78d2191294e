import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWebhookStepSchema } from '../../src/shared/scenarios/scenario-schema';
import { loadScenarios } from '../../src/main/scenarios/load-scenarios';
import { runSendWebhookStep } from '../../src/main/scenarios/steps/webhook-steps';
import { payload, signWith } from '../fixtures/hostile-webhooks';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';
import { stepContext } from './helpers/step-context';
import { makeTempDir } from './helpers/temp-console';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ORDER_ID = '6f1c0a8e-2f7b-4c1e-9d3a-5b8e7c6d4a21';

// `from: { event, order }` names the order whose webhook is resent. The file's check took that
// as the step's order (no `${order_id}` needed, nothing said at load), but the run ignored it
// and erred "no order: run a checkout step first" when no checkout had set `${order_id}`: a
// file read as fine that could never run.
let listening: ListeningConsole;
const temp = makeTempDir('cc-send-from-order-');
beforeAll(async () => {
  listening = await openListeningConsole();
});
afterAll(async () => {
  await listening.dispose();
  temp.remove();
});

const resend = {
  step: 'send-webhook',
  to: 'listener',
  from: { event: 'order_approved', order: ORDER_ID },
  expect: { verdict: 'valid' },
};

describe('a send-webhook step whose order is only in from', () => {
  it('is not a problem of the file', async () => {
    const file = join(temp.dir, 'resend.yaml');
    writeFileSync(
      file,
      `name: resend\nsteps:\n  - step: send-webhook\n    to: listener\n    from: { event: order_approved, order: ${ORDER_ID} }\n`,
    );
    const loaded = loadScenarios([file], temp.dir);
    expect(loaded.problems).toEqual([]);
  });

  it('resends that order’s webhook, with no checkout before it, on a record of that order', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await signWith(listening.secret, { iat: now, exp: now + 600 });
    const arrived = await fetch(`${listening.origin}/hooks/notify?serviceToken=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: payload('order_approved'),
    });
    expect(arrived.status).toBe(200);
    const context = stepContext(listening.core, {
      profile: listening.core.profiles.active(),
      startedMs: Date.now() - 60_000,
    });
    const outcome = await runSendWebhookStep(context, sendWebhookStepSchema.parse(resend));
    expect(outcome.message).toMatch(/^200, listener record #\d+ token valid/);
    expect(outcome.checks.filter((check) => !check.passed)).toEqual([]);
    const [sent] = outcome.recordIds;
    expect(listening.core.events.getSummary(sent ?? -1)?.orderId).toBe(ORDER_ID);
  });
});

// `from:` copies a notification the listener received while this scenario ran: an order of an
// earlier run (or of a scenario of this run that ended before this one began) is not found, and
// the manual did not say so, nor in what words the step errs then.
describe('a send-webhook step whose from names an order only an earlier run saw', () => {
  it('errs, saying none was received in this scenario, in the words the manual quotes', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await signWith(listening.secret, { iat: now, exp: now + 600 });
    const arrived = await fetch(`${listening.origin}/hooks/notify?serviceToken=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: payload('order_approved'),
    });
    expect(arrived.status).toBe(200);
    // The scenario begins after the webhook was stored, as a later run's would.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const context = stepContext(listening.core, {
      profile: listening.core.profiles.active(),
      startedMs: Date.now(),
    });
    const words = `from: no order_approved webhook of order ${ORDER_ID} was received in this scenario`;
    await expect(runSendWebhookStep(context, sendWebhookStepSchema.parse(resend))).rejects.toThrow(words);
    expect(readFileSync('docs/scenarios.md', 'utf8').replace(/\s+/g, ' ')).toContain(`\`${words}\``);
  });
});
