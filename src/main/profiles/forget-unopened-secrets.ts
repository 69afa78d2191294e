import { createHash } from 'node:crypto';
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
  /**
   * Six hex digits that tell this secret from one that took its place: a hash of where it is
   * stored (the profile's id and name, which token, when the profile was last changed; a former
   * secret's place in its list) and its kind, never of its bytes, sealed or not.
   */
  id: string;
  /** `Sandbox's API token`, `a former token (replaced or removed)`. */
  what: string;
  why: string;
  kind: UnopenedKind;
  /** Which token of the profile; null for a former secret. */
  token: ProfileToken | null;
}

/**
 * The fingerprint of a set of secrets: their ids, sorted, joined by `-` (`3fa20c-9c01d7`). A
 * preview prints it; `--expect` gives it back, so only the set that was seen is forgotten, and a
 * refusal can name what is new. Short: a console rarely holds more than a few.
 */
export function fingerprintOf(secrets: readonly UnopenedStoredSecret[]): string {
  return [...new Set(secrets.map((secret) => secret.id))].sort().join('-');
}

/** What `--expect` takes: one id or more, as fingerprintOf writes them. */
export const FINGERPRINT_SHAPE = /^[0-9a-f]{6}(-[0-9a-f]{6})*$/;

const idOf = (place: string) => createHash('sha256').update(place).digest('hex').slice(0, 6);

/** Which secrets to forget: a profile's tokens, the former ones, or both. */
export interface ForgetSelection {
  profileId?: number;
  former: boolean;
}

/** What a forgetting did: forgot the set, or refused it because it is not the one expected. */
export type ForgetOutcome =
  | { forgotten: UnopenedStoredSecret[]; fingerprint: string }
  | {
      refused: {
        /** The fingerprint of the set found now. */
        fingerprint: string;
        /** In the set now, not in the one expected. */
        added: UnopenedStoredSecret[];
        /** How many of the ones expected are no longer in it (opened or forgotten since). */
        gone: number;
      };
    };

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
  /** The former secrets (tokens and registered webhook header values) that do not open here. */
  former(): UnopenedStoredSecret[];
  /**
   * Forgets the selection's secrets that do not open here (only those: an openable former
   * secret stays, so its echoes stay masked), in one transaction. With `expected` (a
   * fingerprint a preview printed), only when the set found in that transaction is that one:
   * otherwise nothing is forgotten and the outcome says what is new.
   */
  forget(selection: ForgetSelection, expected?: string): ForgetOutcome;
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
  const described = (
    sealed: string,
    place: string,
    what: string,
    token: ProfileToken | null,
  ): UnopenedStoredSecret => {
    const kind = vault.kindUnopened(sealed);
    return { id: idOf(`${place}\n${kind}`), what, why: vault.whyUnopened(sealed), kind, token };
  };
  const sealedOf = (stored: StoredProfile, token: ProfileToken) =>
    token === 'apiToken' ? stored.apiTokenSealed : stored.notificationTokenSealed;

  // A token set again changes the profile's updatedAt: the new one gets another id.
  const tokensOf = (stored: StoredProfile): UnopenedStoredSecret[] =>
    (['apiToken', 'notificationToken'] as const).flatMap((token) => {
      const sealed = sealedOf(stored, token);
      return sealed === null || opens(sealed)
        ? []
        : [
            described(
              sealed,
              `profile\n${stored.id}\n${stored.fields.name}\n${token}\n${stored.updatedAt}`,
              `${stored.fields.name}'s ${TOKEN_WORDS[token]}`,
              token,
            ),
          ];
    });

  const formerWhat = 'a former token or webhook header value (replaced or removed)';
  // A former secret's place is its index in the list, which grows at its end: one retired
  // since the preview gets an index no id had. A place is reused only once the list has
  // shrunk (another forgetting of former secrets, or the oldest dropped at its cap of 200),
  // so a secret retired after that into a place a forgotten one had is not told apart.
  const formerOf = (all: readonly string[]) =>
    all.flatMap((sealed, index) =>
      opens(sealed) ? [] : [{ sealed, secret: described(sealed, `former\n${index}`, formerWhat, null) }],
    );
  const former = () => formerOf(readFormer()).map(({ secret }) => secret);

  const forgetTokensOf = (id: number): UnopenedStoredSecret[] => {
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
  };
  const forgetFormer = (): UnopenedStoredSecret[] => {
    const all = readFormer();
    const unopened = formerOf(all);
    if (unopened.length === 0) return [];
    const leaving = new Set(unopened.map(({ sealed }) => sealed));
    writeFormer(all.filter((sealed) => !leaving.has(sealed)));
    return unopened.map(({ secret }) => secret);
  };

  return {
    tokensOf,
    former,
    forget({ profileId, former: withFormer }, expected) {
      return transaction((): ForgetOutcome => {
        // Found again here, where nothing can change them before they are forgotten.
        const stored = profileId === undefined ? undefined : profiles.get(profileId);
        const found = [...(stored === undefined ? [] : tokensOf(stored)), ...(withFormer ? former() : [])];
        const fingerprint = fingerprintOf(found);
        if (expected !== undefined && expected !== fingerprint) {
          const seen = new Set(expected.split('-'));
          const now = new Set(found.map((secret) => secret.id));
          return {
            refused: {
              fingerprint,
              added: found.filter((secret) => !seen.has(secret.id)),
              gone: [...seen].filter((id) => !now.has(id)).length,
            },
          };
        }
        const forgotten = [
          ...(profileId === undefined ? [] : forgetTokensOf(profileId)),
          ...(withFormer ? forgetFormer() : []),
        ];
        return { forgotten, fingerprint };
      });
    },
  };
}
