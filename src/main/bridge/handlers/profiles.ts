import type { ConsoleServices } from '../../console-services';
import type { HandlerGroup } from './types';

type ProfileCommand =
  | 'listProfiles'
  | 'createProfile'
  | 'updateProfile'
  | 'duplicateProfile'
  | 'removeProfile'
  | 'activateProfile';

export function profileHandlers({
  profiles,
}: Pick<ConsoleServices, 'profiles'>): HandlerGroup<ProfileCommand> {
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
  };
}
