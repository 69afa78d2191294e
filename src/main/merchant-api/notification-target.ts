import type { ListenerStatus } from '../../shared/listener';
import type { StoredProfile } from '../store/profiles-repository';

/**
 * Where the service can reach our listener for this profile. A public URL (a tunnel) wins; the
 * local emulator runs on this machine, so it can also use the loopback listener directly; a
 * remote service cannot, so without a public URL nothing is filled in.
 */
export function notificationUrlFor(profile: StoredProfile, status: ListenerStatus): string | null {
  if (profile.fields.publicListenerUrl !== null) return profile.fields.publicListenerUrl;
  const ownListener = status.running && status.profileId === profile.id ? status.url : null;
  return profile.fields.environment === 'local' ? ownListener : null;
}
