import { z } from 'zod';
import type { Logger } from '../log';
import type { Store } from '../store/open-store';
import {
  createKeyringFallbackService,
  readKeyringFallbackChoice,
  resealProfileSecrets,
  type KeyringFallbackService,
} from './keyring-fallback-service';
import { consoleVaultCipher, openVault } from './open-vault';
import type { Vault } from './vault';
import { decideSafeStorage } from './safe-storage-decision';
import type { SecretCipher } from './sealed-secret';

/** The settings key holding the vault scheme whose warning was last said on the terminal. */
const VAULT_WARNED_SCHEME_KEY = 'vault.warnedScheme';

export interface ConsoleVaultOptions {
  dataDir: string;
  store: Store;
  log: Logger;
  /** Desktop only: Electron's safeStorage, when it has a backend. */
  desktopCipher: SecretCipher | null;
  /** Linux desktop: Electron's safeStorage backend; `basic_text` means its key is public. */
  safeStorageBackend: string | null;
  keychain: 'auto' | 'off';
}

export interface ConsoleVault {
  vault: Vault;
  /** True when the vault's warning was said on this start for the first time (Settings shows it). */
  warningIsNew: boolean;
  keyringFallback: KeyringFallbackService;
}

/**
 * Where the profiles' tokens are sealed: the system keychain, Electron's safeStorage or a key
 * file, chosen as safe-storage-decision.ts says, and the service that lets the user change it.
 */
export async function openConsoleVault(options: ConsoleVaultOptions): Promise<ConsoleVault> {
  const { dataDir, store, log, desktopCipher, keychain } = options;
  const { settings, writer } = store;
  const probe = { available: desktopCipher !== null, backend: options.safeStorageBackend };
  const safeStorage = decideSafeStorage(probe, readKeyringFallbackChoice(settings));
  const vault = await openVault(dataDir, {
    desktopCipher,
    desktopCipherIsPrimary: safeStorage.useSafeStorage,
    keychain,
  });
  if (safeStorage.fallback !== null) log.warn(safeStorage.fallback.warning);
  // The key-file warning is said once per data directory (and again if the protection
  // changes); afterwards Settings keeps it in view. Said at every start, it was noise. A
  // damaged key file is said at every start: something is wrong until the user acts.
  const damaged = vault.primary.unusable !== undefined;
  const warningIsNew =
    vault.primary.warning !== null &&
    (damaged ||
      settings.read(VAULT_WARNED_SCHEME_KEY, z.string().nullable(), null).value !== vault.primary.scheme);
  if (warningIsNew && vault.primary.warning !== null) {
    log.warn(vault.primary.warning);
    if (!damaged) settings.set(VAULT_WARNED_SCHEME_KEY, vault.primary.scheme);
  }
  const keyringFallback = createKeyringFallbackService({
    settings,
    vault,
    probe,
    desktopCipher,
    consoleCipher: () => consoleVaultCipher(dataDir, { keychain }),
    reseal: () => resealProfileSecrets(store.profiles, vault, (fn) => writer.writeNow(fn), settings),
  });
  return { vault, warningIsNew, keyringFallback };
}
