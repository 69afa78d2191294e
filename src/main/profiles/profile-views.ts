import type { DamagedProfileColumn } from '../../shared/damaged-profile-words';
import { liveAddressReachedBy } from '../../shared/live-address';
import { MASK_PREFIX, type ProfileView } from '../../shared/profile';
import type { ProfilesRepository, StoredProfile } from '../store/profiles-repository';
import { maskedWithStamp, stampOf } from './secret-stamp';
import type { Vault } from './vault';

/** A stored profile as every reader sees it: its tokens masked, its damaged columns as known. */
export function createProfileViews({ profiles, vault }: { profiles: ProfilesRepository; vault: Vault }) {
  // One this process cannot open is still set: shown as set, with nothing of it, so a list of
  // profiles (and every command that reads one) still answers; its secretsOf says why.
  const shownToken = (sealed: string | null) => {
    if (sealed === null) return maskedWithStamp(null, null);
    try {
      return maskedWithStamp(vault.open(sealed), sealed);
    } catch {
      return { isSet: true, masked: MASK_PREFIX, stamp: stampOf(sealed) };
    }
  };

  // A damaged column is shown as what is known of it, never as the guess read in its place: a
  // token that is no sealed secret has no characters to mask (`••••` read as a token), a port
  // that is no number is unknown (the listener does not start on the guess).
  const isDamaged = (stored: StoredProfile, column: DamagedProfileColumn): boolean =>
    stored.damaged.some((field) => field.column === column);
  const viewedToken = (stored: StoredProfile, column: 'apiToken' | 'notificationToken') => {
    const shown = shownToken(stored[`${column}Sealed`]);
    return isDamaged(stored, column) ? { ...shown, masked: null } : shown;
  };

  const toView = (
    stored: StoredProfile,
    active: number | null,
    all: readonly StoredProfile[] = profiles.list(),
  ): ProfileView => ({
    ...stored.fields,
    listenerPort: isDamaged(stored, 'listenerPort') ? null : stored.fields.listenerPort,
    id: stored.id,
    apiToken: viewedToken(stored, 'apiToken'),
    notificationToken: viewedToken(stored, 'notificationToken'),
    isActive: stored.id === active,
    liveAddress: liveAddressReachedBy(
      stored.fields.baseUrl,
      all.map((profile) => profile.fields),
    ),
    createdAt: stored.createdAt,
    updatedAt: stored.updatedAt,
    damaged: stored.damaged,
  });

  return { toView };
}
