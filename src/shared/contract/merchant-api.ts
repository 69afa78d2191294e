import { z } from 'zod';
import {
  editedHeaderSchema,
  MAX_TIMEOUT_MS,
  exchangeResultSchema,
  notificationPlanSchema,
  plannedRequestSchema,
} from '../merchant-api';
import { liveConfirmationSchema } from '../live-confirmation';
import { HTTP_METHODS, OPERATION_NAMES } from '../profile';
import { defineCommand } from './define';

const profileId = z.number().int().positive().optional();
const confirmLive = z.boolean().optional();
/** What a window's live confirmation named; main sends only while it still holds. */
const liveConfirmation = liveConfirmationSchema.optional();
const timeoutMs = z
  .number()
  .int()
  .min(1000, 'The timeout is at least 1000 ms')
  .max(MAX_TIMEOUT_MS, `The timeout is at most ${MAX_TIMEOUT_MS} ms (five minutes)`)
  .optional();
const requestKey = z.string().min(8).max(100).optional();

export const checkoutBodySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('json'),
    payload: z.unknown(),
    /**
     * The payload's text as its author wrote it (a file `send` read, the builder's raw editor):
     * sent byte for byte, the listener's URL put into it in place when it is filled in (written
     * anew only where it cannot be put in place: a name on its way given twice).
     */
    sourceText: z
      .string()
      .max(16 * 1024 * 1024)
      .optional(),
  }),
  z.object({ kind: z.literal('raw'), text: z.string().max(16 * 1024 * 1024) }),
]);

const checkoutInput = z.object({
  profileId,
  body: checkoutBodySchema,
  /** Fill the profile's notification field with the listener URL when it is empty. */
  injectNotificationUrl: z.boolean().default(true),
  /**
   * The form the payload is written in. A local profile's emulator is told it
   * (X-Emulator-Checkout-Form), so it judges the request as the builder does.
   */
  form: z.enum(['general', 'education']).default('general'),
  /** Education form: single checkout enabled (default); false makes payment_type/instalments required. */
  singleCheckout: z.boolean().optional(),
});

export const merchantApiCommands = {
  /** Shows the create-checkout request exactly as it will go (token masked) and the notification URL decision. */
  prepareCheckout: defineCommand(
    checkoutInput,
    z.object({ request: plannedRequestSchema, notification: notificationPlanSchema }),
  ),
  sendCheckout: defineCommand(
    checkoutInput.extend({
      confirmLive,
      liveConfirmation,
      timeoutMs,
      requestKey,
    }),
    exchangeResultSchema,
  ),
  /** The follow-up request from the profile's template, with its default body, ready to edit. */
  prepareOperation: defineCommand(
    z.object({
      profileId,
      operation: z.enum(OPERATION_NAMES),
      orderId: z.string().trim().min(1, 'Enter the order id'),
      amount: z.union([z.string(), z.number()]).nullable().optional(),
      currency: z.string().nullable().optional(),
      orderReferenceId: z.string().nullable().optional(),
    }),
    plannedRequestSchema,
  ),
  sendOperation: defineCommand(
    z.object({
      profileId,
      operation: z.enum(OPERATION_NAMES),
      orderId: z.string().trim().min(1, 'Enter the order id'),
      method: z.enum(HTTP_METHODS),
      url: z.string().min(1, 'Enter the URL'),
      body: z
        .string()
        .max(16 * 1024 * 1024)
        .nullable(),
      /**
       * The headers exactly as they are to be sent; absent, the profile's usual ones. Leave
       * Authorization out, or write a wrong value, for negative tests; `profile_token` puts the
       * profile's API token in without the window ever holding it.
       */
      headers: z.array(editedHeaderSchema).max(100, 'At most 100 headers').optional(),
      confirmLive,
      liveConfirmation,
      timeoutMs,
      requestKey,
    }),
    exchangeResultSchema,
  ),
  cancelExchange: defineCommand(
    z.object({ requestKey: z.string().min(8).max(100) }),
    z.object({ cancelled: z.boolean() }),
  ),
};
