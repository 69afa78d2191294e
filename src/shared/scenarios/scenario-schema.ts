import { z } from 'zod';
import { COUNTRIES } from '../checkout/currencies';
import { BODY_VERDICTS, TOKEN_VERDICTS } from '../events';
import { CUSTOMER_ACTIONS, ORDER_STATES } from '../orders/order-states';
import { carriesCredentials, credentialsRefusal } from '../http-url';
import { OPERATION_NAMES } from '../profile';
import {
  amount,
  duration,
  eventName,
  notOneOfProblem,
  pointer,
  pointerKey,
  statusMatcher,
  variableName,
  waitedDuration,
} from './field-forms';
import { checkoutAmountsBelowMinimum } from './checkout-amount-minimums';
import { TOKEN_MODES } from './token-modes';
import { variableNamesIn } from './variables';

/**
 * A scenario file: a QA flow written once (YAML) and run as a regression test. This zod schema
 * is what the runner validates with, and the published JSON Schema (scenarios/scenario.schema.json,
 * for editors' completion) is generated from it, so the two never drift apart.
 */

export { SCENARIO_FILE_MAX_BYTES } from './scenario-file-limit';

/**
 * A field the loader checks by its form (a duration, a status) may hold a `${variable}` instead
 * (`for: '${pause}'`, `status: '${expected}'`): what it holds is known only when the step runs,
 * so the form is checked then, once substituted (FIELDS_CHECKED_WHEN_RUN). This branch aborts,
 * so a literal mistake (`for: 2 seconds`) keeps the field's own words, not a union's "Invalid input".
 */
const variableUse = z
  .string()
  .regex(/\$\{[A-Za-z_][A-Za-z0-9_.]*\}/, { abort: true })
  .refine((text) => variableNamesIn(text).length > 0, { abort: true })
  .meta({ description: 'A ${variable} that holds the value; checked when the step runs.' });

/** Neither the form nor a variable: said in the form's own words (its branch, the first). */
const orVariable = <T extends z.ZodType>(schema: T) =>
  z.union([schema, variableUse], {
    error: (issue) => (issue.code === 'invalid_union' ? issue.errors[0]?.[0]?.message : undefined),
  });

/**
 * An order id, written or once its variables are filled in. Empty is never one: a variable that
 * came out empty (an unset CI secret) was taken as the field left out, and the step ran on the
 * scenario's own last checkout instead, and passed.
 */
const orderId = z.string().min(1, 'an order id is never empty');

/**
 * The fields of `orVariable`, by their path in a step, with what their value must be once its
 * variables are replaced (src/main/scenarios/substituted-step.ts checks it when the step runs).
 */
export const FIELDS_CHECKED_WHEN_RUN: readonly {
  path: readonly string[];
  schema: z.ZodType;
  /** Only in this kind of step (a send-webhook step builds any event it is given, on purpose). */
  step?: string;
}[] = [
  { path: ['for'], schema: duration },
  { path: ['within'], schema: waitedDuration, step: 'expect-webhook' },
  { path: ['within'], schema: duration, step: 'expect-order' },
  { path: ['timeout'], schema: duration },
  { path: ['expect', 'status'], schema: statusMatcher },
  { path: ['forward', 'status'], schema: statusMatcher },
  { path: ['amount'], schema: amount },
  { path: ['event'], schema: eventName, step: 'expect-webhook' },
  { path: ['from', 'event'], schema: eventName, step: 'send-webhook' },
  // Not orVariable (any text is an order id to the schema), but a variable may fill it with "".
  { path: ['order'], schema: orderId },
  { path: ['from', 'order'], schema: orderId, step: 'send-webhook' },
];

/** Field expectations shared by every step that reads a JSON answer or body. */
const fieldChecks = {
  fields: z.record(pointerKey, z.unknown()).optional().meta({
    description:
      'Fields that must hold these values (objects match as a subset; numbers match numeric strings).',
  }),
  present: z
    .array(pointer)
    .optional()
    .meta({ description: 'Fields that must be there, whatever their value.' }),
  absent: z.array(pointer).optional().meta({ description: 'Fields that must not be there.' }),
};

const captureMap = z
  .record(variableName, pointer)
  .optional()
  .meta({ description: 'Variables to set from the answer: name → JSON pointer.' });

const orderRef = orderId
  .optional()
  .meta({ description: 'The order id; default ${order_id}, set by the last checkout step.' });

/** A body written out: a JSON object in YAML, or its text. */
const requestBody = z.union([z.record(z.string(), z.unknown()), z.string()], {
  error: 'write the body as an object ({ name: value }) or as text',
});

const title = z.string().min(1).optional().meta({ description: 'What this step is for, shown in reports.' });

export const checkoutStepSchema = z
  .strictObject({
    step: z.literal('checkout'),
    title,
    form: z.enum(['general', 'education']).default('general'),
    sample: z
      .strictObject({
        country: z.enum(COUNTRIES).optional(),
        seed: z.number().int().optional().meta({ description: 'The same seed gives the same payload.' }),
      })
      .optional()
      .meta({ description: 'Start from a generated, valid sample of the form.' }),
    file: z
      .string()
      .min(1)
      .optional()
      .meta({ description: 'A JSON payload file, relative to the scenario.' }),
    draft: z.string().min(1).optional().meta({ description: 'A saved builder draft, by name.' }),
    payload: z.record(z.string(), z.unknown()).optional().meta({ description: 'The payload written here.' }),
    set: z
      .record(pointerKey, z.unknown())
      .optional()
      .meta({ description: 'Overrides by JSON pointer, applied in order.' }),
    remove: z.array(pointer).optional().meta({ description: 'Fields to leave out (negative tests).' }),
    singleCheckout: z.boolean().optional(),
    notificationUrl: z
      .boolean()
      .default(true)
      .meta({ description: "Fill an empty notification field with this run's listener URL." }),
    capture: captureMap,
    expect: z
      .strictObject({
        status: orVariable(statusMatcher).default(200),
        errorCode: z
          .string()
          .optional()
          .meta({ description: 'An errors[].error_code the answer must carry.' }),
        ...fieldChecks,
      })
      .optional(),
  })
  .superRefine((step, context) => {
    const sources = (['sample', 'file', 'draft', 'payload'] as const).filter(
      (key) => step[key] !== undefined,
    );
    if (sources.length !== 1)
      context.addIssue({
        code: 'custom',
        path: sources.length === 0 ? [] : [sources[1] ?? 'sample'],
        message:
          sources.length === 0
            ? 'a checkout step needs one of sample, file, draft or payload'
            : `give one of sample, file, draft or payload, not ${sources.join(' and ')}`,
      });
    for (const { path, message } of checkoutAmountsBelowMinimum(step))
      context.addIssue({ code: 'custom', path, message });
  });

export const customerStepSchema = z.strictObject({
  step: z.literal('customer'),
  title,
  action: z.enum(CUSTOMER_ACTIONS),
  order: orderRef,
  prompt: z
    .string()
    .optional()
    .meta({ description: 'On a sandbox or live profile: what the person at the checkout page should do.' }),
  timeout: orVariable(duration).default('5m').meta({
    description:
      'How long to wait for the notification that follows the move (a person acting on a sandbox; the emulator on Local).',
  }),
});

/**
 * What an expect-webhook step (and a send-webhook step, of the listener's record of its send)
 * expects of the error findings the listener stored with the body: a body verdict says only which
 * form it has, so an order_captured without its data still read as `event`.
 */
export const WEBHOOK_FINDINGS_EXPECTATIONS = ['no-errors', 'errors', 'any'] as const;

export const expectWebhookStepSchema = z.strictObject({
  step: z.literal('expect-webhook'),
  title,
  event: orVariable(eventName).meta({ description: 'The event type, such as order_approved.' }),
  order: orderRef,
  within: orVariable(waitedDuration).default('10s'),
  token: z.enum(TOKEN_VERDICTS).default('valid'),
  body: z.enum(BODY_VERDICTS).default('event'),
  findings: z.enum(WEBHOOK_FINDINGS_EXPECTATIONS).optional().meta({
    description:
      "The body's error findings as the listener stored them: no-errors (the default for an event or legacy body), errors (at least one, a notification against the spec on purpose) or any (not checked; the default for the other body verdicts).",
  }),
  ...fieldChecks,
  forward: z
    .strictObject({ status: orVariable(statusMatcher) })
    .optional()
    .meta({ description: "The merchant endpoint (the listener's forward-to) answered with this status." }),
  capture: captureMap,
});

export const operationStepSchema = z.strictObject({
  step: z.literal('operation'),
  title,
  operation: z.enum(OPERATION_NAMES),
  order: orderRef,
  amount: orVariable(amount).optional(),
  referenceId: z.string().optional().meta({ description: 'updateReferenceId: the new reference.' }),
  body: requestBody.optional().meta({ description: "The request body instead of the profile's default." }),
  capture: captureMap,
  expect: z
    .strictObject({
      status: orVariable(statusMatcher).default('2xx'),
      errorCode: z.string().optional(),
      state: z
        .enum(ORDER_STATES)
        .optional()
        .meta({ description: "The order's state afterwards, as the console derives it." }),
      ...fieldChecks,
    })
    .optional(),
});

/**
 * A send-webhook step's URL with a user name or password: never sent (the notification carries
 * its own token and headers), yet stored in plain text with the step's record and written in its
 * title in every report, as a replay's URL or check-endpoint's would have been. Refused as
 * written here, and, brought by a `${variable}`, when the step runs, before anything is sent.
 */
export const SEND_WEBHOOK_URL_CREDENTIALS = credentialsRefusal(
  'URL',
  'a send-webhook step does not send them (the notification carries its own token)',
);

export const sendWebhookStepSchema = z
  .strictObject({
    step: z.literal('send-webhook'),
    title,
    to: z
      .string()
      .min(1)
      .refine((to) => !carriesCredentials(to), { error: SEND_WEBHOOK_URL_CREDENTIALS })
      .meta({
        description: "listener (this run's listener), forward (the listener's forward-to URL) or a URL.",
      }),
    token: z.enum(TOKEN_MODES).default('valid'),
    secret: z
      .string()
      .optional()
      .meta({ description: "Signing secret; default the profile's notification token. Use ${env.NAME}." }),
    event: z
      .string()
      .optional()
      .meta({ description: 'Build a notification of this event type for the order.' }),
    from: z
      // What the listener received: an event the service (or the emulator) sends, as an
      // expect-webhook step's; a misspelt one failed only when the step ran. `event:` above
      // stays free, to build one against the spec on purpose.
      .strictObject({ event: orVariable(eventName), order: orderRef })
      .optional()
      .meta({ description: 'Send the body of a webhook the listener received.' }),
    body: requestBody.optional(),
    order: orderRef,
    expect: z
      .strictObject({
        status: orVariable(statusMatcher).default('2xx'),
        verdict: z
          .enum(TOKEN_VERDICTS)
          .optional()
          .meta({ description: 'Sent to the listener: its token verdict.' }),
        bodyVerdict: z.enum(BODY_VERDICTS).optional(),
        findings: z.enum(WEBHOOK_FINDINGS_EXPECTATIONS).optional().meta({
          description:
            "The body's error findings as the listener's record of the send stored them, as expect-webhook's findings: no-errors (the default when bodyVerdict is event or legacy), errors (at least one) or any (not checked; the default otherwise).",
        }),
      })
      .optional(),
  })
  .superRefine((step, context) => {
    const sources = (['event', 'from', 'body'] as const).filter((key) => step[key] !== undefined);
    if (sources.length !== 1)
      context.addIssue({
        code: 'custom',
        path: sources.length === 0 ? [] : [sources[1] ?? 'event'],
        message:
          sources.length === 0
            ? 'a send-webhook step needs one of event, from or body'
            : `give one of event, from or body, not ${sources.join(' and ')}`,
      });
  });

export const expectOrderStepSchema = z
  .strictObject({
    step: z.literal('expect-order'),
    title,
    order: orderRef,
    state: z.enum(ORDER_STATES).optional(),
    within: orVariable(duration).default(0),
    facts: z
      .record(pointerKey, z.unknown())
      .optional()
      .meta({ description: 'The order\'s facts, such as /capturedAmount: "50.00".' }),
  })
  // A step with nothing to check passed with zero checks, whatever the order (or none at all).
  .superRefine((step, context) => {
    if (step.state === undefined && Object.keys(step.facts ?? {}).length === 0)
      context.addIssue({
        code: 'custom',
        path: step.facts === undefined ? [] : ['facts'],
        message: 'an expect-order step needs a state or facts to check',
      });
  });

export const waitStepSchema = z.strictObject({ step: z.literal('wait'), title, for: orVariable(duration) });

export const setStepSchema = z.strictObject({
  step: z.literal('set'),
  title,
  vars: z.record(variableName, z.unknown()),
});

const STEP_SCHEMAS = [
  checkoutStepSchema,
  customerStepSchema,
  expectWebhookStepSchema,
  operationStepSchema,
  sendWebhookStepSchema,
  expectOrderStepSchema,
  waitStepSchema,
  setStepSchema,
] as const;

/** The kinds of step, in the order the reference lists them. */
export const STEP_KINDS = STEP_SCHEMAS.map((schema) => schema.shape.step.value);

/**
 * A step's kind left out or not one there is, said as any other field's: missing with what it
 * takes, or the value quoted with the nearest kind (`step: sett`). A step that is not a mapping
 * (`- wait`) is left to zod-words ("must be an object, not text").
 */
function stepKindProblem(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== 'invalid_union') return undefined;
  const kind: unknown =
    typeof issue.input === 'object' && issue.input !== null
      ? Object.getOwnPropertyDescriptor(issue.input, 'step')?.value
      : undefined;
  return kind === undefined
    ? `missing; expected one of ${STEP_KINDS.map((name) => JSON.stringify(name)).join(', ')}`
    : notOneOfProblem(kind, STEP_KINDS, 'a kind of step');
}

export const scenarioStepSchema = z.discriminatedUnion('step', STEP_SCHEMAS, { error: stepKindProblem });
export type ScenarioStep = z.output<typeof scenarioStepSchema>;
export type StepKind = ScenarioStep['step'];

export const scenarioSchema = z
  .strictObject({
    $schema: z.string().optional(),
    name: z.string().min(1),
    description: z.string().optional(),
    tags: z.array(z.string()).optional(),
    vars: z
      .record(variableName, z.unknown())
      .optional()
      .meta({ description: 'Variables set before the first step.' }),
    steps: z.array(scenarioStepSchema).min(1, 'a scenario has at least one step'),
  })
  .meta({ title: 'checkout-console scenario', description: 'A QA flow run by `checkout-console test`.' });
export type Scenario = z.output<typeof scenarioSchema>;

/** The JSON Schema for editors, generated from the zod schema (the input shape: defaults optional). */
export function scenarioJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(scenarioSchema, { io: 'input', target: 'draft-2020-12' });
}
