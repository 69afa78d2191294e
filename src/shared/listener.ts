import { z } from 'zod';
import { carriesCredentials, credentialsRefusal, httpUrlSchema } from './http-url';

export const KIB = 1024;
export const MIB = 1024 * KIB;
/** How much of an oversized body is kept. */
export const TOO_LARGE_KEPT_BYTES = 64 * KIB;

/** A forward-to URL as stored (and read back): any http(s) URL, as earlier versions saved it. */
const forwardUrl = httpUrlSchema('forward-to URL');

/**
 * A forward-to URL as it comes in (the Listener form, through updateListenerSettings, and
 * `listen --forward-to`). A user name or password in it was never sent (a forward carries the
 * webhook's own headers) yet was stored in plain text, in the settings and with every forward
 * record; so it is refused here, at the input only. One stored before is read without them (store side), so
 * the other settings never fall back to their defaults over it.
 */
export const forwardToInputSchema = forwardUrl.refine((url) => !carriesCredentials(url), {
  error: credentialsRefusal(
    'forward-to URL',
    'a forward never sends them (it carries the webhook’s own headers)',
    'they would be stored in plain text',
  ),
});

/**
 * How the listener answers and judges. The spec does not show the response a merchant must
 * give, so these are configurable; the defaults are listed in the README.
 */
export const listenerSettingsSchema = z.object({
  respondStatus: z
    .number({ error: 'The response status must be a number' })
    .int('The response status must be a whole number')
    .min(200, 'The response status must be between 200 and 599')
    .max(599, 'The response status must be between 200 and 599'),
  responseDelayMs: z
    .number({ error: 'The response delay must be a number' })
    .int('The response delay must be whole milliseconds')
    .min(0, 'The response delay cannot be negative')
    .max(120_000, 'The response delay is at most 120000 ms (two minutes)'),
  bodyLimitBytes: z
    .number({ error: 'The body limit must be a number' })
    .int('The body limit must be whole bytes')
    .min(KIB, 'The body limit is at least 1024 bytes')
    .max(100 * MIB, 'The body limit is at most 104857600 bytes (100 MiB)'),
  clockToleranceSeconds: z
    .number({ error: 'The clock tolerance must be a number' })
    .int('The clock tolerance must be whole seconds')
    .min(0, 'The clock tolerance cannot be negative')
    .max(86_400, 'The clock tolerance is at most 86400 s (one day)'),
  forwardTo: forwardUrl.nullable(),
});
export type ListenerSettings = z.infer<typeof listenerSettingsSchema>;

/** The settings as a person gives them: as stored, with the forward-to URL checked as input. */
export const listenerSettingsInputSchema = listenerSettingsSchema.extend({
  forwardTo: forwardToInputSchema.nullable(),
});

export const DEFAULT_LISTENER_SETTINGS: ListenerSettings = {
  respondStatus: 200,
  responseDelayMs: 0,
  bodyLimitBytes: MIB,
  clockToleranceSeconds: 60,
  forwardTo: null,
};

/**
 * A forward-to held (live-forward-hold.ts): saved before it became a live profile's address, so
 * each webhook's forward is recorded unsent until it is confirmed again. Said by the Listener
 * view, whose "Forward to" box alone read as if webhooks went on.
 */
export const forwardHoldSchema = z.object({
  forwardTo: z.string(),
  /** Why, in the live guard's words (the view offers the confirmation beside it). */
  reason: z.string(),
  /** Webhooks this listener received since the hold began and did not forward. */
  notForwarded: z.number().int().min(0),
});
export type ForwardHold = z.infer<typeof forwardHoldSchema>;

export const listenerStatusSchema = z.object({
  running: z.boolean(),
  /** The port actually bound (the real one when the profile asks for 0). */
  port: z.number().int().nullable(),
  /** The port the active profile asks for (0 = any free port). */
  configuredPort: z.number().int(),
  url: z.string().nullable(),
  /** The profile's public listener URL (a tunnel), when set. */
  publicUrl: z.string().nullable(),
  /** Why it is not running, as a sentence. */
  error: z.string().nullable(),
  /**
   * Who held the port when it could not bind it: `console`, a console on this data directory
   * that says it runs its listener there (what is sent there is stored here all the same);
   * `other`, something this console cannot name (another program, a console of another data
   * directory or an older version): what is sent there goes to it, and is not stored here.
   * Null when it runs, or did not start for another reason.
   */
  portTakenBy: z.enum(['console', 'other']).nullable(),
  profileId: z.number().int().nullable(),
  profileName: z.string().nullable(),
  /** Whether the active profile has a notification token to verify with. */
  hasNotificationToken: z.boolean(),
  /**
   * Why the profile's notification token, though set, cannot be opened by this process (its key
   * was lost, replaced or damaged); null when it opens or none is set. Every token is then judged
   * no_secret, and "has no notification token" would name the wrong cause.
   */
  notificationTokenUnopened: z.string().nullable(),
  /**
   * Requests answered 503 since the console started because they could not be stored (the
   * database stayed locked by another process past the wait limit, or the disk was full).
   * A last resort: 0 normally.
   */
  notStored: z.number().int().min(0),
  /** Why the last of them could not be stored, as the error said it; null while none failed. */
  notStoredReason: z.string().nullable(),
  /** The saved forward-to, held until confirmed again; null when forwards go (or none is set). */
  forwardHold: forwardHoldSchema.nullable(),
});
export type ListenerStatus = z.infer<typeof listenerStatusSchema>;
