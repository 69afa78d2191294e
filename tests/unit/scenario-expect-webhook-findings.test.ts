import { describe, expect, it } from 'vitest';
import type { BodyFinding } from '../../src/shared/webhook-details';
import { judgeWebhookBody } from '../../src/shared/webhook/judge-webhook-body';
import { expectWebhookStepSchema } from '../../src/shared/scenarios/scenario-schema';
import type { ScenarioServices, StepContext } from '../../src/main/scenarios/step-context';
import { runExpectWebhookStep } from '../../src/main/scenarios/steps/webhook-steps';
import { timelineSummary } from './helpers/timeline-summary';
import { stepContext } from './helpers/step-context';

// An order_captured whose data was `[]` (no capture_id, no captured_amount) passed an
// expect-webhook step as "token valid, body event", while the listener's own record of it said
// "data must be an object for order_captured, not an array": a green run over a notification
// the console itself judged against the spec.
const ORDER = '0b9a4c1e-6f3d-4e8a-9b2c-5d7e8f901234';
const capturedWith = (data: unknown) =>
  new TextEncoder().encode(
    JSON.stringify({
      order_id: ORDER,
      order_reference_id: 'ref-1',
      order_number: 'N-1',
      event_type: 'order_captured',
      data,
    }),
  );
const EMPTY_DATA = capturedWith([]);
const GOOD_DATA = capturedWith({
  capture_id: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
  captured_amount: { amount: '5.000', currency: 'KWD' },
});

/** The listener's record: these bytes, with the judgement it stored as they arrived. */
function contextWith(body: Uint8Array, stored: { findings: BodyFinding[] } | null): StepContext {
  const record = timelineSummary(7, new Date(), { orderId: ORDER, eventType: 'order_captured' });
  const services = {
    eventsQuery: { page: () => ({ items: [record] }) },
    events: {
      getRow: () => ({ request_body: body }),
      getDetail: () => ({ details: stored === null ? {} : { body: { verdict: 'event', ...stored } } }),
    },
  } as unknown as ScenarioServices;
  return stepContext(services, { orderIds: [ORDER] });
}

const step = (extra: Record<string, unknown> = {}) =>
  expectWebhookStepSchema.parse({
    step: 'expect-webhook',
    event: 'order_captured',
    order: ORDER,
    within: 1,
    ...extra,
  });

const failed = (outcome: Awaited<ReturnType<typeof runExpectWebhookStep>>) =>
  outcome.checks.filter((check) => !check.passed);

describe('an expect-webhook step over a notification the listener judged with errors', () => {
  it('fails, naming the stored error, where it passed as "token valid, body event"', async () => {
    const judged = judgeWebhookBody(EMPTY_DATA, false);
    const outcome = await runExpectWebhookStep(contextWith(EMPTY_DATA, judged), step());
    expect(failed(outcome)).toEqual([
      {
        what: 'body findings',
        expected: 'no errors',
        actual: 'error data: data must be an object for order_captured, not an array.',
        passed: false,
      },
    ]);
    expect(outcome.message).toBe(
      'token valid, body event with an error: data must be an object for order_captured, not an array',
    );
  });

  it('passes when the scenario expects such errors (findings: errors), and fails when there are none', async () => {
    const judged = judgeWebhookBody(EMPTY_DATA, false);
    const expected = await runExpectWebhookStep(
      contextWith(EMPTY_DATA, judged),
      step({ findings: 'errors' }),
    );
    expect(failed(expected)).toEqual([]);
    const clean = await runExpectWebhookStep(
      contextWith(GOOD_DATA, judgeWebhookBody(GOOD_DATA, false)),
      step({ findings: 'errors' }),
    );
    expect(failed(clean)).toEqual([
      { what: 'body findings', expected: 'an error', actual: 'no errors', passed: false },
    ]);
    const unchecked = await runExpectWebhookStep(contextWith(EMPTY_DATA, judged), step({ findings: 'any' }));
    expect(failed(unchecked)).toEqual([]);
  });

  it('takes the judgement stored with the record, never a judgement of its own', async () => {
    // A body that reads well today, stored with an error (judged by a stricter listener, say):
    // the run says what the timeline says of it.
    const storedError: BodyFinding = { severity: 'error', path: 'data.capture_id', message: 'stored.' };
    const outcome = await runExpectWebhookStep(contextWith(GOOD_DATA, { findings: [storedError] }), step());
    expect(failed(outcome).map((check) => check.actual)).toEqual(['error data.capture_id: stored.']);
    // Warnings are the listener's remarks, not a body against the spec.
    const warned = await runExpectWebhookStep(
      contextWith(EMPTY_DATA, { findings: [{ ...storedError, severity: 'warning' }] }),
      step(),
    );
    expect(failed(warned)).toEqual([]);
  });

  it('fails when the record carries no judgement to read, rather than passing over it', async () => {
    const outcome = await runExpectWebhookStep(contextWith(GOOD_DATA, null), step());
    // Absent, not a sentence that reads as the findings the record held; the line says why.
    expect(failed(outcome)).toEqual([
      { what: 'body findings', expected: 'no errors', actual: null, actualAbsent: true, passed: false },
    ]);
    expect(outcome.message).toContain(
      'its findings not known: the record carries no readable judgement of its body',
    );
  });
});
