import type { ProfilesRepository, StoredProfile } from '../store/profiles-repository';
import type { UnopenedKind, Vault } from './vault';

/**
 * The way out of a secret this process cannot open (a lost or replaced `vault.key`, or a token
 * the desktop app sealed with safeStorage, read from the CLI): while one is stored, an export, a
 * text search and `history --json` are refused, since nothing here can hide an echo of it. Only
 * forgetting it ends that. Forgetting is explicit (`profiles forget-secret`) and touches only
 * what does not open here: an openable secret is never forgotten by this path.
 */

export type ProfileToken = 'apiToken' | 'notificationToken';

export const TOKEN_WORDS: Record<ProfileToken, string> = {
  apiToken: 'API token',
  notificationToken: 'notification token',
};

/** A stored secret this process cannot open, as forget-secret shows it before and after. */
export interface UnopenedStoredSecret {
  /** `Sandbox's API token`, `a former token (replaced or removed)`. */
  what: string;
  why: string;
  kind: UnopenedKind;
  /** Which token of the profile; null for a former secret. */
  token: ProfileToken | null;
}

/** What forgetting it means, by kind: the user must know whether another console still opens it. */
export function forgettingMeans(kind: UnopenedKind): string {
  switch (kind) {
    case 'other-protection':
      return 'a process that has that protection can still open it (the desktop app, for "safestorage"; this same command where the OS keychain answers, for "keychain-aes256gcm"); forgotten here, it is gone for that one too';
    case 'key-changed':
      return 'no console opens it unless that key (vault.key, or the OS keychain entry) comes back from a backup';
    case 'damaged':
      return 'it is stored damaged: no console opens it';
  }
}

interface Dependencies {
  profiles: ProfilesRepository;
  vault: Vault;
  transaction: <T>(fn: () => T) => T;
  readFormer: () => string[];
  writeFormer: (sealed: string[]) => void;
}

export interface ForgetUnopenedSecrets {
  /** The profile's tokens that do not open here; nothing changes. */
  tokensOf(stored: StoredProfile): UnopenedStoredSecret[];
  /** Forgets those (only those), in one transaction; returns what was forgotten. */
  forgetTokensOf(id: number): UnopenedStoredSecret[];
  /** The former secrets (tokens and registered webhook header values) that do not open here. */
  former(): UnopenedStoredSecret[];
  /** Forgets those (only those); the openable former secrets stay, so their echoes stay masked. */
  forgetFormer(): UnopenedStoredSecret[];
}

export function createForgetUnopenedSecrets({
  profiles,
  vault,
  transaction,
  readFormer,
  writeFormer,
}: Dependencies): ForgetUnopenedSecrets {
  const opens = (sealed: string): boolean => {
    try {
      vault.open(sealed);
      return true;
    } catch {
      return false;
    }
  };
  const described = (sealed: string, what: string, token: ProfileToken | null): UnopenedStoredSecret => ({
    what,
    why: vault.whyUnopened(sealed),
    kind: vault.kindUnopened(sealed),
    token,
  });
  const sealedOf = (stored: StoredProfile, token: ProfileToken) =>
    token === 'apiToken' ? stored.apiTokenSealed : stored.notificationTokenSealed;

  const tokensOf = (stored: StoredProfile): UnopenedStoredSecret[] =>
    (['apiToken', 'notificationToken'] as const).flatMap((token) => {
      const sealed = sealedOf(stored, token);
      return sealed === null || opens(sealed)
        ? []
        : [described(sealed, `${stored.fields.name}'s ${TOKEN_WORDS[token]}`, token)];
    });

  const formerWhat = 'a former token or webhook header value (replaced or removed)';
  const former = () =>
    readFormer().flatMap((sealed) => (opens(sealed) ? [] : [described(sealed, formerWhat, null)]));

  return {
    tokensOf,
    forgetTokensOf(id) {
      return transaction(() => {
        const stored = profiles.get(id);
        if (stored === undefined) return [];
        const forgotten = tokensOf(stored);
        if (forgotten.length === 0) return [];
        const gone = new Set(forgotten.map((secret) => secret.token));
        // Not retired to the former tokens: one that cannot be opened there would keep every
        // export refused, which is what forgetting it is for.
        profiles.update(id, {
          fields: stored.fields,
          apiTokenSealed: gone.has('apiToken') ? null : stored.apiTokenSealed,
          notificationTokenSealed: gone.has('notificationToken') ? null : stored.notificationTokenSealed,
        });
        return forgotten;
      });
    },
    former,
    forgetFormer() {
      return transaction(() => {
        const all = readFormer();
        const kept = all.filter(opens);
        if (kept.length === all.length) return [];
        const forgotten = all
          .filter((sealed) => !opens(sealed))
          .map((sealed) => described(sealed, formerWhat, null));
        writeFormer(kept);
        return forgotten;
      });
    },
  };
}
