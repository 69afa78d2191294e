import { z } from 'zod';
import { unreadableWordsSchema } from './stored-settings';
import {
  countryCurrencyPairsSchema,
  DEFAULT_COUNTRY_CURRENCY_PAIRS,
} from './checkout/country-currency-pairs';
import { DEFAULT_EMPTY_OPTIONAL, EMPTY_OPTIONAL_CHOICES } from './checkout/empty-optional';
import { DEFAULT_INSTALMENTS_REQUIRED, INSTALMENTS_REQUIRED_CHOICES } from './checkout/instalments';
import { DEFAULT_MISSING_COUNTRY_CODE, MISSING_COUNTRY_CODE_CHOICES } from './checkout/missing-country';
import { CUSTOMER_ACTIONS, ORDER_EVENT_TYPES, ORDER_STATES } from './orders/order-states';
import { webhookHeaderEditsSchema, webhookHeaderViewSchema } from './registered-webhook-headers';
import { KIB, MIB } from './listener';
import { patchSchemaOf } from './settings-patch';

/**
 * The local emulator of the checkout service: its settings, faults, orders and deliveries as
 * the bridge and the Emulator view see them. Defaults for what the spec does not show (retries,
 * claims, the extra events) are documented in the README.
 */

/** How the notification token of a delivery is spoiled, to test the merchant's checks. */
/**
 * The default of the Largest request body setting (requestBodyLimitBytes): a larger body is
 * refused with 413 `request_too_large` (docs/limits.md). The spec shows no request-size limit,
 * so it is a setting; this default is ours. `validate` judges by it unless --request-limit gives
 * another, and the builder by the setting on the Local profile, by this elsewhere.
 */
export const EMULATOR_BODY_LIMIT_BYTES = MIB;
/** The range of the Largest request body setting: the listener's least, and room for a large cart. */
export const EMULATOR_BODY_LIMIT_RANGE = { min: KIB, max: 32 * MIB } as const;

/**
 * Which answer of the merchant's endpoint counts as a delivered notification (the spec does not
 * show what it must return): `any_2xx` (the default, what the emulator always did) or `only_200`;
 * any other answer is tried again.
 */
export const DELIVERED_ON_CHOICES = ['any_2xx', 'only_200'] as const;
export type DeliveredOnChoice = (typeof DELIVERED_ON_CHOICES)[number];

export const TOKEN_FAULTS = ['valid', 'wrong_signature', 'expired', 'none'] as const;
export const tokenFaultSchema = z.enum(TOKEN_FAULTS);
export type TokenFault = z.infer<typeof tokenFaultSchema>;

export const faultsSchema = z.object({
  /** Wait this long before the first attempt. */
  delayMs: z.number().int().min(0).max(600_000, 'A delay is at most 600000 ms (ten minutes)').default(0),
  /** Send each notification twice. */
  duplicate: z.boolean().default(false),
  /**
   * Hold a notification back until the order's next one has gone out (at most outOfOrderMs while
   * none is queued), so that one arrives first; the next one is not held itself.
   */
  outOfOrder: z.boolean().default(false),
  token: tokenFaultSchema.default('valid'),
  /** Never send it (recorded as dropped). */
  drop: z.boolean().default(false),
});
export type Faults = z.infer<typeof faultsSchema>;
export const NO_FAULTS: Faults = {
  delayMs: 0,
  duplicate: false,
  outOfOrder: false,
  token: 'valid',
  drop: false,
};

/**
 * How the emulator writes a Money's `amount` in what it answers and notifies. The spec declares
 * it a number, and says "some fields are declared as a numeric string" without saying which:
 * `string` (`"23.830"`, the currency's decimals) is what the emulator has always written and the
 * official client reads either way (it casts to float).
 */
export const MONEY_AMOUNTS_CHOICES = ['string', 'number'] as const;
export type MoneyAmountsChoice = (typeof MONEY_AMOUNTS_CHOICES)[number];
/**
 * A Money the checkout request (or a capture's) did not give, in the order record, which the
 * spec does not show: `zero` in the order's currency (what the official client can read: it
 * makes a Money of each), `null`, or `omitted`.
 */
export const ABSENT_MONEY_CHOICES = ['zero', 'null', 'omitted'] as const;
export type AbsentMoneyChoice = (typeof ABSENT_MONEY_CHOICES)[number];

/** The label of extensionEventsToRequestUrl in the Emulator view, which a "Not sent" reason names. */
export const EXTENSION_EVENTS_TO_REQUEST_URL_LABEL =
  "Events beyond the spec to the request's notification URL";

export const emulatorSettingsSchema = z.object({
  /** Attempts per notification, the first included. */
  attempts: z.number().int().min(1).max(20, 'At most 20 attempts').default(3),
  /** Wait before attempt 2, 3, …; the last value repeats. */
  backoffMs: z.array(z.number().int().min(0).max(3_600_000)).min(1).max(20).default([1000, 5000]),
  /** Give up on one attempt after this long. */
  timeoutMs: z.number().int().min(100).max(120_000).default(10_000),
  /** How long an out-of-order notification waits, at most, for the order's next one to be queued. */
  outOfOrderMs: z.number().int().min(0).max(600_000).default(2000),
  /** Faults for every order without its own. */
  faults: faultsSchema.default(NO_FAULTS),
  /** What counts as a delivered notification; the spec does not show the answer it must get. */
  deliveredOn: z.enum(DELIVERED_ON_CHOICES, { error: 'choose any_2xx or only_200' }).default('any_2xx'),
  /**
   * The `iss` claim of notification tokens. The spec does not show the service's, so it is a
   * setting (Emulator → Settings), for a merchant whose check expects a particular issuer.
   */
  issuer: z
    .string()
    .trim()
    .min(1, 'The token issuer must not be empty')
    .max(200, 'The token issuer is at most 200 characters')
    .default('checkout-emulator'),
  // How the emulator resolves what the spec leaves open (docs/emulator-fidelity.md); each
  // default is the spec's letter.
  /**
   * The form the merchant integrated. The service knows it per merchant; the spec does not say
   * how, so it is a setting (a request may name its own with X-Emulator-Checkout-Form).
   */
  checkoutForm: z.enum(['general', 'education']).default('general'),
  /** Education form: single checkout enabled (false makes payment_type and instalments required). */
  singleCheckout: z.boolean().default(true),
  /**
   * `expires_in_minutes` is "ignored unless the feature is enabled for the merchant by support";
   * off, every order expires after the default 30 minutes.
   */
  honourExpiresInMinutes: z.boolean().default(false),
  /**
   * The authorise answer's `order_expiry_time` (the official client reads it as a date): the
   * time of authorisation plus these days. The spec shows neither the field nor how long an
   * authorisation lasts, and the emulator never expires an authorised order; the unpaid
   * checkout's expiry it gave before was already past for an order authorised after it.
   */
  authorisedExpiryDays: z.number().int().min(1, 'At least 1 day').max(365, 'At most 365 days').default(30),
  /** How a Money's amount is written in answers, the order record and notifications. */
  moneyAmounts: z.enum(MONEY_AMOUNTS_CHOICES, { error: 'choose string or number' }).default('string'),
  /** A Money the request did not give, in the order record. */
  absentMoney: z.enum(ABSENT_MONEY_CHOICES, { error: 'choose zero, null or omitted' }).default('zero'),
  /**
   * An optional text field given "" where the official client never sends one, and a text field
   * given only blanks: how the service reads either is not shown. `warn`: taken, with the
   * empty_optional or blank_text warning (X-Emulator-Warnings); `refuse`: 400, the same finding
   * as an error; `accept`: taken without a word. The official client's own "" (locale, item URLs,
   * address line2…) is taken silently under each.
   */
  emptyOptional: z
    .enum(EMPTY_OPTIONAL_CHOICES, { error: 'choose warn, refuse or accept' })
    .default(DEFAULT_EMPTY_OPTIONAL),
  /**
   * Where `instalments` may be left out. The spec requires it, but the official client sends it
   * only with PAY_BY_INSTALMENTS, so under the spec's letter its PAY_BY_LATER orders
   * were all refused. `pay_by_instalments` (default, as the client): required only there, a
   * warning elsewhere; `always`: the spec's letter (instalments.ts).
   */
  instalmentsRequired: z
    .enum(INSTALMENTS_REQUIRED_CHOICES, { error: 'choose pay_by_instalments or always' })
    .default(DEFAULT_INSTALMENTS_REQUIRED),
  /**
   * A request without the top-level `country_code`: the spec's row says required "yes" and
   * "Default SA". `refuse` (default, the column's "yes"): 400 `required`; `take_sa`: taken as SA,
   * its pair with the currency judged as a given one's (missing-country.ts).
   */
  missingCountryCode: z
    .enum(MISSING_COUNTRY_CODE_CHOICES, { error: 'choose refuse or take_sa' })
    .default(DEFAULT_MISSING_COUNTRY_CODE),
  /** A request body larger than this is refused with 413 (the spec shows no request-size limit). */
  requestBodyLimitBytes: z
    .number({ error: 'The largest request body must be a number of bytes' })
    .int('The largest request body must be whole bytes')
    .min(EMULATOR_BODY_LIMIT_RANGE.min, 'The largest request body is at least 1024 bytes (1 KiB)')
    .max(EMULATOR_BODY_LIMIT_RANGE.max, 'The largest request body is at most 33554432 bytes (32 MiB)')
    .default(EMULATOR_BODY_LIMIT_BYTES),
  /**
   * At most this many calls of the service's API in any rolling second; over it, 429
   * `rate_limited` with Retry-After (rate-limit.ts). Null: none, every call is answered. The
   * spec shows no rate limit, nor the real service's 429.
   */
  rateLimitPerSecond: z
    .number({ error: 'The rate limit must be a number of requests a second' })
    .int('The rate limit must be a whole number of requests')
    .min(1, 'The rate limit is at least 1 request a second')
    .max(10_000, 'The rate limit is at most 10000 requests a second')
    .nullable()
    .default(null),
  /** The country/currency combinations it takes (the spec names none). */
  countryCurrencyPairs: countryCurrencyPairsSchema.default([...DEFAULT_COUNTRY_CURRENCY_PAIRS]),
  /**
   * Where customers reach it, for checkout_url and the hosted page's redirects; null: its own
   * address (http://127.0.0.1:PORT). Never taken from a request's Host header.
   */
  publicUrl: z
    .url({ protocol: /^https?$/, error: 'The public URL must be an http:// or https:// URL' })
    .nullable()
    .default(null),
  /**
   * The webhook registered in the merchant portal (Settings → Webhooks, "a one-time setup",
   * no API): where notifications go for an order whose checkout request gave no notification
   * URL ("to the URL given in the checkout request or to the URL registered for the event").
   * The request's URL comes first when both exist (the spec does not rank them). Null: none
   * registered, and such an order's notifications are recorded as not sent.
   */
  webhookUrl: z
    .url({ protocol: /^https?$/, error: 'The webhook URL must be an http:// or https:// URL' })
    .max(255, "The webhook URL is at most 255 characters (the portal's limit)")
    .nullable()
    .default(null),
  /**
   * Whether the events beyond the spec's three (order_canceled, order_refunded, order_declined,
   * order_expired) go to the notification URL a checkout request gave. The spec's "Event types
   * beyond these three … not shown" leaves open whether the service sends any; on (default), as
   * the emulator always has; off, only the spec's three go there, each other to the registered
   * webhook when one is registered for it (the spec's "or to the URL registered for the event"),
   * else recorded as not sent. The registered webhook's events filter only the deliveries to the
   * registered URL.
   */
  extensionEventsToRequestUrl: z.boolean().default(true),
  /** The events chosen for the registered webhook (the portal's "Events"); default all of them. */
  webhookEvents: z
    .array(z.enum(ORDER_EVENT_TYPES))
    .max(ORDER_EVENT_TYPES.length)
    .default([...ORDER_EVENT_TYPES]),
});
export type EmulatorSettings = z.infer<typeof emulatorSettingsSchema>;
export const DEFAULT_EMULATOR_SETTINGS: EmulatorSettings = emulatorSettingsSchema.parse({});

/**
 * The settings as a window sees them: the stored ones, and the registered webhook's headers
 * (the portal's "Headers"), each value masked. The values are sealed apart from the settings
 * (registered-webhook-headers.ts), so the settings themselves never hold one.
 */
export const emulatorSettingsViewSchema = emulatorSettingsSchema.extend({
  webhookHeaders: z.array(webhookHeaderViewSchema),
  /** What of the stored settings could not be read (stored-settings.ts), for the view's alert. */
  unreadable: unreadableWordsSchema,
  /** What of the stored header values could not be read (never a value), for its own alert. */
  webhookHeadersUnreadable: unreadableWordsSchema,
});
export type EmulatorSettingsView = z.infer<typeof emulatorSettingsViewSchema>;

/**
 * A change of some settings (the fields not named stay as stored); `webhookHeaders`, when
 * given, is the whole list as it is to be.
 */
export const emulatorSettingsUpdateSchema = patchSchemaOf(emulatorSettingsSchema).extend({
  webhookHeaders: webhookHeaderEditsSchema.optional(),
  /**
   * The changed fields as the saving window read them (headers as it showed them, masked): a
   * field changed elsewhere since is not overwritten unless the save leaves this out.
   */
  expected: patchSchemaOf(
    emulatorSettingsViewSchema.omit({ unreadable: true, webhookHeadersUnreadable: true }),
  ).optional(),
});
export type EmulatorSettingsUpdate = z.infer<typeof emulatorSettingsUpdateSchema>;

export const emulatorStatusSchema = z.object({
  running: z.boolean(),
  url: z.string().nullable(),
  port: z.number().int().nullable(),
  /** Why it is not running (the port was taken, no Local profile…), or null. */
  error: z.string().nullable(),
  /** The profile whose tokens it accepts and signs with, or null (standalone). */
  profileName: z.string().nullable(),
});
export type EmulatorStatus = z.infer<typeof emulatorStatusSchema>;

export const emulatorOrderSchema = z.object({
  orderId: z.string(),
  checkoutId: z.string(),
  state: z.enum(ORDER_STATES),
  referenceId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  locale: z.string(),
  currency: z.string(),
  totalAmount: z.string(),
  capturedAmount: z.string(),
  refundedAmount: z.string(),
  notificationUrl: z.string().nullable(),
  checkoutUrl: z.string(),
  legacyApproved: z.boolean(),
  /** The order's own faults, or null for the emulator's. */
  faults: faultsSchema.nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  updatedAt: z.string(),
});
export type EmulatorOrder = z.infer<typeof emulatorOrderSchema>;

/**
 * A stored order whose row is damaged (docs/data-safety.md): the sentence naming it
 * (store/emulator-columns.ts), and its order id when that column itself can be read, so a view of
 * that order (its detail, `orders show`) can say it too.
 */
export const damagedEmulatorOrderSchema = z.object({ orderId: z.string().nullable(), words: z.string() });
export type DamagedEmulatorOrder = z.infer<typeof damagedEmulatorOrderSchema>;

/** `unsent`: nowhere to send it (no notification URL, no webhook registered for its event). */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'dropped', 'unsent'] as const;
export const emulatorDeliverySchema = z.object({
  id: z.number().int(),
  orderId: z.string(),
  eventType: z.string(),
  url: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  /** Held by the out-of-order fault until the order's next notification has gone out. */
  heldForNext: z.boolean(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  faults: faultsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EmulatorDelivery = z.infer<typeof emulatorDeliverySchema>;

export const customerActionSchema = z.enum(CUSTOMER_ACTIONS);
