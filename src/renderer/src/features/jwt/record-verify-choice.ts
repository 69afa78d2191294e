import type { EventTokens } from '@shared/contract/jwt';

/**
 * The picker's value (secret-source-picker.tsx's SecretChoice: `active`, `profile:<id>`,
 * `secret`), not imported from there so that this file stays free of JSX for the unit tests.
 */
type SecretChoice = string;

/** What the user last chose under "Verify against", and in which record's view (null: none). */
export interface PickedChoice {
  choice: SecretChoice;
  pickedIn: number | null;
}

/** The choice the verdict now uses, and whether it is the user's own over a record's. */
export interface VerifyChoice {
  choice: SecretChoice;
  /** A choice made in this record's view that is not what the record was judged against. */
  ownOverRecord: boolean;
}

/** The picker's value for the profile a record was judged against. */
export const recordChoice = (against: NonNullable<EventTokens['judgedAgainst']>): SecretChoice =>
  `profile:${against.profileId}`;

/**
 * The key a choice verifies with: `active` is the active profile's own (one key, two names), so
 * the two compare equal; with no profile active it stays `active`.
 */
export const choiceKey = (choice: SecretChoice, activeProfileId: number | null): SecretChoice =>
  choice === 'active' && activeProfileId !== null ? `profile:${activeProfileId}` : choice;

/** What the picker needs of a profile: its name and whether it has a key at all. */
interface PickerProfile {
  id: number;
  name: string;
  notificationToken: { isSet: boolean };
}

/**
 * The entries of a "Verify against" or "Sign with" menu: each profile's key once, the active
 * one marked "(active)" (an "Active profile — Local" entry beside "Profile Local" offered one
 * key twice, and choosing the other name of the record's key was called the user's own). With
 * no profile active, "Active profile" stands for whichever becomes active.
 */
export function secretSourceOptions(
  profiles: readonly PickerProfile[],
  activeProfileId: number | null,
): { value: SecretChoice; label: string }[] {
  const note = (profile: PickerProfile) =>
    `${profile.id === activeProfileId ? ' (active)' : ''}${profile.notificationToken.isSet ? '' : ' (no notification token)'}`;
  const hasActive = profiles.some((profile) => profile.id === activeProfileId);
  return [
    ...(hasActive ? [] : [{ value: 'active', label: 'Active profile' }]),
    ...profiles.map((profile) => ({
      value: `profile:${profile.id}`,
      label: `Profile ${profile.name}${note(profile)}`,
    })),
    { value: 'secret', label: 'A secret pasted for this check only' },
  ];
}

/**
 * A record's view verifies against what the listener judged the record against (the profile the
 * webhook arrived under): a pasted secret or another profile chosen before, for another token,
 * was carried into it, and the verdict on top then disagreed with the record's own on one
 * screen. Another choice counts only when made in this record's view, and is marked as such.
 */
export function verifyChoiceFor(
  picked: PickedChoice,
  record: Pick<EventTokens, 'id' | 'judgedAgainst'> | null,
  activeProfileId: number | null = null,
): VerifyChoice {
  if (record?.judgedAgainst == null) return { choice: picked.choice, ownOverRecord: false };
  const judged = recordChoice(record.judgedAgainst);
  if (picked.pickedIn !== record.id) return { choice: judged, ownOverRecord: false };
  // Marked only for another key, not for another name of the record's (the active profile's).
  return { choice: picked.choice, ownOverRecord: choiceKey(picked.choice, activeProfileId) !== judged };
}
