import type { ProfileFields, ProfilePatch } from '../../shared/profile';
import type { StoredProfile } from '../store/profiles-repository';
import type { ProfileSecretEdits } from './profile-service-interface';
import { stampOf } from './secret-stamp';

// What a save asks, as the checks before its write read it: refuseChangedElsewhere compares it
// with what is stored, parseInput judges the fields it makes.

const TOKENS = ['apiToken', 'notificationToken'] as const;

/** Each token's stamp as stored (null: not set): what a form's `expected` names of it. */
export const tokenStamps = (stored: StoredProfile): Record<(typeof TOKENS)[number], string | null> => ({
  apiToken: stored.apiTokenSealed === null ? null : stampOf(stored.apiTokenSealed),
  notificationToken: stored.notificationTokenSealed === null ? null : stampOf(stored.notificationTokenSealed),
});

/**
 * What a save asks of each token it edits, as refuseChangedElsewhere compares it with the
 * stamps: cleared is null (already so when cleared elsewhere too), a new value matches no stamp.
 */
export const tokensAsked = (secrets: ProfileSecretEdits): Record<string, unknown> =>
  Object.fromEntries(
    TOKENS.flatMap((name) => {
      const { action } = secrets[name];
      return action === 'keep' ? [] : [[name, action === 'clear' ? null : { newValue: true }]];
    }),
  );

/** A patch with the operations it gives laid over those stored: the others stay as they are. */
export const withStoredOperations = (
  patch: ProfilePatch,
  stored: ProfileFields,
): Omit<ProfilePatch, 'operations'> & { operations?: ProfileFields['operations'] } => {
  const { operations, ...rest } = patch;
  return operations === undefined ? rest : { ...rest, operations: { ...stored.operations, ...operations } };
};
