import {
  keyringFallbackChoiceSchema,
  type KeyringFallbackChoice,
  type KeyringFallbackStatus,
} from '../../shared/keyring-fallback';
import { ConsoleError } from '../console-error';
import type { ProfilesRepository } from '../store/profiles-repository';
import type { SettingsRepository } from '../store/settings-repository';
import { decideSafeStorage, type SafeStorageProbe } from './safe-storage-decision';
import { parseSealed, type SecretCipher } from './sealed-secret';
import { resealFormerSecrets } from './former-secrets';
import type { Vault } from './vault';
import { resealWebhookHeaders } from './webhook-header-secrets';

export const KEYRING_FALLBACK_KEY = 'vault.keyringFallback';

export function readKeyringFallbackChoice(settings: SettingsRepository): KeyringFallbackChoice | null {
  return settings.read(KEYRING_FALLBACK_KEY, keyringFallbackChoiceSchema.nullable(), null).value;
}

/**
 * Re-seals every stored secret whose scheme is not the vault's primary (the profiles' tokens,
 * those they had before, and the registered webhook's header values); one transaction.
 */
export function resealProfileSecrets(
  profiles: ProfilesRepository,
  vault: Vault,
  transaction: (fn: () => void) => void,
  settings?: SettingsRepository,
): number {
  const resealOne = (sealed: string): string =>
    parseSealed(sealed).scheme === vault.primary.scheme ? sealed : vault.seal(vault.open(sealed));
  const reseal = (sealed: string | null): string | null => (sealed === null ? null : resealOne(sealed));
  let changed = 0;
  transaction(() => {
    if (settings !== undefined) {
      resealFormerSecrets(settings, resealOne);
      resealWebhookHeaders(settings, resealOne);
    }
    for (const profile of profiles.list()) {
      const api = reseal(profile.apiTokenSealed);
      const notification = reseal(profile.notificationTokenSealed);
      if (api === profile.apiTokenSealed && notification === profile.notificationTokenSealed) continue;
      profiles.updateSealed(profile.id, api, notification);
      changed += 1;
    }
  });
  return changed;
}

export interface KeyringFallbackService {
  /** Null unless this is the desktop on a system where safeStorage's key is public. */
  status(): KeyringFallbackStatus | null;
  /** Persists the choice, switches the vault's primary cipher and re-seals stored tokens. */
  choose(choice: KeyringFallbackChoice): Promise<KeyringFallbackStatus>;
}

interface Dependencies {
  settings: SettingsRepository;
  vault: Vault;
  probe: SafeStorageProbe;
  /** Electron safeStorage; null outside the desktop. */
  desktopCipher: SecretCipher | null;
  /** The console's own vault cipher (keychain key or key file), created on demand. */
  consoleCipher: () => Promise<SecretCipher>;
  reseal: () => void;
}

export function createKeyringFallbackService(deps: Dependencies): KeyringFallbackService {
  const status = (): KeyringFallbackStatus | null =>
    deps.desktopCipher === null
      ? null
      : decideSafeStorage(deps.probe, readKeyringFallbackChoice(deps.settings)).fallback;

  return {
    status,
    async choose(choice) {
      const desktopCipher = deps.desktopCipher;
      if (desktopCipher === null || status() === null) {
        throw new ConsoleError(
          'unavailable',
          'This choice exists only in the desktop app on Linux without a keyring; here tokens already use the best protection available.',
        );
      }
      deps.settings.set(KEYRING_FALLBACK_KEY, choice);
      const decision = decideSafeStorage(deps.probe, choice);
      const next = decision.useSafeStorage ? desktopCipher : await deps.consoleCipher();
      if (next.scheme !== deps.vault.primary.scheme) deps.vault.usePrimary(next);
      deps.reseal();
      const fallback = decision.fallback;
      if (fallback === null) throw new Error('The keyring fallback decision lost its status.');
      return fallback;
    },
  };
}
