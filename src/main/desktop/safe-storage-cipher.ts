import { safeStorage } from 'electron';
import { formatSealed, parseSealed, type SecretCipher } from '../profiles/sealed-secret';

export const SAFE_STORAGE_SCHEME = 'safestorage';

/**
 * Electron's safeStorage (Keychain, DPAPI, libsecret/kwallet). Returns null when it cannot
 * encrypt at all, so the vault falls back to the OS keychain key or the key file.
 */
export function createSafeStorageCipher(): SecretCipher | null {
  if (!safeStorage.isEncryptionAvailable()) return null;
  // On Linux without a keyring Chromium falls back to a publicly known key ("basic_text"):
  // that is obfuscation, not encryption, so we do not use it.
  if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') return null;
  return {
    scheme: SAFE_STORAGE_SCHEME,
    warning: null,
    seal: (plain) => formatSealed(SAFE_STORAGE_SCHEME, safeStorage.encryptString(plain).toString('base64')),
    open: (sealed) => safeStorage.decryptString(Buffer.from(parseSealed(sealed).payload, 'base64')),
  };
}
