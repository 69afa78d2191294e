import { create } from 'zustand';
import type { CommandInput, ProfilesSnapshot } from '@shared/contract';
import { successorProfile, type ProfileView } from '@shared/profile';
import { bridge } from '@bridge';

interface ProfilesState extends ProfilesSnapshot {
  loaded: boolean;
  load: () => Promise<void>;
  create: (input: CommandInput<'createProfile'>) => Promise<ProfileView>;
  update: (input: CommandInput<'updateProfile'>) => Promise<ProfileView>;
  duplicate: (id: number) => Promise<ProfileView>;
  /** Resolves to the profile made active because the removed one was, or null. */
  remove: (id: number) => Promise<ProfileView | null>;
  activate: (id: number) => Promise<void>;
  /**
   * How many records already carry `name`, which the Profile filter would list as the profile's
   * (main's rule: `profileId`'s own name kept is none).
   */
  countNameRecords: (name: string, profileId: number | null) => Promise<number>;
}

/** Profiles as main reports them. Every change arrives back as a `profiles.changed` push. */
export const useProfilesStore = create<ProfilesState>((set) => ({
  profiles: [],
  activeProfileId: null,
  loaded: false,
  async load() {
    set({ ...(await bridge.listProfiles({})), loaded: true });
  },
  create: (input) => bridge.createProfile(input),
  update: (input) => bridge.updateProfile(input),
  duplicate: (id) => bridge.duplicateProfile({ id }),
  async remove(id) {
    return (await bridge.removeProfile({ id })).nowActive;
  },
  async activate(id) {
    await bridge.activateProfile({ id });
  },
  async countNameRecords(name, profileId) {
    const input = profileId === null ? { name } : { name, profileId };
    return (await bridge.countProfileNameRecords(input)).records;
  },
}));

bridge.subscribe((event) => {
  if (event.name === 'profiles.changed') useProfilesStore.setState({ ...event.payload, loaded: true });
});

export function selectActiveProfile(state: ProfilesSnapshot): ProfileView | null {
  return (
    state.profiles.find((profile) => profile.id === state.activeProfileId) ??
    successorProfile(state.profiles, null)
  );
}
