import { safeStorage } from 'electron';
import { formatSealed, parseSealed, type SecretCipher } from '../profiles/sealed-secret';

export const SAFE_STORAGE_SCHEME = 'safestorage';

export interface DesktopSafeStorage {
  /** Null when safeStorage cannot encrypt at all. */
  cipher: SecretCipher | null;
  /** Linux: the selected backend (`basic_text` means Chromium's public key); null elsewhere. */
  backend: string | null;
}

/**
 * Electron's safeStorage (Keychain, DPAPI, libsecret/kwallet) and, on Linux, which backend it
 * picked. It does not decide whether to use it: with `basic_text` the key is public, and
 * createConsole asks decideSafeStorage (src/main/profiles/safe-storage-decision.ts), which
 * follows the user's choice. Call after `app.ready`.
 */
export function probeSafeStorage(): DesktopSafeStorage {
  const backend = process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : null;
  // Without a keyring Chromium only encrypts once told to use its built-in key; the key is
  // used only if the user chooses it, but it must be on to open values sealed with it before.
  if (backend === 'basic_text') safeStorage.setUsePlainTextEncryption(true);
  if (!safeStorage.isEncryptionAvailable()) return { cipher: null, backend };
  return {
    backend,
    cipher: {
      scheme: SAFE_STORAGE_SCHEME,
      warning: null,
      seal: (plain) => formatSealed(SAFE_STORAGE_SCHEME, safeStorage.encryptString(plain).toString('base64')),
      open: (sealed) => safeStorage.decryptString(Buffer.from(parseSealed(sealed).payload, 'base64')),
    },
  };
}
