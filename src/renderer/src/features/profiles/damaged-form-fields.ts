import {
  damagedSaveWords,
  guessedColumnsOfSave,
  type DamagedProfileColumn,
} from '@shared/damaged-profile-words';
import type { ProfileFields, SecretEdit } from '@shared/profile';
import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';

type Damaged = { name: string; damaged: readonly { column: DamagedProfileColumn }[] };
type FieldName = keyof ProfileFields;

const isField = (column: string, fields: ProfileFields): column is FieldName => column in fields;

/**
 * The damaged columns (stored-profile-row.ts) the Profiles form has not set yet, each with the
 * words its field shows: the form holds a guess in their place (a damaged environment reads as
 * live), which a save must never store unchosen. Main refuses such a save in the same words
 * (refuse-guessed-save.ts); the form says it before sending. A token counts as set when it is
 * set or cleared.
 */
export function damagedFieldsToSet(
  profile: Damaged,
  setHere: ReadonlySet<string>,
  secrets: { apiToken: SecretEdit; notificationToken: SecretEdit },
): { column: DamagedProfileColumn; message: string }[] {
  return guessedColumnsOfSave(profile.damaged, (column) =>
    column === 'apiToken' || column === 'notificationToken'
      ? secrets[column].action !== 'keep'
      : setHere.has(column),
  ).map((column) => ({
    column,
    message: damagedSaveWords(
      profile.name,
      column,
      column === 'apiToken' || column === 'notificationToken'
        ? 'or clear it here: what it is kept as is not a token, and is not saved.'
        : 'here: what it is read as is a guess, and is not saved.',
    ),
  }));
}

/**
 * The form's patch (the fields that differ from those read) with each damaged field set here,
 * even to the value it was read as: choosing Live for an environment read as live is a choice,
 * and main saves only a damaged column the save sets.
 */
export function withDamagedFieldsSet(
  patch: Partial<ProfileFields>,
  fields: ProfileFields,
  profile: Damaged,
  setHere: ReadonlySet<string>,
): Partial<ProfileFields> {
  const set = profile.damaged
    .map(({ column }) => column)
    .filter((column): column is FieldName => isField(column, fields) && setHere.has(column));
  return { ...patch, ...Object.fromEntries(set.map((column) => [column, fields[column]])) };
}

/**
 * The Profiles form's damaged columns: those set in it (a change to the field, by the person or
 * by Environment's switch of the base URL), those still to set, and the words that flag each.
 */
export function useDamagedFields(
  form: UseFormReturn<ProfileFields>,
  profile: Damaged | null,
  secrets: { apiToken: SecretEdit; notificationToken: SecretEdit },
) {
  const [setHere, setSetHere] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      const field = name?.split('.')[0];
      if (field !== undefined && profile?.damaged.some((damaged) => damaged.column === field))
        setSetHere((current) => (current.has(field) ? current : new Set([...current, field])));
    });
    return () => subscription.unsubscribe();
  }, [form, profile]);
  const toSet = profile === null ? [] : damagedFieldsToSet(profile, setHere, secrets);
  const flag = (column: DamagedProfileColumn): string | null =>
    toSet.find((field) => field.column === column)?.message ?? null;
  return { setHere, toSet, flag };
}
