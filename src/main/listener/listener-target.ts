import { ConsoleError } from '../console-error';
import type { HmacKeyCache } from '../jwt/hmac-key-cache';
import type { ProfileService } from '../profiles/profile-service';
import type { VerificationKey } from './judge-webhook';
import type { ListenerOverrides } from './listener-dependencies';

/** What the listener runs for: the profile it follows, its port, and the secret it verifies with. */
export interface Target {
  profileId: number;
  profileName: string;
  port: number;
  publicUrl: string | null;
  secret: string | null;
  /** How verdicts name the secret (`the notification token of profile "Local"`). */
  secretLabel: string;
  /** Why the profile's notification token is not used though it is set: it cannot be opened here. */
  secretUnopened: string | null;
  /**
   * Why it does not start: the profile's stored listener port cannot be read (stored-profile-row.ts)
   * and no port was given, so its port would be a guess, and webhooks sent to the real one lost.
   */
  portDamaged: string | null;
}

/**
 * Which profile the listener follows, and so its target: the overridden one (`listen --profile`),
 * else the first profile a run under way holds it for, else the active one.
 */
export function createListenerTargets(profiles: ProfileService, overrides: ListenerOverrides) {
  // The profiles runs under way hold the listener for, oldest first: the first one rules.
  const holds: number[] = [];
  const heldProfile = () => {
    const held = holds[0];
    if (held === undefined) return profiles.active();
    try {
      return profiles.get(held);
    } catch (gone) {
      // Deleted while its run went on: nothing is left to hold.
      if (!(gone instanceof ConsoleError)) throw gone;
      return profiles.active();
    }
  };

  const read = (): Target => {
    const profile = overrides.profileId === undefined ? heldProfile() : profiles.get(overrides.profileId);
    // A token that cannot be opened here leaves the webhooks unverified, never unstored: the
    // listener still runs and keeps every request, its verdict saying why it was not checked.
    let secret: string | null = overrides.secret?.value ?? null;
    let secretUnopened: string | null = null;
    if (overrides.secret === undefined) {
      try {
        secret = profiles.tokenOf(profile.id, 'notificationToken');
      } catch (unopened) {
        if (!(unopened instanceof ConsoleError)) throw unopened;
        secretUnopened = unopened.message;
      }
    }
    return {
      profileId: profile.id,
      profileName: profile.fields.name,
      port: overrides.port ?? profile.fields.listenerPort,
      publicUrl: profile.fields.publicListenerUrl,
      secret: secret === '' ? null : secret,
      secretLabel: overrides.secret?.label ?? `the notification token of profile "${profile.fields.name}"`,
      secretUnopened,
      portDamaged:
        overrides.port === undefined
          ? (profile.damaged.find((field) => field.column === 'listenerPort')?.message ?? null)
          : null,
    };
  };

  return {
    read,
    /**
     * Holds the listener for `profileId` until the returned release (once, whatever calls it
     * again); read() follows it meanwhile, and `changed` is called as it is held and released.
     */
    hold(profileId: number, changed: () => void): () => void {
      holds.push(profileId);
      changed();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds.splice(holds.indexOf(profileId), 1);
        changed();
      };
    },
  };
}

/** The key a target's webhooks are verified with, or why there is none. */
export function verificationOf(next: Target, keys: HmacKeyCache): Promise<VerificationKey> {
  const label = next.secretLabel;
  const verification =
    next.secret === null
      ? Promise.resolve({
          key: null,
          label: next.secretUnopened ?? `profile "${next.profileName}" has none`,
        })
      : keys.get(next.secret).then((key) => ({ key, label }));
  verification.catch(() => undefined);
  return verification;
}
