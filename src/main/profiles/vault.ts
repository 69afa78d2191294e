import { KEYCHAIN_SCHEME } from './keychain-cipher';
import { parseSealed, STORED_WITHOUT_SCHEME, type SecretCipher } from './sealed-secret';

/**
 * Why a sealed value does not open here, as a kind: sealed by a protection this process lacks
 * (the desktop app's safeStorage, read from the CLI: that console can still open it), this
 * process's own key no longer opens it (vault.key replaced or lost: likely no console can), or
 * stored without a scheme (damaged).
 */
export type UnopenedKind = 'other-protection' | 'key-changed' | 'damaged';

/**
 * Why a scheme this process lacks does not open here. The OS keychain's is this console's own:
 * it opens in any process that reaches the keychain, which an SSH session, a locked keychain or
 * CHECKOUT_CONSOLE_KEYCHAIN=off does not.
 */
function lackedWords(scheme: string, current: string): string {
  if (scheme === KEYCHAIN_SCHEME)
    return `sealed with "${scheme}", a key in the OS keychain, which this process cannot reach (the keychain is locked or has no session here, or CHECKOUT_CONSOLE_KEYCHAIN=off; it uses "${current}")`;
  const whose = scheme === 'safestorage' ? ", the desktop app's protection," : '';
  return `sealed with "${scheme}"${whose} which this process does not have (it uses "${current}")`;
}

export interface Vault {
  /** The cipher new values are sealed with. */
  readonly primary: SecretCipher;
  seal(plain: string): string;
  /** Opens a value sealed by any cipher this vault knows; says clearly which one is missing. */
  open(sealed: string): string;
  /**
   * Why `sealed` does not open here, in words naming its protection (after `open` threw):
   * a scheme this process lacks (the desktop's safeStorage read from the CLI), or a key that
   * no longer opens it (the key file replaced or lost).
   */
  whyUnopened(sealed: string): string;
  /** The same, as a kind a command can act on (after `open` threw). */
  kindUnopened(sealed: string): UnopenedKind;
  /**
   * Seals from now on with `cipher` (the user picked another protection); the previous primary
   * stays known, so values it sealed still open until they are re-sealed.
   */
  usePrimary(cipher: SecretCipher): void;
}

/**
 * The primary cipher seals; every known cipher can open its own values, so a data directory
 * written by the desktop (safeStorage) and later opened by the CLI fails with a clear reason.
 */
export function createVault(primary: SecretCipher, others: readonly SecretCipher[] = []): Vault {
  const byScheme = new Map([...others, primary].map((cipher) => [cipher.scheme, cipher]));
  let current = primary;
  return {
    get primary() {
      return current;
    },
    seal: (plain) => current.seal(plain),
    open(sealed) {
      const { scheme } = parseSealed(sealed);
      const cipher = byScheme.get(scheme);
      if (cipher === undefined) {
        throw new Error(
          `This token was encrypted with "${scheme}", which is not available here ` +
            `(this process uses "${current.scheme}"). Set the token again from here.`,
        );
      }
      return cipher.open(sealed);
    },
    kindUnopened(sealed) {
      let scheme: string;
      try {
        ({ scheme } = parseSealed(sealed));
      } catch {
        return 'damaged';
      }
      return byScheme.has(scheme) ? 'key-changed' : 'other-protection';
    },
    whyUnopened(sealed) {
      let scheme: string;
      try {
        ({ scheme } = parseSealed(sealed));
      } catch {
        return `${STORED_WITHOUT_SCHEME}: damaged`;
      }
      const cipher = byScheme.get(scheme);
      if (cipher === undefined) return lackedWords(scheme, current.scheme);
      if (cipher.unusable !== undefined)
        return `this process's "${scheme}" key is unusable (${cipher.unusable})`;
      return `this process's "${scheme}" key does not open it: the key was replaced or lost since`;
    },
    usePrimary(cipher) {
      byScheme.set(cipher.scheme, cipher);
      current = cipher;
    },
  };
}
