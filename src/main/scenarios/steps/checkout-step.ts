import { runMarkDetails } from '../../../shared/scenarios/run-record-mark';
import { resolve } from 'node:path';
import { depthBeyond, describeJsonProblem, JSON_MAX_DEPTH } from '../../../shared/bounded-json';
import { roundAmount } from '../../../shared/checkout';
import { generateSample } from '../../../shared/checkout/sample';
import { parseJsonText } from '../../../shared/json-text';
import { currencyDecimals } from '../../../shared/money-format';
import { answerChecks } from '../../../shared/scenarios/expectations';
import { readPointer, removePointer, writePointer } from '../../../shared/scenarios/json-pointer';
import type { checkoutStepSchema } from '../../../shared/scenarios/scenario-schema';
import type { z } from 'zod';
import { DRAFT_TEXT_MAX } from '../../../shared/drafts';
import { formatBytes } from '../../../shared/byte-size';
import { localProfileOf } from '../../emulator/local-profile-tokens';
import { readRegularFile } from '../../read-regular-file';
import { errorWords } from '../../../shared/error-words';
import type { ExchangeResult } from '../../../shared/merchant-api';
import { answeredWords } from '../refusal-words';
import { CHECKOUT_VARIABLES, type CheckoutVariable } from '../step-rules';
import {
  captureInto,
  clientAnswer,
  StepError,
  unreachedOutcome,
  type StepContext,
  type StepOutcome,
} from '../step-context';

type CheckoutStep = z.output<typeof checkoutStepSchema>;

/**
 * A payload's text as JSON, in the console's words when it is not: where it breaks (line and
 * column, never the text itself, which could carry a line break or an escape into the report),
 * and refused when it nests deeper than any reader walks.
 */
function payloadOf(text: string, what: string): unknown {
  const parsed = parseJsonText(text);
  if (!parsed.ok)
    throw new StepError(
      `${what} is not JSON: ${parsed.message} at line ${parsed.line}, column ${parsed.column}`,
    );
  const tooDeep = depthBeyond(parsed.value, JSON_MAX_DEPTH);
  if (tooDeep !== null)
    throw new StepError(
      `${what} cannot be read: ${describeJsonProblem({ kind: 'too_deep', depth: tooDeep.depth, limit: JSON_MAX_DEPTH })}`,
    );
  return parsed.value;
}

function readPayloadFile(context: StepContext, file: string): unknown {
  const read = readRegularFile(resolve(context.scenarioDir, file), DRAFT_TEXT_MAX);
  // In `validate`'s words: read with replacement, a Latin-1 "Renée" was sent as "Ren\uFFFDe".
  if (!read.ok && read.problem === 'not_utf8')
    throw new StepError(`file ${file} is not UTF-8 text: ${read.reason}`);
  if (!read.ok)
    throw new StepError(
      `file ${file} cannot be read: ${
        read.problem === 'unreadable'
          ? read.reason
          : `it is ${formatBytes(read.bytes)}; a payload file is at most ${formatBytes(DRAFT_TEXT_MAX)}, as a file the builder imports`
      }`,
    );
  return context.vars.substitute(payloadOf(read.text, `file ${file}`));
}

function draftPayload(context: StepContext, name: string): unknown {
  const { drafts } = context.services;
  const summary = drafts.list().find((draft) => draft.name.toLowerCase() === name.toLowerCase());
  if (summary === undefined) throw new StepError(`there is no draft named "${name}"`);
  return context.vars.substitute(payloadOf(drafts.get(summary.id).text, `draft "${name}"`));
}

/**
 * Where a sample's merchant URLs lead (the emulator's merchant page). On a local profile, the
 * run's own emulator: `test` starts one on a free port, and the sample's fixed default
 * (127.0.0.1:4010) sent the customer back to another process's port. On any other profile, the
 * Local profile's address (localProfileOf), as the Builder's Sample takes it (sample-action.ts).
 */
function sampleEmulatorUrl(context: StepContext): { emulatorUrl?: string } {
  if (context.profile.fields.environment === 'local') return { emulatorUrl: context.profile.fields.baseUrl };
  const local = localProfileOf(context.services.profiles);
  return local === null ? {} : { emulatorUrl: local.fields.baseUrl };
}

/** The payload the step describes: its source, then `set` and `remove` in order. */
export function checkoutPayload(context: StepContext, step: CheckoutStep): unknown {
  let payload: unknown =
    step.sample !== undefined
      ? generateSample(step.form, {
          ...(step.sample.country === undefined ? {} : { country: step.sample.country }),
          ...(step.sample.seed === undefined ? {} : { seed: step.sample.seed }),
          ...sampleEmulatorUrl(context),
        })
      : step.file !== undefined
        ? readPayloadFile(context, step.file)
        : step.draft !== undefined
          ? draftPayload(context, step.draft)
          : step.payload;
  let field = 'set';
  try {
    for (const [pointer, value] of Object.entries(step.set ?? {}))
      payload = writePointer(payload, pointer, value);
    field = 'remove';
    for (const pointer of step.remove ?? []) payload = removePointer(payload, pointer);
  } catch (error) {
    throw new StepError(`${field}: ${errorWords(error)}`);
  }
  return payload;
}

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : null;

/** `${total_amount}`: in the currency's decimals (2005 → "2005.00", KWD three), as notifications write amounts. */
export function totalAmountVariable(payload: unknown): string | null {
  const total = text(readPointer(payload, '/total_amount/amount'));
  if (total === null) return null;
  return String(roundAmount(total, currencyDecimals(text(readPointer(payload, '/total_amount/currency')))));
}

/** Creates a checkout session with the client every front door uses, and checks the answer. */
export async function runCheckoutStep(context: StepContext, step: CheckoutStep): Promise<StepOutcome> {
  const payload = checkoutPayload(context, step);
  const result = await context.services.merchantApi.sendCheckout({
    profileId: context.profile.id,
    body: { kind: 'json', payload },
    injectNotificationUrl: step.notificationUrl,
    form: step.form,
    singleCheckout: step.singleCheckout,
    confirmLive: context.confirmLive,
    recordDetails: runMarkDetails(context.mark),
  });
  if (result.status === null) return unreachedOutcome(context, result.failure, [result.eventId]);
  const expect = step.expect ?? { status: 200 };
  const checks = answerChecks(expect, clientAnswer(result));
  if (result.checkout !== null) {
    const { checkout } = result;
    context.orderIds.push(checkout.order_id);
    // Typed by the file's check's own list (step-rules.ts): a variable set here and not there
    // would be refused at load as "not set by then", one listed there and not set here would
    // pass the check and fail the run.
    const set: Record<CheckoutVariable, string | null> = {
      order_id: checkout.order_id,
      checkout_id: checkout.checkout_id,
      checkout_url: checkout.checkout_url,
      order_reference_id: text(readPointer(payload, '/order_reference_id')),
      order_number: text(readPointer(payload, '/order_number')),
      currency: text(readPointer(payload, '/total_amount/currency')),
      total_amount: totalAmountVariable(payload),
    };
    for (const name of CHECKOUT_VARIABLES) {
      const value = set[name];
      if (value !== null) context.vars.set(name, value);
    }
  }
  checks.push(...captureInto(context, step.capture, result.json));
  return {
    checks,
    recordIds: [result.eventId],
    message:
      result.checkout !== null
        ? `order ${result.checkout.order_id} (${result.checkout.status})${notificationWords(context, step, result)}`
        : answeredWords(result.status, result.serviceError),
  };
}

/**
 * The order's checkout request carried no notification URL: said on the step's line, with the
 * plan's reason (a sandbox profile with no public listener URL), and kept, so a step that waits
 * for one of its notifications says why none can come instead of waiting out its timeout.
 */
function notificationWords(context: StepContext, step: CheckoutStep, result: ExchangeResult): string {
  const plan = result.notification;
  if (result.checkout === null || plan === undefined || plan.url !== null) return '';
  context.withoutNotificationUrl.set(result.checkout.order_id, {
    reason: plan.reason,
    chosen: !step.notificationUrl,
  });
  return `; the request carries no notification URL (${plan.path}): ${plan.reason}`;
}
