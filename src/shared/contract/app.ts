import { z } from 'zod';
import { keyringFallbackStatusSchema } from '../keyring-fallback';
import { defineCommand, noInput } from './define';

export const vaultStatusSchema = z.object({
  /** The scheme new secrets are written with, e.g. `safestorage`, `keychain-aes256gcm`. */
  scheme: z.string(),
  /** Shown to the user when secrets are protected less well than they should be. */
  warning: z.string().nullable(),
  /** Whether this start is the first to say `warning` for this data directory (terminals say it once). */
  warningIsNew: z.boolean(),
  /** Desktop on Linux without a keyring only: safeStorage's key is public; see keyring-fallback.ts. */
  keyringFallback: keyringFallbackStatusSchema.nullable(),
});
export type VaultStatus = z.infer<typeof vaultStatusSchema>;

export const appInfoSchema = z.object({
  version: z.string(),
  frontDoor: z.enum(['desktop', 'browser']),
  dataDir: z.string(),
  /**
   * The data directory the commands shown for a terminal name with `--data-dir`
   * (consoleCommandNaming); null when it is the default, which they leave unnamed.
   */
  dataDirInCommands: z.string().nullable(),
  vault: vaultStatusSchema,
});
export type AppInfo = z.infer<typeof appInfoSchema>;

export const appCommands = {
  getAppInfo: defineCommand(noInput, appInfoSchema),
};
