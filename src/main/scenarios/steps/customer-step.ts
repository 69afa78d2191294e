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
  orderOf,
  StepError,
  unreachedOutcome,
  type StepContext,
  type StepOutcome,
} from '../step-context';
import { findWebhook } from './webhook-records';

type CustomerStep = z.output<typeof customerStepSchema>;

const AUTOMATION_TIMEOUT_MS = 10_000;

/**
 * The customer at the checkout page. On the Local emulator, its automation endpoint does what
 * the page's buttons do (`POST /_emulator/orders/{id}/{action}`), recorded like every other
 * exchange. On a sandbox or live profile a person has to act: the step says what to do and
 * waits for the notification that follows, without matching it for a later expect-webhook.
 */
export async function runCustomerStep(context: StepContext, step: CustomerStep): Promise<StepOutcome> {
  const orderId = orderOf(context, step.order);
  const outcome = CUSTOMER_ACTION_OUTCOME[step.action];
  if (context.profile.fields.environment !== 'local') return waitForPerson(context, step, orderId);

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
  if (missing?.final === true)
    return {
      checks: [
        { what: event, expected: 'arrives', actual: `cannot arrive: ${missing.words}`, passed: false },
      ],
      recordIds: [],
      message: `no ${event} for order ${orderId} can arrive: ${missing.words}`,
    };
  context.prompt(
    step.prompt ??
      `Open ${checkoutUrl ?? `the checkout page of order ${orderId}`} and ${step.action} (waiting ${Math.round(timeout / 1000)} s for ${event})`,
  );
  // Only a sign that the person acted: the notification stays for the expect-webhook step that
  // judges it (consumed here, that step found nothing on a sandbox), and any token verdict counts,
  // since judging the token is that step's job and a bad one is no reason to wait minutes more.
  const found = await findWebhook(context, { orderId, event, timeoutMs: timeout, consume: false });
  if (found === null)
    return {
      checks: [
        {
          what: event,
          expected: `arrives within ${Math.round(timeout / 1000)} s`,
          actual: missing === null ? 'nothing arrived' : `nothing arrived; ${missing.words}`,
          passed: false,
        },
      ],
      recordIds: [],
      message: `no ${event} for order ${orderId}`,
    };
  return {
    checks: [{ what: event, expected: 'arrives', actual: `record #${found.id}`, passed: true }],
    recordIds: [found.id],
    message: `${event} arrived (token ${found.tokenVerdict ?? 'not judged'})`,
  };
}
