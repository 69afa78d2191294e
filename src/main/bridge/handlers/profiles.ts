import type { ConsoleServices } from '../../console-services';
import { profileNameRecords } from '../../profiles/profile-name-records';
import type { HandlerGroup } from './types';

type ProfileCommand =
  | 'listProfiles'
  | 'createProfile'
  | 'updateProfile'
  | 'duplicateProfile'
  | 'removeProfile'
  | 'activateProfile'
  | 'countProfileNameRecords';

export function profileHandlers({
  profiles,
  eventsQuery,
  listener,
}: Pick<ConsoleServices, 'profiles' | 'eventsQuery' | 'listener'>): HandlerGroup<ProfileCommand> {
  return {
    listProfiles: () => profiles.snapshot(),
    createProfile: ({ fields, apiToken, notificationToken }) =>
      profiles.create(fields, { apiToken, notificationToken }),
    async updateProfile({ id, fields, apiToken, notificationToken, expected }) {
      const saved = profiles.update(
        id,
        fields,
        { apiToken, notificationToken },
        expected === undefined ? {} : { expected },
      );
      // The listener follows the saved profile (a new port, a new token) as the save is
      // announced: answered after it has, so the form that chose the port can say whether the
      // listener started on it (its status, read next), not only that the profile was saved.
      await listener.settled();
      return saved;
    },
    duplicateProfile: ({ id, name }) => profiles.duplicate(id, name),
    removeProfile: ({ id }) => ({ removedId: id, nowActive: profiles.remove(id) }),
    activateProfile: ({ id }) => profiles.activate(id),
    countProfileNameRecords: ({ name, profileId }) => ({
      records: profileNameRecords({ profiles, eventsQuery }, name, profileId),
    }),
  };
}
