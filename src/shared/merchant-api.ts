import { z } from 'zod';
import { headerListSchema } from './events';
import { HTTP_METHODS, OPERATION_NAMES } from './profile';
import { findingSchema } from './checkout/findings';

/** A follow-up operation, or the create-checkout call itself. */
export const CLIENT_OPERATIONS = ['createCheckout', ...OPERATION_NAMES] as const;
export const clientOperationSchema = z.enum(CLIENT_OPERATIONS);
export type ClientOperation = z.infer<typeof clientOperationSchema>;

export const DEFAULT_TIMEOUT_MS = 30_000;
/** The longest a request to the service may wait for its answer (the timeout's upper bound). */
export const MAX_TIMEOUT_MS = 300_000;

/** What failed when no HTTP answer came back. */
export const NETWORK_FAILURE_KINDS = [
  'name_lookup',
  'refused',
  'tls',
  'timeout',
  /** Timed out once the whole request had been written: the service may have carried it out. */
  'timeout_after_sending',
  'reset',
  /** The connection closed once the whole request had been written, before any answer: the same. */
  'reset_after_sending',
  'cancelled',
  /** Cancelled once the whole request had been written: the service may have carried it out. */
  'cancelled_after_sending',
  /**
   * Refused by the console before anything left (a CONNECT: unsendable-method.ts): no connection
   * was tried, so it is no failure of the network's and is titled as not sent.
   */
  'not_sent',
  'other',
] as const;

/**
 * The kinds of a request written whole that got no answer: the service may have carried it out,
 * so its record is `unanswered`, never `failed` (record-status.ts unansweredOf; migration 042's
 * column lists the same). A timeout or reset before the request was written whole (a connect that
 * timed out, a body the server never read) cannot have been acted on, and stays a network failure.
 */
export const SENT_UNANSWERED_KINDS = [
  'cancelled_after_sending',
  'timeout_after_sending',
  'reset_after_sending',
] as const satisfies readonly (typeof NETWORK_FAILURE_KINDS)[number][];

/**
 * The kinds of a request of which nothing left: refused by the console, or cancelled before it
 * was written whole. The target cannot have acted on it, and no connection was refused or cut:
 * its record reads `not sent` (record-status.ts notSentFailureOf), and a replay run counts it so,
 * apart from its failures (replay.ts).
 */
export const NOT_SENT_KINDS = [
  'not_sent',
  'cancelled',
] as const satisfies readonly (typeof NETWORK_FAILURE_KINDS)[number][];

export type NotSentKind = (typeof NOT_SENT_KINDS)[number];

/**
 * The refusals a listener's forward guard decides before anything is sent (forward-guard.ts): to
 * the listener itself, round a loop, or held as a live profile's address not confirmed. Stored as
 * a forward's `details.failure.kind`; no connection was tried, so, as a refused replay, its
 * record reads `not sent`, refused by the console (record-status.ts NOT_SENT_WHY_OF_FAILURE).
 */
export const FORWARD_REFUSAL_KINDS = ['self', 'loop', 'live'] as const;

export type ForwardRefusalKind = (typeof FORWARD_REFUSAL_KINDS)[number];

/** Whether a failure's kind is a refusal of the console's own, before anything left. */
function refusedByConsole(kind: string): boolean {
  return kind === 'not_sent' || (FORWARD_REFUSAL_KINDS as readonly string[]).includes(kind);
}

/** Whether a failure's kind says the request was written whole and no answer came. */
export function sentUnanswered(failure: { kind?: unknown }): boolean {
  return (SENT_UNANSWERED_KINDS as readonly unknown[]).includes(failure.kind);
}
export const networkFailureSchema = z.object({
  kind: z.enum(NETWORK_FAILURE_KINDS),
  message: z.string(),
  code: z.string().nullable(),
});
export type NetworkFailure = z.infer<typeof networkFailureSchema>;

/**
 * A network failure in one sentence, its system code named once: the message already carries
 * it for the common cases ("… could not be resolved (ENOTFOUND)."), and only a message without
 * it gets it appended.
 */
export function networkFailureText(failure: Pick<NetworkFailure, 'message' | 'code'>): string {
  if (failure.code === null || failure.message.includes(failure.code)) return failure.message;
  return `${failure.message} (${failure.code})`;
}

/**
 * The title every screen gives a failed exchange: a cancel, or a request the console refused to
 * send (a CONNECT, a forward its guard refused), is no network failure, and a request
 * that went whole with no answer after (cancelled, timed out, cut off) may have been carried out,
 * in the words a tab's lost connection uses.
 */
export function networkFailureTitle(failure: { kind: string }): string {
  if (sentUnanswered(failure)) return 'No answer: it was sent, and may have been carried out';
  if (failure.kind === 'cancelled') return 'Not sent: cancelled';
  if (refusedByConsole(failure.kind)) return 'Not sent: refused by the console';
  // Closed by the console when its process stopped mid-exchange: no network failure was seen.
  if (failure.kind === 'interrupted') return 'Interrupted: whether it arrived is unknown';
  return `Network failure: ${failure.kind}`;
}

/** The spec's error body: message, errors[].error_code, data, title, screen_type. */
export const serviceErrorSchema = z.object({
  message: z.string().nullable(),
  errorCodes: z.array(z.string()),
  /** Every entry of `errors` as sent (the emulator adds `path`). */
  errors: z.array(z.record(z.string(), z.unknown())),
  title: z.string().nullable(),
  screenType: z.string().nullable(),
  data: z.unknown(),
});
export type ServiceError = z.infer<typeof serviceErrorSchema>;

/** The spec's 200 answer to a create-checkout call. */
export const checkoutCreatedSchema = z.object({
  order_id: z.string(),
  checkout_id: z.string(),
  status: z.string(),
  checkout_url: z.string(),
});
export type CheckoutCreated = z.infer<typeof checkoutCreatedSchema>;

/** Header names as HTTP allows them (a token): no spaces, colons or line breaks. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * One header of a follow-up operation as edited in the window. The profile's API token never
 * reaches the window, so the window says where it goes (`profile_token`, sent as
 * `<scheme> <token>`), or writes any value itself (`text`: a wrong token, another scheme…).
 * A header left out is not sent: an operation without Authorization is a negative test.
 */
export const editedHeaderSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'A header needs a name')
    .max(200, 'A header name is at most 200 characters')
    .regex(HEADER_NAME, "A header name is letters, digits and !#$%&'*+.^_`|~- only (no spaces or colons)"),
  value: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('profile_token'),
      scheme: z
        .string()
        .trim()
        .max(40)
        .regex(/^[A-Za-z0-9_-]*$/, 'A scheme is one word, such as Bearer')
        .default('Bearer'),
    }),
    z.object({
      kind: z.literal('text'),
      text: z
        .string()
        .max(16 * 1024, 'A header value is at most 16384 characters')
        .refine((text) => !/[\r\n\0]/.test(text), 'A header value cannot hold line breaks'),
    }),
  ]),
});
export type EditedHeader = z.infer<typeof editedHeaderSchema>;

/** A request as it will be (or was) sent; the Authorization value is always masked here. */
export const plannedRequestSchema = z.object({
  operation: clientOperationSchema,
  method: z.enum(HTTP_METHODS),
  url: z.string(),
  headers: headerListSchema,
  body: z.string().nullable(),
});
export type PlannedRequest = z.infer<typeof plannedRequestSchema>;

export const notificationPlanSchema = z.object({
  /** The profile's notification field, e.g. `merchant_url.notification`. */
  path: z.string(),
  /** What the request will carry there (null: nothing). */
  url: z.string().nullable(),
  injected: z.boolean(),
  /** Why it was or was not injected, for the person about to send. */
  reason: z.string(),
});
export type NotificationPlan = z.infer<typeof notificationPlanSchema>;

export const exchangeResultSchema = z.object({
  /** The timeline record of this exchange. */
  eventId: z.number().int(),
  request: plannedRequestSchema,
  status: z.number().int().nullable(),
  durationMs: z.number(),
  responseHeaders: headerListSchema.nullable(),
  responseBody: z.string().nullable(),
  /** The response body parsed as JSON, when it is JSON. */
  json: z.unknown(),
  serviceError: serviceErrorSchema.nullable(),
  failure: networkFailureSchema.nullable(),
  /** The created order, for a successful create-checkout call. */
  checkout: checkoutCreatedSchema.nullable(),
  /**
   * True when the created checkout's checkout_url held the profile's API token: `checkout` shows
   * it masked, as everything the console shows an answer, so it is no working link.
   */
  checkoutUrlHoldsToken: z.boolean().optional(),
  /** What is wrong with an answer its status would call a success (answer-problems.ts). */
  answerProblems: z.array(z.string()).default([]),
  /** A create-checkout call's notification URL decision, as it was made for this send. */
  notification: notificationPlanSchema.optional(),
  /**
   * A create-checkout payload sent although validation found errors in it (the record is marked
   * sent with errors): how many, and the first of them, as judged for this send.
   */
  sentWithErrors: z.object({ errors: z.number().int(), first: z.array(findingSchema) }).optional(),
});
export type ExchangeResult = z.infer<typeof exchangeResultSchema>;

/**
 * Said where a created checkout's checkout_url is shown and it holds the profile's API token
 * (a service that echoed it): the builder's answer and an order's detail, each with no Open.
 */
export const CHECKOUT_URL_HOLDS_TOKEN_WORDS =
  "This checkout_url holds the profile's API token, so it is shown masked, as the console shows the token everywhere, and is no working link. A customer's link should not carry the API token: the service should not put it there.";
