import type { KeyringFallbackChoice, KeyringFallbackStatus } from '../../shared/keyring-fallback';

/**
 * Whether the desktop seals tokens with Electron's safeStorage, given what Electron reports
 * and what the user chose. Pure: the Electron calls live in src/main/desktop/safe-storage-cipher.ts.
 */
export interface SafeStorageProbe {
  /** safeStorage can encrypt at all. */
  available: boolean;
  /** Linux: Electron's selected backend (`basic_text`, `gnome_libsecret`, `kwallet5`…); null elsewhere. */
  backend: string | null;
}

/** Backends whose key is built into Chromium and therefore public: obfuscation, not encryption. */
const PUBLIC_KEY_BACKENDS: ReadonlySet<string> = new Set(['basic_text']);

/** Until the user decides, tokens go to the console's own vault: a secret key beats a public one. */
export const DEFAULT_KEYRING_FALLBACK: KeyringFallbackChoice = 'key-file';

export interface SafeStorageDecision {
  /** Seal new tokens with safeStorage (else with the console's own vault). */
  useSafeStorage: boolean;
  /** Set only when safeStorage's key is public: what to tell the user, and their choice. */
  fallback: KeyringFallbackStatus | null;
}

export function keyringFallbackWarning(backend: string, choice: KeyringFallbackChoice): string {
  const cause =
    `No keyring (GNOME Keyring, KWallet) answered, so Electron's safeStorage falls back to ` +
    `Chromium's built-in key ("${backend}"), which is publicly known.`;
  if (choice === 'safe-storage') {
    return (
      `${cause} You chose to use it anyway: anyone who gets a copy of console.sqlite can read your ` +
      `tokens. Switch to the key file, or start a keyring and restart the console.`
    );
  }
  return (
    `${cause} Your tokens are sealed by the console's own vault instead: AES-256-GCM with a random ` +
    `key kept in the OS keychain or, failing that, in a key file (mode 0600) in the data directory. ` +
    `A copy of console.sqlite alone reveals nothing, but anyone who can read the whole data ` +
    `directory can read the tokens. A running keyring protects them best.`
  );
}

export function decideSafeStorage(
  probe: SafeStorageProbe,
  stored: KeyringFallbackChoice | null,
): SafeStorageDecision {
  if (!probe.available) return { useSafeStorage: false, fallback: null };
  if (probe.backend === null || !PUBLIC_KEY_BACKENDS.has(probe.backend)) {
    return { useSafeStorage: true, fallback: null };
  }
  const choice = stored ?? DEFAULT_KEYRING_FALLBACK;
  return {
    useSafeStorage: choice === 'safe-storage',
    fallback: {
      backend: probe.backend,
      choice,
      decided: stored !== null,
      warning: keyringFallbackWarning(probe.backend, choice),
    },
  };
}
