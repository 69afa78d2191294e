import { z } from 'zod';

/**
 * What a window's live confirmation named, sent with the call it confirmed: the profile, the
 * address the dialog showed, and which API token was stored then (its stamp, never the token).
 * Main sends only while all three still hold: a `profiles set Live --base-url …` or a token set
 * again from a terminal while the dialog was open sent to a service, or as an account, nobody
 * was asked about (docs/security.md). The CLI's --yes-live names nothing: it is given at once.
 */
export const liveConfirmationSchema = z.object({
  profileId: z.number().int().positive(),
  baseUrl: z.string().max(2048),
  /** The API token's stamp as the window was shown it; null when none was set. */
  apiTokenStamp: z.string().max(100).nullable(),
});
export type LiveConfirmation = z.infer<typeof liveConfirmationSchema>;
