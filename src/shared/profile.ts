import { z } from 'zod';
import { damagedProfileFieldSchema } from './damaged-profile-words';
import { LIMITS } from './checkout/limits';
import { characterCount } from './checkout/text-length';
import { httpUrlSchema, type HttpUrlRules } from './http-url';
import { liveAddressSchema } from './live-address';
import { profileNameClash, profileNameClashWords, profileNameLookAlike } from './profile-name';
import { TERMINAL_UNSAFE } from './terminal-unsafe';

/** The three kinds of environment a profile can point at. `live` is production: real money. */
export const ENVIRONMENTS = ['local', 'sandbox', 'live'] as const;
export const environmentSchema = z.enum(ENVIRONMENTS);
export type Environment = z.infer<typeof environmentSchema>;

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * The follow-up operations the spec names but does not describe. Their method and path are
 * templates (`{order_id}` is substituted) so users can match whatever their account really uses.
 */
export const OPERATION_NAMES = [
  'authorise',
  'capture',
  'getOrder',
  'cancel',
  'refund',
  'updateReferenceId',
] as const;
export type OperationName = (typeof OPERATION_NAMES)[number];

const operationTemplateSchema = z.object({
  method: z.enum(HTTP_METHODS),
  path: z
    .string()
    .trim()
    .min(1, 'Enter a path')
    .refine((path) => path.startsWith('/'), 'A path template starts with /'),
});
export type OperationTemplate = z.infer<typeof operationTemplateSchema>;

export const operationsSchema = z.object({
  authorise: operationTemplateSchema,
  capture: operationTemplateSchema,
  getOrder: operationTemplateSchema,
  cancel: operationTemplateSchema,
  refund: operationTemplateSchema,
  updateReferenceId: operationTemplateSchema,
});
export type Operations = z.infer<typeof operationsSchema>;

/**
 * Defaults for what the spec does not show: the paths of the service's official client
 * (tamara-solution/php-sdk), so a profile works against what a merchant's backend already calls
 * (docs/emulator-fidelity.md). Migration 008 moved profiles still on the console's first
 * defaults (reading an order was GET /orders/{order_id}).
 */
export const DEFAULT_OPERATIONS: Operations = {
  authorise: { method: 'POST', path: '/orders/{order_id}/authorise' },
  capture: { method: 'POST', path: '/payments/capture' },
  getOrder: { method: 'GET', path: '/merchants/orders/{order_id}' },
  cancel: { method: 'POST', path: '/orders/{order_id}/cancel' },
  refund: { method: 'POST', path: '/payments/simplified-refund/{order_id}' },
  updateReferenceId: { method: 'PUT', path: '/orders/{order_id}/reference-id' },
};

export const DEFAULT_NOTIFICATION_FIELD = 'merchant_url.notification';
export const DEFAULT_SIGNED_TOKEN_MINUTES = 15;
export const DEFAULT_LISTENER_PORT = 4455;

/**
 * What a base URL must be beyond an http(s) URL: the service's calls go to it, and `/checkout`
 * and the operation paths are appended to it as text (joinServiceUrl), so a query or fragment
 * in it would take them in (`…/v1#frag/checkout` shown, `POST /v1` sent).
 */
export const BASE_URL_RULES: HttpUrlRules = { reachable: true, pathBase: true };

/**
 * A profile's URLs are shown on every screen and in `profiles list`: one carrying a user name or
 * password (`https://user:token@host`) would show the secret, so it is refused; the service
 * takes its token as a Bearer header, from the profile's encrypted token fields.
 */
const httpUrl = (what: string, rules: HttpUrlRules) =>
  httpUrlSchema(what, { required: true, ...rules }).refine(
    (value) => !/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(value),
    `The ${what} must not carry a user name or password (user:password@); put tokens in the profile's token fields, which are encrypted`,
  );

export const PROFILE_NAME_MAX_LENGTH = 64;

/** The terminal's list of what must not be shown raw (one owner), one character at a time. */
const UNSAFE_IN_NAME = new RegExp(TERMINAL_UNSAFE.source);

/**
 * A name is shown in the top bar, the list, dialogs and the CLI: a control, bidirectional or
 * line-break character in it showed it as something else (`x\u202Eevil` read "xlive", a sandbox
 * profile looking live; `a\nb` read "a b"), so it is refused, naming the character.
 */
export const profileNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a profile name')
  .max(PROFILE_NAME_MAX_LENGTH, `A profile name has at most ${PROFILE_NAME_MAX_LENGTH} characters`)
  .superRefine((name, context) => {
    const unsafe = UNSAFE_IN_NAME.exec(name)?.[0];
    if (unsafe === undefined) {
      // One that could pass for another name (profile-name.ts); a clash with a profile is the service's.
      const lookAlike = profileNameLookAlike(name);
      if (lookAlike !== null) context.addIssue({ code: 'custom', message: lookAlike });
      return;
    }
    const codePoint = `U+${(unsafe.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
    context.addIssue({
      code: 'custom',
      message: `A profile name cannot hold ${codePoint} (a control, bidirectional or line-break character): it would show the name as something else`,
    });
  });

/** Every editable, non-secret field of a profile. Shared by the main process and the form. */
export const profileFieldsSchema = z.object({
  name: profileNameSchema,
  environment: environmentSchema,
  baseUrl: httpUrl('base URL', BASE_URL_RULES),
  listenerPort: z
    // A port is a whole number: said so of text too, as the CLI's --listener-port and the docs say.
    .number({ error: 'The listener port must be a whole number' })
    .int('The listener port must be a whole number')
    .min(0, 'The listener port must be between 0 and 65535 (0 picks a free port)')
    .max(65535, 'The listener port must be between 0 and 65535 (0 picks a free port)'),
  // The service calls this URL: the spec's "webhook URL: at most 255 characters" applies to it.
  // The service's notifications go to it: port 0 is no address either.
  publicListenerUrl: httpUrl('public listener URL', { reachable: true })
    .refine(
      (value) => characterCount(value) <= LIMITS.webhookUrlMaxLength,
      `The public listener URL is a webhook URL: at most ${LIMITS.webhookUrlMaxLength} characters`,
    )
    .nullable(),
  notificationField: z
    .string()
    .trim()
    .regex(
      /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/,
      'The notification field is a dotted path such as merchant_url.notification',
    ),
  operations: operationsSchema,
  signedTokenMinutes: z
    .number({ error: 'The token lifetime must be a number of minutes' })
    .int('The token lifetime must be whole minutes')
    .min(1, 'The token lifetime is at least 1 minute')
    .max(1440, 'The token lifetime is at most 1440 minutes (one day)'),
});
/**
 * The Profiles view's form: the fields, and a name no other profile reads as, judged as typed in
 * the words the profile service refuses a clash with on save (profile-name.ts owns both).
 */
export function profileFieldsSchemaAmong(others: readonly { id: number; name: string }[], exceptId?: number) {
  return profileFieldsSchema.superRefine((fields, context) => {
    const clash = profileNameClash(fields.name, others, exceptId);
    if (clash !== undefined)
      context.addIssue({
        code: 'custom',
        path: ['name'],
        message: profileNameClashWords(fields.name, clash.name),
      });
  });
}

export type ProfileFields = z.infer<typeof profileFieldsSchema>;

/**
 * What an update changes: only the fields given, and of the operations only those given; the
 * rest stay as stored. Operations are given one by one so that a save of one never writes the
 * others from what a form showed: where the stored column is damaged, that was a guess
 * (stored-profile-row.ts), and a save names every operation to set it (refuse-guessed-save.ts).
 */
export const profilePatchSchema = profileFieldsSchema
  .partial()
  .extend({ operations: operationsSchema.partial().optional() });
export type ProfilePatch = z.infer<typeof profilePatchSchema>;

/**
 * A secret edit: leave it as it is, set or replace it, or clear it. Plain values only travel
 * renderer → main; nothing ever carries them back.
 */
export const secretEditSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('keep') }),
  z.object({
    action: z.literal('set'),
    // Spaces around a pasted token are the paste's, not the token's: taken off. Inside, a space,
    // a tab, a line break or an invisible character a copy picked up (a zero-width space) is no
    // token's: it would fail later, as a 401 or a header Node refuses.
    value: z
      .string()
      .trim()
      .min(1, 'Enter the token, or choose clear')
      .refine(
        (value) => !/[\s\p{Cc}\p{Cf}]/u.test(value),
        'A token has no spaces, tabs, line breaks, control characters or invisible characters (such as a zero-width space) inside it',
      ),
  }),
  z.object({ action: z.literal('clear') }),
]);
export type SecretEdit = z.infer<typeof secretEditSchema>;

/** What the renderer may know about a secret: whether it is set, and its last four characters. */
export const maskedSecretSchema = z.object({
  isSet: z.boolean(),
  masked: z.string().nullable(),
  /**
   * Which stored value this is, and nothing of it (main's secret-stamp.ts), where main holds
   * it: a save sends it back so a value set elsewhere since is not overwritten in silence.
   */
  stamp: z.string().optional(),
});
export type MaskedSecret = z.infer<typeof maskedSecretSchema>;

/**
 * The URLs as stored, not as input. A data directory may hold what an earlier version took and
 * input now refuses (a base URL with a query or fragment, a base URL or public listener URL on
 * port 0): its profiles must still list, show and open in the form, where the field says what
 * is wrong; profileProblems says it in the list, and nothing is sent to such a base URL
 * (placeholder-guard.ts).
 */
const storedUrlFields = {
  baseUrl: z.string(),
  publicListenerUrl: z.string().nullable(),
};

/**
 * The other plain fields as stored, for the same reason: one row input now refuses (a name past
 * 64 characters, which a duplicate once made) must not stop every list of profiles, and with it
 * the console's start; profileProblems names the field, and the form renames it.
 */
const storedPlainFields = {
  name: z.string(),
  // Null where the stored port is damaged: unknown, never the default guessed in its place.
  listenerPort: z.number().nullable(),
  notificationField: z.string(),
  signedTokenMinutes: z.number(),
};

export const profileViewSchema = profileFieldsSchema
  .extend(storedUrlFields)
  .extend(storedPlainFields)
  .extend({
    id: z.number().int(),
    apiToken: maskedSecretSchema,
    notificationToken: maskedSecretSchema,
    isActive: z.boolean(),
    /**
     * The live profile's address this profile's base URL reaches (a live profile's own), or null:
     * a call on it is confirmed as a live profile's is, whatever its environment says (main's
     * live guard refuses it unconfirmed). Computed by main with liveAddressReachedBy.
     */
    liveAddress: liveAddressSchema.nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /**
     * Each column of its stored row that could not be read (an edit by hand, a bad copy), with
     * the words that name it: its field above holds a default meanwhile (stored-profile-row.ts).
     */
    damaged: z.array(damagedProfileFieldSchema),
  });
export type ProfileView = z.infer<typeof profileViewSchema>;

/**
 * What a profile form read of what its save changes: the fields as read, and each token edited
 * by its stamp (null: it was not set). Main refuses the save where one was changed since.
 */
export const profileExpectedSchema = profileFieldsSchema.extend(storedUrlFields).partial().extend({
  apiToken: z.string().nullable().optional(),
  notificationToken: z.string().nullable().optional(),
});
export type ProfileExpected = z.infer<typeof profileExpectedSchema>;

export { MASK_PREFIX, maskSecret } from './secrets/mask-secret';

/**
 * The profile that becomes active when the active one is removed (or none is set): the safest
 * left, a local one before a sandbox, in list order, and a live one only when nothing else is
 * left. Before, the first in the list took over, a live one too, with no word said.
 */
export function successorProfile<T extends { id: number; environment: Environment }>(
  profiles: readonly T[],
  removedId: number | null,
): T | null {
  const left = profiles.filter((profile) => profile.id !== removedId);
  for (const environment of ENVIRONMENTS) {
    const found = left.find((profile) => profile.environment === environment);
    if (found !== undefined) return found;
  }
  return null;
}

/** The defaults a brand-new profile of each environment starts from. */
export function defaultProfileFields(environment: Environment, name: string): ProfileFields {
  const baseUrl =
    environment === 'local'
      ? 'http://127.0.0.1:4010'
      : environment === 'sandbox'
        ? 'https://api-sandbox.example.com'
        : 'https://api.example.com';
  return {
    name,
    environment,
    baseUrl,
    listenerPort: DEFAULT_LISTENER_PORT,
    publicListenerUrl: null,
    notificationField: DEFAULT_NOTIFICATION_FIELD,
    operations: structuredClone(DEFAULT_OPERATIONS),
    signedTokenMinutes: DEFAULT_SIGNED_TOKEN_MINUTES,
  };
}
