import { runMarkDetails } from '../../../shared/scenarios/run-record-mark';
import type { z } from 'zod';
import { defaultOperationAmount } from '../../../shared/orders/operation-amount';
import { currencyDefaultedWords } from '../../../shared/operation-bodies';
import type { OrderLifecycle } from '../../../shared/orders/order-lifecycle';
import { answerChecks, equalityCheck } from '../../../shared/scenarios/expectations';
import type { operationStepSchema } from '../../../shared/scenarios/scenario-schema';
import { ConsoleError } from '../../console-error';
import { answeredWords } from '../refusal-words';
import { rememberTransaction } from './scenario-transactions';
import {
  captureInto,
  clientAnswer,
  orderOfStep,
  unreachedOutcome,
  type StepContext,
  type StepOutcome,
} from '../step-context';

type OperationStep = z.output<typeof operationStepSchema>;

/** The order's lifecycle as the Orders service derives it (null: the console has no record of it). */
export function lifecycleOf(context: StepContext, orderId: string): OrderLifecycle | null {
  try {
    return context.services.orders.detail(orderId).lifecycle;
  } catch (error) {
    if (error instanceof ConsoleError && error.code === 'not_found') return null;
    throw error;
  }
}

/** What is left to capture or refund, and the order's amount to cancel, as the Orders view offers them. */
function defaultAmount(step: OperationStep, lifecycle: OrderLifecycle | null): string | null {
  return lifecycle === null ? null : defaultOperationAmount(step.operation, lifecycle.facts);
}

/** Whether the step's body comes from the order's facts: a default body of an operation with an amount. */
function needsFacts(step: OperationStep): boolean {
  return (
    step.body === undefined &&
    (step.operation === 'capture' || step.operation === 'refund' || step.operation === 'cancel')
  );
}

/** A follow-up operation through the console's client, checked by status, body and the state after. */
export async function runOperationStep(context: StepContext, step: OperationStep): Promise<StepOutcome> {
  const orderId = orderOfStep(context, step);
  const { merchantApi } = context.services;
  // The order's facts fill in only a default body's amount and currency: derived for those
  // alone. Derived before every step, a run of getOrder steps slowed as the order's records grew
  // (a full re-derivation each time: 35 ms a step at first, 163 ms after 400).
  const before = needsFacts(step) ? lifecycleOf(context, orderId) : null;
  const plan = merchantApi.prepareOperation({
    profileId: context.profile.id,
    operation: step.operation,
    orderId,
    amount: step.amount ?? defaultAmount(step, before),
    currency: before?.facts.currency ?? null,
    orderReferenceId: step.referenceId ?? null,
  });
  // A default body on an order whose currency is not known says SAR, the spec's default: the
  // step's result says so, so a run against a KWD order does not read as a KWD capture.
  const defaulted =
    step.body === undefined ? currencyDefaultedWords(step.operation, before?.facts.currency) : null;
  const body =
    step.body === undefined
      ? plan.body
      : typeof step.body === 'string'
        ? step.body
        : JSON.stringify(step.body, null, 2);
  const result = await merchantApi.sendOperation({
    profileId: context.profile.id,
    operation: step.operation,
    orderId,
    method: plan.method,
    url: plan.url,
    body,
    confirmLive: context.confirmLive,
    recordDetails: runMarkDetails(context.mark),
  });
  if (result.status === null) return unreachedOutcome(context, result.failure, [result.eventId]);
  rememberTransaction(
    context,
    orderId,
    { operation: step.operation, body, currency: before?.facts.currency ?? null },
    { status: result.status, json: result.json },
  );
  const expect = step.expect ?? { status: '2xx' };
  const checks = answerChecks(expect, clientAnswer(result));
  if (expect.state !== undefined) {
    const after = lifecycleOf(context, orderId);
    // A state not known (no record of the order, or none derived) is absent, not "(unknown)".
    checks.push(equalityCheck('order state', expect.state, after?.state ?? undefined));
  }
  checks.push(...captureInto(context, step.capture, result.json));
  return {
    checks,
    recordIds: [result.eventId],
    message: `${answeredWords(result.status, result.serviceError)}${defaulted === null ? '' : `. ${defaulted}.`}`,
  };
}
