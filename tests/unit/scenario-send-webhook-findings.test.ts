import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWebhookStepSchema } from '../../src/shared/scenarios/scenario-schema';
import type { StepContext } from '../../src/main/scenarios/step-context';
import { runSendWebhookStep } from '../../src/main/scenarios/steps/webhook-steps';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';
import { stepContext } from './helpers/step-context';

// A send-webhook step with `expect: { bodyVerdict: event }` passed over an order_captured whose
// data was `[]`: the listener's own record of it said "data must be an object for
// order_captured, not an array", yet the step never read the findings the listener stored, as an
// expect-webhook step does. Judged now from that record, with expect-webhook's `findings` key.
const ORDER = '0b9a4c1e-6f3d-4e8a-9b2c-5d7e8f901234';
const captured = (data: unknown) => ({
  order_id: ORDER,
  order_reference_id: 'ref-1',
  order_number: 'N-1',
  event_type: 'order_captured',
  data,
});
const EMPTY_DATA = captured([]);
const GOOD_DATA = captured({
  capture_id: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
  captured_amount: { amount: '5.000', currency: 'KWD' },
});
const DATA_ERROR = 'error data: data must be an object for order_captured, not an array.';

let listening: ListeningConsole;
beforeAll(async () => {
  listening = await openListeningConsole();
});
afterAll(async () => {
  await listening.dispose();
});

function context(): StepContext {
  return stepContext(listening.core, {
    profile: listening.core.profiles.active(),
    startedMs: Date.now(),
    orderIds: [ORDER],
  });
}

/** Sends `body` to this console's listener, expecting what `expect` says of its record. */
const sendToListener = (body: unknown, expect: Record<string, unknown>) =>
  runSendWebhookStep(
    context(),
    sendWebhookStepSchema.parse({ step: 'send-webhook', to: 'listener', order: ORDER, body, expect }),
  );

const failed = (outcome: Awaited<ReturnType<typeof runSendWebhookStep>>) =>
  outcome.checks.filter((check) => !check.passed);

describe("a send-webhook step over a body the listener's record judged with errors", () => {
  it('fails with bodyVerdict: event, naming the stored error, where it passed', async () => {
    const outcome = await sendToListener(EMPTY_DATA, { bodyVerdict: 'event' });
    expect(failed(outcome)).toEqual([
      { what: 'listener body findings', expected: 'no errors', actual: DATA_ERROR, passed: false },
    ]);
    expect(outcome.message).toMatch(
      /^200, listener record #\d+ token valid, body event with an error: data must be an object for order_captured, not an array$/,
    );
  });

  it('passes the same body with findings: errors or any, and a clean one by default', async () => {
    expect(failed(await sendToListener(EMPTY_DATA, { bodyVerdict: 'event', findings: 'errors' }))).toEqual(
      [],
    );
    expect(failed(await sendToListener(EMPTY_DATA, { bodyVerdict: 'event', findings: 'any' }))).toEqual([]);
    expect(failed(await sendToListener(GOOD_DATA, { bodyVerdict: 'event' }))).toEqual([]);
    expect(failed(await sendToListener(GOOD_DATA, { findings: 'errors' }))).toEqual([
      { what: 'listener body findings', expected: 'an error', actual: 'no errors', passed: false },
    ]);
  });

  it('checks them by default only where expect-webhook does: a body expected to be a notification', async () => {
    // No body verdict expected (a token test), or one that is against the spec by its name.
    expect(failed(await sendToListener(EMPTY_DATA, { verdict: 'valid' }))).toEqual([]);
    expect(failed(await sendToListener('not json', { bodyVerdict: 'invalid_json' }))).toEqual([]);
    expect(failed(await sendToListener(EMPTY_DATA, { verdict: 'valid', findings: 'no-errors' }))).toEqual([
      { what: 'listener body findings', expected: 'no errors', actual: DATA_ERROR, passed: false },
    ]);
  });
});
