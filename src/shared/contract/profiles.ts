import { z } from 'zod';
import {
  profileExpectedSchema,
  profileFieldsSchema,
  profileNameSchema,
  profilePatchSchema,
  profileViewSchema,
  secretEditSchema,
} from '../profile';
import { defineCommand, noInput } from './define';

const profileId = z.number().int().positive();
const keep = { action: 'keep' } as const;
/** Far more than a name may hold (PROFILE_NAME_MAX_LENGTH): a bound on what is read, not a rule. */
const NAME_AS_TYPED_MAX = 4096;

export const profileSecretsSchema = z.object({
  apiToken: secretEditSchema.default(keep),
  notificationToken: secretEditSchema.default(keep),
});

export const profilesSnapshotSchema = z.object({
  profiles: z.array(profileViewSchema),
  activeProfileId: z.number().int().nullable(),
});
export type ProfilesSnapshot = z.infer<typeof profilesSnapshotSchema>;

export const profileCommands = {
  listProfiles: defineCommand(noInput, profilesSnapshotSchema),
  createProfile: defineCommand(
    z.object({ fields: profileFieldsSchema }).extend(profileSecretsSchema.shape),
    profileViewSchema,
  ),
  updateProfile: defineCommand(
    z
      .object({
        id: profileId,
        /** Only the fields (and operations) to change: the others stay as stored. */
        fields: profilePatchSchema,
        /**
         * Those fields as the form read them, and the stamps of the tokens it sets or clears:
         * the save is refused (a conflict) where one was changed since (another window,
         * `profiles set` in a terminal), instead of putting back what that change set, unless
         * this is left out.
         */
        expected: profileExpectedSchema.optional(),
      })
      .extend(profileSecretsSchema.shape),
    profileViewSchema,
  ),
  duplicateProfile: defineCommand(
    z.object({ id: profileId, name: profileNameSchema.optional() }),
    profileViewSchema,
  ),
  removeProfile: defineCommand(
    z.object({ id: profileId }),
    // `nowActive`: the profile made active because the removed one was, or null.
    z.object({ removedId: profileId, nowActive: profileViewSchema.nullable() }),
  ),
  activateProfile: defineCommand(z.object({ id: profileId }), profileViewSchema),
  /**
   * How many records already carry a name a profile is being given, matched as the Profile
   * filter matches them (profile-name-records.ts): said, never refused, where the name is chosen.
   * `profileId`: the profile being renamed, whose own name kept is none. The name as typed,
   * trimmed as a save trims it, and only bounded: the form and the save judge it, in their own
   * words (asked before a save, a refusal here would say a too-long name worse than the save).
   */
  countProfileNameRecords: defineCommand(
    z.object({ name: z.string().max(NAME_AS_TYPED_MAX).trim(), profileId: profileId.optional() }),
    z.object({ records: z.number().int().nonnegative() }),
  ),
};

export const profilePushEvents = {
  'profiles.changed': profilesSnapshotSchema,
};
