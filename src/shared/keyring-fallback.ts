import { z } from 'zod';

/**
 * On Linux without a keyring (GNOME Keyring, KWallet), Electron's safeStorage falls back to
 * Chromium's built-in, publicly known key (backend `basic_text`). The desktop app then asks
 * the user which protection to use for tokens:
 * - `key-file`: the console's own vault (AES-256-GCM with a random key in the OS keychain
 *   when one answers, else in a 0600 key file in the data directory) — the default;
 * - `safe-storage`: safeStorage anyway, knowing its key is public.
 */
export const KEYRING_FALLBACK_CHOICES = ['key-file', 'safe-storage'] as const;
export const keyringFallbackChoiceSchema = z.enum(KEYRING_FALLBACK_CHOICES);
export type KeyringFallbackChoice = z.infer<typeof keyringFallbackChoiceSchema>;

export const keyringFallbackStatusSchema = z.object({
  /** Electron's selected storage backend, e.g. `basic_text`. */
  backend: z.string(),
  /** The protection in effect now. */
  choice: keyringFallbackChoiceSchema,
  /** Whether the user has made (or acknowledged) the choice; until then a banner asks. */
  decided: z.boolean(),
  /** What the user should know about the choice in effect. */
  warning: z.string(),
});
export type KeyringFallbackStatus = z.infer<typeof keyringFallbackStatusSchema>;
