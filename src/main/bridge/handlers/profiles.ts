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
}: Pick<ConsoleServices, 'profiles' | 'eventsQuery'>): HandlerGroup<ProfileCommand> {
  return {
    listProfiles: () => profiles.snapshot(),
    createProfile: ({ fields, apiToken, notificationToken }) =>
      profiles.create(fields, { apiToken, notificationToken }),
    updateProfile: ({ id, fields, apiToken, notificationToken, expected }) =>
      profiles.update(
        id,
        fields,
        { apiToken, notificationToken },
        expected === undefined ? {} : { expected },
      ),
    duplicateProfile: ({ id, name }) => profiles.duplicate(id, name),
    removeProfile: ({ id }) => ({ removedId: id, nowActive: profiles.remove(id) }),
    activateProfile: ({ id }) => profiles.activate(id),
    countProfileNameRecords: ({ name, profileId }) => ({
      records: profileNameRecords({ profiles, eventsQuery }, name, profileId),
    }),
  };
}
