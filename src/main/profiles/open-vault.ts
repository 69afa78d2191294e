import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createKeychainCipher, loadOsKeyring, type KeyringEntryFactory } from './keychain-cipher';
import { createKeyFileCipher, KEY_FILE_NAME, KEY_FILE_SCHEME } from './key-file-cipher';
import type { SecretCipher } from './sealed-secret';
import { createVault, type Vault } from './vault';

export interface OpenVaultOptions {
  /** The desktop's Electron safeStorage cipher; absent in the CLI and browser mode. */
  desktopCipher?: SecretCipher | null;
  /**
   * Whether new values are sealed with `desktopCipher` (the default when it is given). False
   * when its key is public (Linux `basic_text`) and the user kept the console's own vault: it
   * then only opens values it sealed earlier.
   */
  desktopCipherIsPrimary?: boolean;
  /** `off` skips the OS keychain (tests, CI, or a user who prefers the key file). */
  keychain?: 'auto' | 'off';
  /** Injected in tests; defaults to the OS keychain through @napi-rs/keyring. */
  keyring?: KeyringEntryFactory | null;
}

async function keychainCipher(dataDir: string, options: OpenVaultOptions): Promise<SecretCipher | null> {
  if (options.keychain === 'off') return null;
  const keyring = options.keyring === undefined ? await loadOsKeyring() : options.keyring;
  return keyring === null ? null : createKeychainCipher(dataDir, keyring);
}

/**
 * The console's own protection, used wherever safeStorage is not: a key in the OS keychain,
 * else a 0600 key file (created on first use) with a visible warning.
 */
export async function consoleVaultCipher(
  dataDir: string,
  options: OpenVaultOptions = {},
): Promise<SecretCipher> {
  return (await keychainCipher(dataDir, options)) ?? createKeyFileCipher(dataDir);
}

/**
 * Picks the best protection available: safeStorage in the desktop, else a key in the OS
 * keychain, else a 0600 key file with a visible warning. Ciphers of other schemes that this
 * data directory already used stay available for opening old values.
 */
export async function openVault(dataDir: string, options: OpenVaultOptions = {}): Promise<Vault> {
  const keyFileExists = existsSync(join(dataDir, KEY_FILE_NAME));
  const others: SecretCipher[] = [];
  const keychain = await keychainCipher(dataDir, options);
  const desktop = options.desktopCipher ?? null;

  const primary =
    desktop !== null && options.desktopCipherIsPrimary !== false
      ? desktop
      : (keychain ?? createKeyFileCipher(dataDir));
  if (desktop !== null && desktop !== primary) others.push(desktop);
  if (keychain !== null && keychain !== primary) others.push(keychain);
  if (keyFileExists && primary.scheme !== KEY_FILE_SCHEME) others.push(createKeyFileCipher(dataDir));
  return createVault(primary, others);
}
