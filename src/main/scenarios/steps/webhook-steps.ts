import { runMarkDetails } from '../../../shared/scenarios/run-record-mark';
import type { z } from 'zod';
import { decodeJwt } from '../../../shared/jwt/decode-jwt';
import { equalityCheck, fieldChecks, statusCheck } from '../../../shared/scenarios/expectations';
import { carriesCredentials } from '../../../shared/http-url';
import { DEFAULT_CURRENCY } from '../../../shared/checkout/currencies';
import { formatAmountText } from '../../../shared/money-format';
import {
  SEND_WEBHOOK_URL_CREDENTIALS,
  type expectWebhookStepSchema,
  type sendWebhookStepSchema,
} from '../../../shared/scenarios/scenario-schema';
import type { CheckResult } from '../../../shared/scenarios/scenario-results';
import { notificationBody } from '../../emulator/notification-body';
import { notificationData, type NotificationMoney } from '../../emulator/notification-data';
import { assertLiveAddressConfirmed } from '../../profiles/live-guard';
import { originalToken } from '../../replay/replay-request';
import { sendNotification } from '../send-notification';
import {
  captureInto,
  durationMs,
  emulatorStoppedMidRun,
  missingNotificationUrl,
  orderOfStep,
  parseJsonBody,
  StepError,
  type StepContext,
  type StepOutcome,
} from '../step-context';
import { lifecycleOf } from './operation-step';
import { notificationTransaction } from './scenario-transactions';
import { listenerRecordChecks } from './send-webhook-listener-checks';
import { bodyErrorsWords, bodyFindingsCheck, recordBodyErrors } from './webhook-findings-check';
import { arrivedFor, findWebhook, forwardOf, heldByFaults, latestWebhook } from './webhook-records';

type ExpectWebhookStep = z.output<typeof expectWebhookStepSchema>;
type SendWebhookStep = z.output<typeof sendWebhookStepSchema>;

const FORWARD_WAIT_MS = 12_000;
const SEND_TIMEOUT_MS = 10_000;

/** A notification arrived at the listener for the order, with the verdicts and fields expected. */
export async function runExpectWebhookStep(
  context: StepContext,
  step: ExpectWebhookStep,
): Promise<StepOutcome> {
  const orderId = orderOfStep(context, step);
  const within = durationMs(step.within);
  // With no forward-to URL the listener forwards nothing: said before any wait, in the words
  // send-webhook's `to: forward` uses, never a 12 s wait ending in a guess. A URL set when the
  // step began and changed while it waits is judged as the forward's record then says.
  if (step.forward !== undefined && context.services.listener.settings().forwardTo === null)
    throw new StepError(
      'forward: the listener has no forward-to URL, so no webhook is forwarded: set Forward to in the Listener view, or leave forward out of this step',
    );
  // Sent with no notification URL the console could fill in, it cannot come: looked for once
  // (a record already here still counts), not waited for.
  const missing = missingNotificationUrl(context, orderId);
  const timeoutMs = missing?.final === true ? 0 : within;
  const found = await findWebhook(context, { orderId, event: step.event, timeoutMs });
  if (found === null && emulatorStoppedMidRun(context))
    // Stopped, it sends nothing: an error of the run, not a check the service failed (later
    // steps say "the emulator could not be reached"; this one waited in silence).
    return {
      checks: [],
      recordIds: [],
      message: null,
      unreached: `the emulator was stopped during this run (it ran when the scenario started): it sends no ${step.event} for order ${orderId} while stopped; nothing was judged`,
    };
  if (found === null) {
    // Held or dropped by the emulator's faults on purpose: said, never left to read as the
    // merchant listener's miss (docs/emulator.md, Faults).
    const why = [heldByFaults(context, orderId, step.event), missing?.words ?? null].filter(
      (part): part is string => part !== null,
    );
    return {
      checks: [
        {
          what: `webhook ${step.event}`,
          expected: `arrives within ${within / 1000} s`,
          actual: [arrivedFor(context, orderId), ...why].join('; '),
          passed: false,
        },
      ],
      recordIds: [],
      message:
        missing?.final === true
          ? `no ${step.event} for order ${orderId} can arrive: ${missing.words}`
          : `no ${step.event} for order ${orderId} within ${within / 1000} s${why.length === 0 ? '' : `: ${why.join('; ')}`}`,
    };
  }
  const body = parseJsonBody(context.services.events.getRow(found.id)?.request_body ?? null);
  // The verdict names only the body's form: an order_captured without its data is still `event`.
  // Its errors are judged from what the listener stored, as the timeline shows them.
  const errors = recordBodyErrors(context.services.events, found.id);
  const findings = bodyFindingsCheck(step, errors);
  // A verdict the record does not carry is absent; the step's line says it was not judged.
  const checks: CheckResult[] = [
    equalityCheck('token verdict', step.token, found.tokenVerdict ?? undefined),
    equalityCheck('body verdict', step.body, found.bodyVerdict ?? undefined),
    ...(findings === null ? [] : [findings]),
    ...fieldChecks(body, step),
  ];
  const recordIds = [found.id];
  if (step.forward !== undefined) {
    const forward = await forwardOf(context, found.id, FORWARD_WAIT_MS);
    if (forward === null)
      checks.push({
        what: 'forward status',
        expected: step.forward.status,
        actual: `no forward of it stored within ${FORWARD_WAIT_MS / 1000} s`,
        passed: false,
      });
    else {
      recordIds.push(forward.id);
      checks.push({
        ...statusCheck(step.forward.status, forward.status, forward.error),
        what: 'forward status',
      });
    }
  }
  checks.push(...captureInto(context, step.capture, body));
  return {
    checks,
    recordIds,
    message: `token ${found.tokenVerdict ?? 'not judged'}, body ${found.bodyVerdict ?? 'not judged'}${bodyErrorsWords(errors)}`,
  };
}

/** What a send-webhook step to a live profile's address is refused as (the live guard's `what`). */
export const SEND_WEBHOOK_STEP = "a scenario's send-webhook step";

function targetUrl(context: StepContext, to: string): string {
  if (to === 'listener') {
    const url = context.services.listener.status().url;
    if (url === null) throw new StepError("to: listener, but this console's listener is not running");
    return `${url}/scenario`;
  }
  if (to === 'forward') {
    const url = context.services.listener.settings().forwardTo;
    if (url === null) throw new StepError('to: forward, but the listener has no forward-to URL');
    return url;
  }
  // Written in the file they were refused when it was read; a `${variable}` brings them only now.
  // Refused before anything is sent or stored, in words that leave out the URL and its password.
  if (carriesCredentials(to))
    throw new StepError(`to, its variables filled in: ${SEND_WEBHOOK_URL_CREDENTIALS}`);
  const url = URL.parse(to);
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new StepError(`to: "${to}" is not listener, forward or an http(s) URL`);
  return url.toString();
}

/** The order's total with its currency, as the Orders view derives it; null when not known. */
function orderTotal(context: StepContext, orderId: string): NotificationMoney | null {
  const facts = lifecycleOf(context, orderId)?.facts;
  if (facts?.amount === null || facts?.amount === undefined) return null;
  const currency = facts.currency ?? DEFAULT_CURRENCY;
  return { amount: formatAmountText(facts.amount, currency), currency };
}

interface Outgoing {
  body: Uint8Array;
  claims: Record<string, unknown>;
  relatedId: number | null;
  eventType: string | null;
}

function outgoingOf(context: StepContext, step: SendWebhookStep, orderId: string | null): Outgoing {
  const encode = (value: unknown) =>
    new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));
  if (step.body !== undefined)
    return { body: encode(step.body), claims: {}, relatedId: null, eventType: null };
  // orderOfStep gives an order to every step but one with `body:` (step-rules.ts).
  if (orderId === null) throw new StepError('no order: run a checkout step first, or give the step an order');
  if (step.from !== undefined) {
    // The order whose webhook is copied: `from.order` as written (never empty: substituted-step.ts),
    // else the step's own.
    const from = step.from.order ?? orderId;
    const record = latestWebhook(context, from, step.from.event);
    const row = record === null ? undefined : context.services.events.getRow(record.id);
    if (record === null || row === undefined)
      throw new StepError(
        `from: no ${step.from.event} webhook of order ${from} was received in this scenario`,
      );
    const token = originalToken(row);
    const claims = token === null ? {} : { ...(decodeJwt(token).claims ?? {}) };
    return {
      body: new Uint8Array(row.request_body ?? []),
      claims,
      relatedId: row.id,
      eventType: record.eventType,
    };
  }
  const event = step.event ?? 'order_approved';
  const reference = context.vars.has('order_reference_id')
    ? String(context.vars.get('order_reference_id'))
    : null;
  const number = context.vars.has('order_number') ? String(context.vars.get('order_number')) : reference;
  // Its data names what the scenario's own capture or refund got, as the service's would.
  const data = notificationData(event, (kind) =>
    notificationTransaction(context, orderId, kind, () => orderTotal(context, orderId)),
  );
  const body = notificationBody(
    { orderId, referenceId: reference, orderNumber: number, legacyApproved: false },
    event,
    data,
  );
  return { body: encode(body), claims: {}, relatedId: null, eventType: event };
}

/** Sends a notification in a chosen token mode to the listener, the forward-to URL or any URL. */
export async function runSendWebhookStep(context: StepContext, step: SendWebhookStep): Promise<StepOutcome> {
  const url = targetUrl(context, step.to);
  // The run's yes is for its profile; a send to another, live, profile's address needs it too,
  // whatever the run's profile (a URL known only now, from a variable: the run was not asked).
  assertLiveAddressConfirmed(
    url,
    context.confirmLive,
    SEND_WEBHOOK_STEP,
    context.services.profiles.snapshot().profiles,
  );
  const orderId = orderOfStep(context, step);
  const outgoing = outgoingOf(context, step, orderId);
  const expect = step.expect ?? { status: '2xx' };
  if (expect.verdict !== undefined && step.to !== 'listener')
    throw new StepError('expect.verdict is the listener\'s verdict: send to "listener" to check it');
  const sent = await sendNotification(
    { jwt: context.services.jwt, recorder: context.services.recorder },
    {
      url,
      body: outgoing.body,
      mode: step.token,
      signer:
        step.secret === undefined
          ? { source: 'profile', profileId: context.profile.id }
          : { source: 'secret', secret: step.secret },
      claims: outgoing.claims,
      timeoutMs: SEND_TIMEOUT_MS,
      signal: context.signal,
      record: {
        origin: 'scenario',
        profileId: context.profile.id,
        profileName: context.profile.fields.name,
        orderId,
        orderReferenceId: null,
        eventType: outgoing.eventType,
        relatedId: outgoing.relatedId,
        details: runMarkDetails(context.mark),
      },
    },
  );
  // An answer cut short after its status began: the endpoint answered, and the step is judged on
  // that status with the cut said beside it (one rule with check-endpoint's).
  const status = sent.status ?? sent.cutShortStatus;
  const checks: CheckResult[] = [statusCheck(expect.status, status, sent.failure?.message ?? null)];
  const recordIds = [sent.recordId];
  const received =
    sent.listenerRecordId === null ? undefined : context.services.events.getSummary(sent.listenerRecordId);
  if (received !== undefined) {
    recordIds.push(received.id);
    // The console's own send: never to be taken for the service's notification by a later step.
    context.consumedWebhooks.add(received.id);
  }
  const listener = listenerRecordChecks(context.services.events, expect, {
    listenerRecordId: sent.listenerRecordId,
    received,
  });
  checks.push(...listener.checks);
  return {
    checks,
    recordIds,
    message: `${status === null ? (sent.failure?.message ?? 'no answer') : sent.failure === null ? status : `${status} (${sent.failure.message})`}${listener.words}`,
  };
}
