import {
  damagedSaveWords,
  guessedColumnsOfSave,
  type DamagedProfileColumn,
} from '../../shared/damaged-profile-words';
import { OPERATION_NAMES, type ProfilePatch, type SecretEdit } from '../../shared/profile';
import { ConsoleError } from '../console-error';
import type { StoredProfile } from '../store/profiles-repository';

const isToken = (column: DamagedProfileColumn): column is 'apiToken' | 'notificationToken' =>
  column === 'apiToken' || column === 'notificationToken';

/**
 * Which columns a save sets itself: the fields its patch gives (null included: "none" is a
 * choice), the tokens it sets or clears, and the operations only when it gives every one: the
 * others would be written as read, and of a damaged column that is the default shown in place
 * of what could not be read (one edited operation once stored the guesses for the rest).
 */
export function setsColumnOf(
  patch: ProfilePatch,
  secrets: { apiToken: SecretEdit; notificationToken: SecretEdit },
): (column: DamagedProfileColumn) => boolean {
  return (column) => {
    if (isToken(column)) return secrets[column].action !== 'keep';
    if (column === 'operations')
      return OPERATION_NAMES.every((name) => patch.operations?.[name] !== undefined);
    return Object.entries(patch).some(([key, value]) => key === column && value !== undefined);
  };
}

/**
 * A save (an update, a duplicate) that would write the guess a damaged column is read as
 * (stored-profile-row.ts) is refused, each such column named at its field, until the save sets
 * it: the guess is for reading, never for storing (a damaged environment reads as live).
 * `setsColumn` says which columns the save sets itself; a duplicate sets none.
 */
export function refuseGuessedSave(
  stored: StoredProfile,
  setsColumn: (column: DamagedProfileColumn) => boolean,
): void {
  const guessed = guessedColumnsOfSave(stored.damaged, setsColumn);
  if (guessed.length === 0) return;
  const issues = guessed.map((column) => ({
    path: isToken(column) ? column : `fields.${column}`,
    message: damagedSaveWords(
      stored.fields.name,
      column,
      isToken(column)
        ? 'or clear it in this save, so nothing is stored in its place; nothing was saved.'
        : column === 'operations'
          ? 'in this save, every operation: what is shown in place of what cannot be read is a guess, and is not stored; nothing was saved.'
          : 'in this save: what is shown in its place is a guess, and is not stored; nothing was saved.',
    ),
  }));
  throw new ConsoleError('invalid_input', issues.map((issue) => issue.message).join(' '), issues);
}
