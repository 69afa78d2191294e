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
 * A record's view verifies against what the listener judged the record against (the profile the
 * webhook arrived under): a pasted secret or another profile chosen before, for another token,
 * was carried into it, and the verdict on top then disagreed with the record's own on one
 * screen. Another choice counts only when made in this record's view, and is marked as such.
 */
export function verifyChoiceFor(
  picked: PickedChoice,
  record: Pick<EventTokens, 'id' | 'judgedAgainst'> | null,
): VerifyChoice {
  if (record?.judgedAgainst == null) return { choice: picked.choice, ownOverRecord: false };
  const judged = recordChoice(record.judgedAgainst);
  if (picked.pickedIn !== record.id) return { choice: judged, ownOverRecord: false };
  return { choice: picked.choice, ownOverRecord: picked.choice !== judged };
}
