import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createKeychainCipher, loadOsKeyring, type KeyringEntryFactory } from './keychain-cipher';
import { createKeyFileCipher, KEY_FILE_NAME } from './key-file-cipher';
import type { SecretCipher } from './sealed-secret';
import { createVault, type Vault } from './vault';

export interface OpenVaultOptions {
  /** The desktop's Electron safeStorage cipher; absent in the CLI and browser mode. */
  desktopCipher?: SecretCipher | null;
  /** `off` skips the OS keychain (tests, CI, or a user who prefers the key file). */
  keychain?: 'auto' | 'off';
  /** Injected in tests; defaults to the OS keychain through @napi-rs/keyring. */
  keyring?: KeyringEntryFactory | null;
}

/**
 * Picks the best protection available: safeStorage in the desktop, else a key in the OS
 * keychain, else a 0600 key file with a visible warning. Ciphers of other schemes that this
 * data directory already used stay available for opening old values.
 */
export async function openVault(dataDir: string, options: OpenVaultOptions = {}): Promise<Vault> {
  const keyFileExists = existsSync(join(dataDir, KEY_FILE_NAME));
  const others: SecretCipher[] = [];

  let keychain: SecretCipher | null = null;
  if (options.keychain !== 'off') {
    const keyring = options.keyring === undefined ? await loadOsKeyring() : options.keyring;
    keychain = keyring === null ? null : createKeychainCipher(dataDir, keyring);
  }

  const primary = options.desktopCipher ?? keychain ?? createKeyFileCipher(dataDir);
  if (keychain !== null && keychain !== primary) others.push(keychain);
  if (keyFileExists && primary.scheme !== 'file-aes256gcm') others.push(createKeyFileCipher(dataDir));
  return createVault(primary, others);
}
