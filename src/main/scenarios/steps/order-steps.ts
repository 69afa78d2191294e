import type { z } from 'zod';
import { ABSENT_ACTUAL, equalityCheck, fieldChecks } from '../../../shared/scenarios/expectations';
import type { CheckResult } from '../../../shared/scenarios/scenario-results';
import type {
  expectOrderStepSchema,
  setStepSchema,
  waitStepSchema,
} from '../../../shared/scenarios/scenario-schema';
import {
  durationMs,
  orderOfStep,
  RunCancelled,
  sleep,
  waitFor,
  type StepContext,
  type StepOutcome,
} from '../step-context';
import { lifecycleOf } from './operation-step';

type ExpectOrderStep = z.output<typeof expectOrderStepSchema>;

function orderChecks(context: StepContext, step: ExpectOrderStep, orderId: string): CheckResult[] {
  const lifecycle = lifecycleOf(context, orderId);
  // An order the console has no record of is a failure of its own (a fact expected null must
  // not pass for it), said as every side with no value is: absent, never a stand-in string. The
  // step's own checks follow, each absent too, so the report shows what it expected.
  const known: CheckResult[] =
    lifecycle === null ? [{ what: 'order', expected: orderId, ...ABSENT_ACTUAL, passed: false }] : [];
  const checks: CheckResult[] = [...known];
  if (step.state !== undefined)
    // A state not derived is absent, not the state "(unknown)".
    checks.push(equalityCheck('order state', step.state, lifecycle?.state ?? undefined));
  checks.push(...fieldChecks(lifecycle?.facts, { fields: step.facts }));
  return checks;
}

/** The order's state and facts as the Orders service derives them, waiting up to `within`. */
export async function runExpectOrderStep(context: StepContext, step: ExpectOrderStep): Promise<StepOutcome> {
  const orderId = orderOfStep(context, step);
  const within = durationMs(step.within);
  const passing = await waitFor(
    () => {
      const checks = orderChecks(context, step, orderId);
      return checks.every((check) => check.passed) ? checks : null;
    },
    within,
    context.signal,
    100,
  );
  const checks = passing ?? orderChecks(context, step, orderId);
  const lifecycle = lifecycleOf(context, orderId);
  return {
    checks,
    recordIds: lifecycle?.stateRecordId === null || lifecycle === null ? [] : [lifecycle.stateRecordId],
    message: `order ${orderId} is ${lifecycle?.state ?? 'unknown to the console'}`,
  };
}

export async function runWaitStep(
  context: StepContext,
  step: z.output<typeof waitStepSchema>,
): Promise<StepOutcome> {
  const ms = durationMs(step.for);
  await sleep(ms, context.signal);
  // Cut short by a cancel: it did not wait `ms`.
  if (context.signal.aborted) throw new RunCancelled();
  return { checks: [], recordIds: [], message: `waited ${ms} ms` };
}

export function runSetStep(context: StepContext, step: z.output<typeof setStepSchema>): StepOutcome {
  for (const [name, value] of Object.entries(step.vars)) context.vars.set(name, value);
  return { checks: [], recordIds: [], message: null };
}
