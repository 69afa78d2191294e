import { runMarkDetails } from '../../../shared/scenarios/run-record-mark';
import type { z } from 'zod';
import { jsonObjectOfBody } from '../../../shared/json-body';
import { CUSTOMER_ACTION_OUTCOME } from '../../../shared/orders/order-states';
import { equalityCheck, statusCheck } from '../../../shared/scenarios/expectations';
import type { customerStepSchema } from '../../../shared/scenarios/scenario-schema';
import { recordedExchange } from '../../outbound/recorded-exchange';
import { joinServiceUrl, serviceRequestHeaders } from '../../merchant-api/request-planner';
import { parseServiceError } from '../../merchant-api/service-error';
import {
  durationMs,
  missingNotificationUrl,
  orderOfStep,
  StepError,
  unreachedOutcome,
  type StepContext,
  type StepOutcome,
} from '../step-context';
import { awaitNotification, cannotArriveOutcome, emulatorCannotSend } from './customer-notification';
import { heldByFaults } from './webhook-records';

type CustomerStep = z.output<typeof customerStepSchema>;

const AUTOMATION_TIMEOUT_MS = 10_000;

/**
 * The customer at the checkout page. On the Local emulator, its automation endpoint does what
 * the page's buttons do (`POST /_emulator/orders/{id}/{action}`), recorded like every other
 * exchange. On a sandbox or live profile a person has to act: the step says what to do. Either
 * way the step then waits for the notification that follows, without matching it for a later
 * expect-webhook, so the same scenario passes on both (customer-notification.ts).
 */
export async function runCustomerStep(context: StepContext, step: CustomerStep): Promise<StepOutcome> {
  const orderId = orderOfStep(context, step);
  if (context.profile.fields.environment !== 'local') return waitForPerson(context, step, orderId);
  const moved = await askEmulator(context, step, orderId);
  const event = CUSTOMER_ACTION_OUTCOME[step.action].eventType;
  // A move the emulator did not make sends nothing; a cancel sends no notification at all.
  if (event === null || moved.unreached !== undefined || !moved.checks.every((check) => check.passed))
    return moved;
  // Held or dropped by the emulator's faults on purpose: not waited for (a delay can outlast the
  // step), and said; an expect-webhook step after it reports it in the faults' words.
  const held = heldByFaults(context, orderId, event);
  if (held !== null)
    return { ...moved, message: `${moved.message ?? ''}; not waiting for ${event}: ${held}` };
  const arrived = await awaitNotification(context, {
    orderId,
    event,
    timeoutMs: durationMs(step.timeout),
    cannotArrive: () => emulatorCannotSend(context, orderId, event),
  });
  return {
    checks: [...moved.checks, ...arrived.checks],
    recordIds: [...moved.recordIds, ...arrived.recordIds],
    message: [moved.message, arrived.message].filter((line) => line !== null).join('; '),
  };
}

/** The emulator's automation endpoint does the customer's move; its answer is judged. */
async function askEmulator(context: StepContext, step: CustomerStep, orderId: string): Promise<StepOutcome> {
  const outcome = CUSTOMER_ACTION_OUTCOME[step.action];

  const url = joinServiceUrl(
    context.profile.fields.baseUrl,
    `/_emulator/orders/${encodeURIComponent(orderId)}/${step.action}`,
  );
  // The automation endpoints take the service's bearer token (as the merchant's own tests
  // would); the record keeps it masked.
  const apiToken = context.services.profiles.secretsOf(context.profile.id).apiToken;
  const headers = serviceRequestHeaders(apiToken, false);
  const started = await recordedExchange({
    recorder: context.services.recorder,
    request: {
      method: 'POST',
      url,
      headers: headers.real,
      body: null,
      timeoutMs: AUTOMATION_TIMEOUT_MS,
      signal: context.signal,
    },
    recordedHeaders: headers.masked,
    record: {
      kind: 'request',
      profileId: context.profile.id,
      profileName: context.profile.fields.name,
      orderId,
      details: { operation: `customer:${step.action}`, origin: 'scenario', ...runMarkDetails(context.mark) },
    },
  });
  const answer = started.outcome;
  if (answer.status === null) return unreachedOutcome(context, answer.failure, [started.id]);
  const json = jsonObjectOfBody(answer.body);
  const state = json?.['status'];
  return {
    checks: [
      statusCheck(200, answer.status, answer.failure?.message ?? null),
      equalityCheck('order state (emulator)', outcome.state, state),
    ],
    recordIds: [started.id],
    message: answerWords(answer.status, json, state),
  };
}

/**
 * What the emulator answered, in a line. A refusal (a second pay, a decline after expire) is an
 * error body with no `status`: said by its own reason, as `emulator pay` says it, where the
 * line read "the emulator says undefined".
 */
function answerWords(status: number, json: unknown, state: unknown): string {
  if (status < 200 || status >= 300) {
    const reason = parseServiceError(json)?.message ?? null;
    return `the emulator answered ${status}${reason === null ? ' with no reason' : `: ${reason}`}`;
  }
  return typeof state === 'string'
    ? `the emulator says ${state}`
    : `the emulator answered ${status} without the order's state`;
}

async function waitForPerson(
  context: StepContext,
  step: CustomerStep,
  orderId: string,
): Promise<StepOutcome> {
  const event = CUSTOMER_ACTION_OUTCOME[step.action].eventType;
  if (event === null)
    throw new StepError(
      `customer ${step.action} sends no notification, so it cannot be awaited on profile "${context.profile.fields.name}"; check the result with an operation (getOrder) instead`,
    );
  const checkoutUrl = context.vars.has('checkout_url') ? String(context.vars.get('checkout_url')) : null;
  const timeout = durationMs(step.timeout);
  const missing = missingNotificationUrl(context, orderId);
  // Nothing can tell the step that the person acted: asking them and waiting burnt the whole
  // timeout (5 minutes by default) to report "nothing arrived".
  if (missing?.final === true) return cannotArriveOutcome(orderId, event, missing.words);
  context.prompt(
    step.prompt ??
      `Open ${checkoutUrl ?? `the checkout page of order ${orderId}`} and ${step.action} (waiting ${Math.round(timeout / 1000)} s for ${event})`,
  );
  // Only a sign that the person acted (the service's delivery is not this console's to read).
  return awaitNotification(
    context,
    { orderId, event, timeoutMs: timeout, cannotArrive: () => null },
    missing?.words ?? null,
  );
}
