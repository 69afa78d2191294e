import { ConsoleError } from '../console-error';
import { pickLocalProfile } from '../../shared/local-profile';
import type { ProfileService } from '../profiles/profile-service';
import type { StoredProfile } from '../store/profiles-repository';
import type { EmulatorTokens } from './emulator-service-types';

/** The profile the embedded emulator stands in for: the one named Local, else the first local one. */
export function localProfileOf(profiles: ProfileService): StoredProfile | null {
  const local = pickLocalProfile(profiles.snapshot().profiles);
  return local === undefined ? null : profiles.get(local.id);
}

/** The tokens the emulator accepts and signs with now (null: none, every call is refused). */
export interface EmulatorSecrets {
  apiToken: string | null;
  notificationToken: string | null;
}

export interface LocalProfileTokens {
  /** Both kinds given: it stands in for no profile (its status names none, its tokens' lifetime is the default one). */
  readonly standalone: boolean;
  /** The profile it stands in for (null: none, or standalone). */
  profile(): StoredProfile | null;
  secrets(): EmulatorSecrets;
  /** Why the Local profile's tokens cannot be opened here (a lost vault.key), or null. */
  unopened(): string | null;
  /** A profile changed: read them again on the next ask. */
  forget(): void;
}

/**
 * The Local profile and its tokens, read once and again only after a profile changes: decrypting
 * them on every request would cost more than the request itself. A token that cannot be opened
 * here keeps the emulator from starting, said in its status; the console around it still starts,
 * so its history can be read. Each kind given its own (`tokens`) wins over the profile's, and the
 * profile's over the fallback `emulator` in a terminal prints.
 */
export function createLocalProfileTokens(
  profiles: ProfileService,
  given: Partial<EmulatorTokens>,
  fallback: EmulatorTokens | undefined,
): LocalProfileTokens {
  let cached: { profile: StoredProfile | null; secrets: EmulatorSecrets; unopened: string | null } | null =
    null;
  const standalone = given.apiToken !== undefined && given.notificationToken !== undefined;
  const current = () => {
    if (cached !== null) return cached;
    const profile = localProfileOf(profiles);
    let own: EmulatorSecrets = { apiToken: null, notificationToken: null };
    let unopened: string | null = null;
    if (!standalone && profile !== null) {
      try {
        own = profiles.secretsOf(profile.id);
      } catch (failure) {
        if (!(failure instanceof ConsoleError)) throw failure;
        unopened = failure.message;
      }
    }
    const secrets = {
      apiToken: given.apiToken ?? own.apiToken ?? fallback?.apiToken ?? null,
      notificationToken:
        given.notificationToken ?? own.notificationToken ?? fallback?.notificationToken ?? null,
    };
    cached = { profile, secrets, unopened };
    return cached;
  };
  return {
    standalone,
    profile: () => current().profile,
    secrets: () => current().secrets,
    unopened: () => current().unopened,
    forget: () => {
      cached = null;
    },
  };
}
