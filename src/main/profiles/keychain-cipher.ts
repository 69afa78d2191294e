import { createHash, randomBytes } from 'node:crypto';
import { realLocation } from '../real-location';
import { createKeyCipher, type SecretCipher } from './sealed-secret';

export const KEYCHAIN_SCHEME = 'keychain-aes256gcm';

/** The part of a keyring entry we use; `@napi-rs/keyring`'s Entry fits it. */
export interface KeyringEntry {
  getPassword(): string | null | undefined;
  setPassword(password: string): void;
}
export type KeyringEntryFactory = (service: string, account: string) => KeyringEntry;

export const KEYCHAIN_SERVICE = 'checkout-console';

/** The keychain entry of the data directory at `location`: a hash of the path, not the path. */
function accountOf(location: string): string {
  return `vault-key:${createHash('sha256').update(location).digest('hex').slice(0, 16)}`;
}

/** The 32-byte key an entry holds; null when it holds none. */
function keyOf(encoded: string): Buffer | null {
  const key = Buffer.from(encoded, 'base64');
  return key.byteLength === 32 ? key : null;
}

/**
 * Seals with `key`; opens with `older` too, when given, a value `key` does not open (GCM's tag
 * tells them apart). The key's own error is the one thrown when neither opens it.
 */
function keychainKeyCipher(key: Buffer, older: Buffer | null): SecretCipher {
  const cipher = createKeyCipher(KEYCHAIN_SCHEME, key, null);
  if (older === null || older.equals(key)) return cipher;
  const olderCipher = createKeyCipher(KEYCHAIN_SCHEME, older, null);
  return {
    ...cipher,
    open(sealed) {
      try {
        return cipher.open(sealed);
      } catch (error) {
        try {
          return olderCipher.open(sealed);
        } catch {
          throw error;
        }
      }
    },
  };
}

/**
 * Keeps the vault key in the OS keychain (one per data directory) and seals tokens with it.
 * Returns null when no keychain answers, so the caller can fall back to the key file.
 *
 * The entry is named after the data directory's real location (realLocation: links resolved,
 * and on macOS and Windows the spelling on disk, so two spellings of one folder meet). Named
 * after the path as given, the same folder reached through a link got a new random key, and its
 * tokens were said to be sealed with a key "replaced or lost". Earlier versions named it after
 * the path as given, so that entry is still read: copied under the real location's name when
 * that has none (the same key, never a new one, so the real path and every link open it from
 * then on), and kept for opening when both hold keys, each of which may have sealed values.
 */
export async function createKeychainCipher(
  dataDir: string,
  openEntry: KeyringEntryFactory,
): Promise<SecretCipher | null> {
  const location = await realLocation(dataDir);
  try {
    const entry = openEntry(KEYCHAIN_SERVICE, accountOf(location));
    const held = entry.getPassword();
    const olderHeld =
      location === dataDir ? null : openEntry(KEYCHAIN_SERVICE, accountOf(dataDir)).getPassword();
    const older = olderHeld === null || olderHeld === undefined || olderHeld === '' ? null : keyOf(olderHeld);
    if (held !== null && held !== undefined && held !== '') {
      const key = keyOf(held);
      return key === null ? null : keychainKeyCipher(key, older);
    }
    const key = older ?? randomBytes(32);
    const encoded = key.toString('base64');
    entry.setPassword(encoded);
    // Read back: some keyrings accept a write they cannot keep (locked or session-less). An
    // older entry still opens and seals as it did: its name is this path's.
    if (entry.getPassword() !== encoded) return older === null ? null : keychainKeyCipher(older, null);
    return keychainKeyCipher(key, null);
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
