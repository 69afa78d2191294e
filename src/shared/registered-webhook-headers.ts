import { z } from 'zod';
import { maskedSecretSchema } from './profile';

/**
 * The Headers of the webhook registered in the merchant portal ("Optional, if the URL needs
 * any"): name/value pairs the service adds to its deliveries to the registered URL. A value is
 * often a secret (the API key of the merchant's endpoint), so every value is treated as one:
 * sealed at rest, masked on every screen, never sent back to a window.
 */

export const WEBHOOK_HEADER_LIMITS = {
  /** The spec names no limit; enough for an endpoint's keys and routing, small enough to read. */
  count: 20,
  nameChars: 64,
  valueChars: 1024,
} as const;

const CONNECTION_OWNED = 'it belongs to the connection, which the delivery opens itself';

/**
 * Header names the delivery itself sets, each with why: a second one from the registration
 * would contradict it (two Content-Types, a second Authorization next to the notification
 * token) or break the request's framing.
 */
export const DELIVERY_OWNED_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'the service sends its JSON body with Content-Type: application/json',
  authorization: 'the service sends the notification token there (Authorization: Bearer <JWT>)',
  'content-length': "the delivery counts its body's bytes itself",
  'transfer-encoding': 'the delivery frames its body itself (with Content-Length)',
  host: 'the registered URL names the host',
  connection: CONNECTION_OWNED,
  'keep-alive': CONNECTION_OWNED,
  'proxy-connection': CONNECTION_OWNED,
  upgrade: CONNECTION_OWNED,
  te: CONNECTION_OWNED,
  trailer: 'the delivery sends no trailers',
  expect: 'the delivery sends its body at once, without waiting for 100 Continue',
};

/** RFC 9110 `token`: what a header name may be made of. */
const HEADER_NAME_CHARS = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/**
 * What Node writes unchanged: printable ASCII, spaces and tabs. It refuses control characters
 * (a line break would end the header), and writes é as one Latin-1 byte rather than as typed.
 */
const HEADER_VALUE_CHARS = /^[\t\x20-\x7e]*$/;

export const webhookHeaderNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter the header name')
  .max(
    WEBHOOK_HEADER_LIMITS.nameChars,
    `A header name has at most ${WEBHOOK_HEADER_LIMITS.nameChars} characters`,
  )
  .regex(
    HEADER_NAME_CHARS,
    "A header name is letters, digits and ! # $ % & ' * + - . ^ _ ` | ~ only: no spaces, colons or other characters",
  )
  .superRefine((name, context) => {
    const why = DELIVERY_OWNED_HEADERS[name.toLowerCase()];
    if (why !== undefined)
      context.addIssue({ code: 'custom', message: `${name} is set by the delivery itself: ${why}` });
  });

/** The value is never named in a message: it may be a secret. */
export const webhookHeaderValueSchema = z
  .string()
  .trim()
  .min(1, "Enter the header's value")
  .max(
    WEBHOOK_HEADER_LIMITS.valueChars,
    `A header value has at most ${WEBHOOK_HEADER_LIMITS.valueChars} characters`,
  )
  .superRefine((value, context) => {
    if (/[\r\n\0]/.test(value))
      context.addIssue({
        code: 'custom',
        message: 'A header value has no line breaks or NUL characters: they would end the header',
      });
    else if (!HEADER_VALUE_CHARS.test(value))
      context.addIssue({
        code: 'custom',
        message:
          'A header value is printable ASCII (letters, digits, punctuation, spaces): other characters would not go out as typed',
      });
  });

/** One header as a window sends it: a new or replaced value, or the stored one kept (by name). */
export const webhookHeaderEditSchema = z.object({
  name: webhookHeaderNameSchema,
  value: z.discriminatedUnion('action', [
    z.object({ action: z.literal('keep') }),
    z.object({ action: z.literal('set'), value: webhookHeaderValueSchema }),
  ]),
});
export type WebhookHeaderEdit = z.infer<typeof webhookHeaderEditSchema>;

/** The whole list, as it is to be registered (a header left out is removed). */
export const webhookHeaderEditsSchema = z
  .array(webhookHeaderEditSchema)
  .max(
    WEBHOOK_HEADER_LIMITS.count,
    `The registered webhook has at most ${WEBHOOK_HEADER_LIMITS.count} headers`,
  )
  .superRefine((edits, context) => {
    const seen = new Map<string, number>();
    edits.forEach((edit, index) => {
      const key = edit.name.toLowerCase();
      const first = seen.get(key);
      if (first === undefined) seen.set(key, index);
      else
        context.addIssue({
          code: 'custom',
          path: [index, 'name'],
          message: `${edit.name} is already header ${first + 1}: header names are compared without letter case`,
        });
    });
  });

/** A registered header as every screen gets it: its name, its value masked (`••••abcd`). */
export const webhookHeaderViewSchema = z.object({
  name: z.string(),
  /** Masked, with its stamp (a save's check compares the stamp: two values can mask the same). */
  value: maskedSecretSchema,
});
export type WebhookHeaderView = z.infer<typeof webhookHeaderViewSchema>;
