import { createHash, randomBytes } from 'node:crypto';
import { createKeyCipher, type SecretCipher } from './sealed-secret';

export const KEYCHAIN_SCHEME = 'keychain-aes256gcm';

/** The part of a keyring entry we use; `@napi-rs/keyring`'s Entry fits it. */
export interface KeyringEntry {
  getPassword(): string | null | undefined;
  setPassword(password: string): void;
}
export type KeyringEntryFactory = (service: string, account: string) => KeyringEntry;

export const KEYCHAIN_SERVICE = 'checkout-console';

/**
 * Keeps the vault key in the OS keychain (one per data directory) and seals tokens with it.
 * Returns null when no keychain answers, so the caller can fall back to the key file.
 */
export function createKeychainCipher(dataDir: string, openEntry: KeyringEntryFactory): SecretCipher | null {
  const account = `vault-key:${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`;
  try {
    const entry = openEntry(KEYCHAIN_SERVICE, account);
    let encoded = entry.getPassword();
    if (encoded === null || encoded === undefined || encoded === '') {
      encoded = randomBytes(32).toString('base64');
      entry.setPassword(encoded);
      // Read back: some keyrings accept a write they cannot keep (locked or session-less).
      if (entry.getPassword() !== encoded) return null;
    }
    const key = Buffer.from(encoded, 'base64');
    if (key.byteLength !== 32) return null;
    return createKeyCipher(KEYCHAIN_SCHEME, key, null);
  } catch {
    return null;
  }
}

/** The real OS keychain, loaded lazily so a platform without the native module still starts. */
export async function loadOsKeyring(): Promise<KeyringEntryFactory | null> {
  try {
    const { Entry } = await import('@napi-rs/keyring');
    return (service, account) => new Entry(service, account);
  } catch {
    return null;
  }
}
