import { FORMER_SECRETS_SETTING, readStoredSecretList } from '../../shared/stored-settings';
import { sealedTextSchema } from './sealed-secret';
import type { SettingsRepository } from '../store/settings-repository';
import type { Vault } from './vault';

/** Tokens a profile had before (replaced, cleared, or its profile removed), still sealed. */
const FORMER_SECRETS_KEY = FORMER_SECRETS_SETTING.key;
/** The most former tokens kept for masking; the oldest go first. */
const FORMER_SECRETS_MAX = 200;
/**
 * An entry that cannot be read stands as a value without a protection scheme: no console opens
 * it (vault.ts calls it damaged), so what would print a record whole refuses while it is stored,
 * as for any former secret that does not open here; `profiles forget-secret --former` forgets it.
 */
export const DAMAGED_SECRET = '';

/** The stored former secrets as read: each entry that cannot be read kept as a damaged one, and said. */
export const readFormerSecrets = (text: string | undefined) =>
  readStoredSecretList(text, sealedTextSchema, () => DAMAGED_SECRET);

/**
 * Secrets that left (a profile's replaced, cleared or removed token, a registered webhook
 * header's old value), kept sealed as they were so that a record echoing one is still masked.
 * The one owner of that list in the settings.
 */
export interface FormerSecrets {
  /** The sealed list as stored now. */
  sealed(): string[];
  /** The sealed list, read on every call and parsed only when its stored text changed (hot paths). */
  readonly sealedNow: () => string[];
  /** Replaces the sealed list (forgetting those that cannot be opened). */
  write(sealed: readonly string[]): void;
  /** Keeps secrets that are leaving, newest last; the oldest beyond the bound go first. */
  retire(leaving: readonly (string | null)[]): void;
  /**
   * Those this process can open. One sealed by a cipher this process lacks (the desktop's, read
   * from the CLI) is passed over: it cannot be set again as a current token can; the list of
   * unopened secrets names it, and what would print a record whole refuses while it is there.
   */
  opened(vault: Vault): string[];
}

export function createFormerSecrets(settings: SettingsRepository): FormerSecrets {
  const sealed = () => settings.readWith(FORMER_SECRETS_KEY, readFormerSecrets).value;
  const readNow = settings.lenientReaderWith(FORMER_SECRETS_KEY, readFormerSecrets);
  return {
    sealed,
    sealedNow: () => readNow().value,
    write: (list) => settings.set(FORMER_SECRETS_KEY, [...list]),
    retire(leaving) {
      const going = leaving.filter((value): value is string => value !== null);
      if (going.length === 0) return;
      const kept = [...sealed().filter((value) => !going.includes(value)), ...going];
      settings.set(FORMER_SECRETS_KEY, kept.slice(-FORMER_SECRETS_MAX));
    },
    opened: (vault) =>
      sealed().flatMap((value) => {
        try {
          return [vault.open(value)];
        } catch {
          return [];
        }
      }),
  };
}

/**
 * The former secrets re-sealed with `reseal` (the vault's primary cipher changed): "every stored
 * token is re-encrypted at once" holds for them too.
 */
export function resealFormerSecrets(settings: SettingsRepository, reseal: (sealed: string) => string): void {
  const former = createFormerSecrets(settings);
  const before = former.sealed();
  // A damaged one stays as it is: nothing opens it to re-seal, and it must not stop the others.
  const resealed = before.map((sealed) => (sealed === DAMAGED_SECRET ? sealed : reseal(sealed)));
  if (resealed.some((value, index) => value !== before[index])) former.write(resealed);
}
