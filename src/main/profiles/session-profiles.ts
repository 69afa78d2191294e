import type { ProfileFields, ProfileView } from '../../shared/profile';
import { ConsoleError } from '../console-error';
import type { StoredProfile } from '../store/profiles-repository';
import type { ProfileService } from './profile-service';

/**
 * A process that runs on its own (`checkout-console test`): it acts for one profile without
 * storing that choice, and a local profile's listener and emulator take free ports, the base
 * URL following the emulator. Held in memory only: the stored profiles stay as they are, so a
 * test run never moves the desktop app's active profile or ports.
 */
export interface ConsoleSession {
  /** The profile to act for: its name, or the active one when left out. */
  profileName?: string;
}

export interface SessionProfiles {
  profiles: ProfileService;
  sessionProfileId: number;
  isLocal: boolean;
}

export function sessionProfiles(
  stored: ProfileService,
  session: ConsoleSession,
  emulatorUrl: () => string | null,
): SessionProfiles {
  const chosen = session.profileName === undefined ? stored.active() : stored.findByName(session.profileName);
  if (chosen === undefined)
    throw new ConsoleError(
      'invalid_input',
      `--profile: there is no profile named "${session.profileName ?? ''}"`,
      [{ path: 'profile', message: 'no such profile' }],
    );
  const id = chosen.id;
  const isLocal = chosen.fields.environment === 'local';

  const overlay = (): Partial<ProfileFields> =>
    isLocal
      ? // The loopback listener of this run, never a tunnel set for the app.
        { listenerPort: 0, publicListenerUrl: null, baseUrl: emulatorUrl() ?? 'http://127.0.0.1:0' }
      : {};
  const overlaid = (profile: StoredProfile): StoredProfile =>
    profile.id === id ? { ...profile, fields: { ...profile.fields, ...overlay() } } : profile;
  const overlaidView = (view: ProfileView): ProfileView =>
    view.id === id ? { ...view, ...overlay(), isActive: true } : { ...view, isActive: false };

  const profiles: ProfileService = {
    ...stored,
    get: (profileId) => overlaid(stored.get(profileId)),
    findByName: (name) => {
      const found = stored.findByName(name);
      return found === undefined ? undefined : overlaid(found);
    },
    active: () => overlaid(stored.get(id)),
    view: (profileId) => overlaidView(stored.view(profileId)),
    snapshot: () => {
      const snapshot = stored.snapshot();
      return { profiles: snapshot.profiles.map(overlaidView), activeProfileId: id };
    },
    activate: () => {
      throw new ConsoleError('conflict', 'This run acts for one profile; it does not switch profiles.');
    },
  };
  return { profiles, sessionProfileId: id, isLocal };
}
